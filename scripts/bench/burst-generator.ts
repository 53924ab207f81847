/**
 * The `burst` load: a class arriving at once. One teacher starts a session of six
 * groups and keeps the live view open (its realtime channel, and the results it re-reads on
 * events); then N pupils all start joining at the same moment, as the whole join page does
 * it (code lookup, then the join that signs the device in); then every pupil answers its
 * current question 0.2–1.0 s after the round starts, for a few rounds.
 *
 *   node --import tsx scripts/bench/burst-generator.ts '{"url":"http://127.0.0.1:3000","students":500,"sameAddress":false}'
 *
 * By default each pupil's browser has loaded the join page first (untimed), so its join starts
 * on an open keep-alive connection, as a pupil's does; with `cold`, the connection is opened
 * inside the timed join (a page loaded long ago whose connection the server has closed).
 *
 * Each pupil speaks from its own loopback address (127.x.y.z), or, with sameAddress, all of
 * them from one (a school behind one address). Prints one JSON line with its measurements.
 * With `floor`, it only joins, against http-floor-server.ts: the same requests from the same
 * client code, answered by a bare server (no teacher, no answers).
 */
import { benchGame, kindOf, networkKind, openEvents, type Reply, rawRequest, throttled } from "./device-http.ts";
import { RawHttpConnection } from "./raw-http-client.ts";
import { summarise } from "./stats.ts";

type Options = {
  url: string;
  students: number;
  sameAddress?: boolean;
  rounds?: number;
  roundMs?: number;
  addressSeed?: number;
  floor?: boolean;
  /** Time the connection too: each pupil's join starts on a new connection (no page loaded first). */
  cold?: boolean;
  /**
   * Children per device (decision 048): a class on tablets. Each tablet looks the code up once and
   * its children join one after another (each join timed, the first with the lookup), then answer
   * in turn each round, a hand-over (0.1–0.3 s) between them. 1 (the default): a device per pupil.
   */
  tabletSize?: number;
};
const options = JSON.parse(process.argv[2] ?? "{}") as Options;
const base = new URL(options.url);
const rounds = options.floor ? 0 : (options.rounds ?? 2);
const roundMs = options.roundMs ?? 3000;
const QUESTIONS = 5;
const tabletSize = Math.max(1, options.tabletSize ?? 1);

let machine = 0;
const seed = options.addressSeed ?? 1;
const sharedAddress = `127.${seed % 250}.250.1`;
function nextAddress() {
  if (options.sameAddress) return sharedAddress;
  machine++;
  return `127.${seed % 250}.${Math.floor(machine / 250) % 250}.${(machine % 250) + 2}`;
}

const errors: Record<string, number> = {};
const countError = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);

class Device {
  readonly cookies = new Map<string, string>();
  readonly address = nextAddress();
  private readonly connection = new RawHttpConnection(base.hostname, Number(base.port), this.address);
  async request(method: string, path: string, body?: unknown): Promise<Reply> {
    const accept = method === "GET" ? "text/html" : "application/json";
    const reply = await rawRequest(this.connection, base, this.cookies, method, path, accept, body);
    let parsed: any = reply.body;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      // not JSON (the join page, an error page from a proxy): kept as text
    }
    return { status: reply.status, body: parsed };
  }
  listen(path: string, onEvent: (event: any, at: number) => void): Promise<() => void> {
    return openEvents(base, path, this.cookies, this.address, onEvent).then(
      ({ req }) =>
        () =>
          req.destroy(),
    );
  }
}

const joinLatencies: number[] = [];
const answerLatencies: number[] = [];
const liveLatencies: number[] = [];
const resultsLatencies: number[] = [];
/** progressId → send times of answers not yet seen on the teacher's channel. */
const awaitingLive = new Map<string, number[]>();

const game = benchGame("Burst game", QUESTIONS);

/** The teacher's live view: its channel, and the results it re-reads at most every 500 ms while events come. */
async function teacher() {
  const device = new Device();
  const email = `burst-${process.pid}-${Date.now()}@bench.invalid`;
  const signup = await device.request("POST", "/api/auth/signup", {
    displayName: "Burst",
    email,
    password: "bench-password",
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const created = await device.request("POST", "/api/games", game);
  if (created.status !== 201) throw new Error(`game ${created.status}`);
  const session = await device.request("POST", "/api/sessions", { gameId: created.body.id, groupCount: 6 });
  if (session.status !== 201) throw new Error(`session ${session.status} ${JSON.stringify(session.body)}`);
  const detail = await device.request("GET", `/api/sessions/${session.body.id}`);
  const refetch = throttled(() => {
    const started = performance.now();
    device.request("GET", `/api/sessions/${session.body.id}/results`).then(
      (r) => (r.status === 200 ? resultsLatencies.push(performance.now() - started) : countError(kindOf("results", r))),
      (e: unknown) => countError(networkKind("results", e)),
    );
  }, 500);
  const stop = await device.listen(`/api/sessions/${session.body.id}/events`, (event, at) => {
    if (event.type === "progress") {
      const sentAt = awaitingLive.get(event.progressId)?.shift();
      if (sentAt !== undefined) liveLatencies.push(at - sentAt);
    }
    refetch();
  });
  return { codes: detail.body.session.groups.map((g: { joinCode: string }) => g.joinCode) as string[], stop };
}

type Pupil = { device: Device; progressId: string; question: number };

/**
 * The join page's two requests, timed together: what the pupil waits for between typing the code and
 * playing. On a tablet the children after the first join on its lookup, one after another, each timed alone.
 */
async function join(index: number, device: Device, code: string): Promise<Pupil[]> {
  let t0 = performance.now();
  const pupils: Pupil[] = [];
  try {
    const lookup = await device.request("POST", "/api/join/lookup", { code });
    if (lookup.status !== 200) {
      countError(kindOf("lookup", lookup));
      return pupils;
    }
    for (let child = 0; child < tabletSize; child++) {
      const joined = await device.request("POST", "/api/join", {
        code,
        groupId: lookup.body.groupId,
        name: `Pupil ${index * tabletSize + child + 1}`,
      });
      if (joined.status !== 201) {
        countError(kindOf("join", joined));
        return pupils;
      }
      joinLatencies.push(performance.now() - t0);
      awaitingLive.set(joined.body.progressId, []);
      pupils.push({ device, progressId: joined.body.progressId, question: 0 });
      t0 = performance.now();
    }
  } catch (e) {
    countError(networkKind("join", e));
  }
  return pupils;
}

/** A tablet's children answer in turn, a hand-over between them; a device of one child answers once. */
async function answerInTurn(children: Pupil[], index: number, round: number) {
  await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
  for (const [seat, child] of children.entries()) {
    if (seat > 0) await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    await answer(child, index * tabletSize + seat, round);
  }
}

async function answer(pupil: Pupil, index: number, round: number) {
  const sentAt = performance.now();
  awaitingLive.get(pupil.progressId)!.push(sentAt);
  try {
    const q = pupil.question;
    const res = await pupil.device.request("POST", `/api/play/${pupil.progressId}/answers`, {
      questionIndex: q,
      selectedOption: q % 4,
      attemptId: `burst${process.pid}x${index}x${round}`,
    });
    if (res.status !== 200) return countError(kindOf("answer", res));
    answerLatencies.push(performance.now() - sentAt);
    if (res.body.isCorrect) pupil.question++;
  } catch (e) {
    countError(networkKind("answer", e));
  }
}

/**
 * Each pupil's browser has loaded the join page before the class is told the code: its
 * connection is open (keep-alive) when the timer starts. Untimed; 100 at a time, as a class's
 * tablets would not all load the page in the same millisecond.
 */
async function loadJoinPages(devices: Device[]) {
  for (let i = 0; i < devices.length; i += 100)
    await Promise.all(
      devices.slice(i, i + 100).map((d) =>
        d.request("GET", "/join").then(
          // Any page opens the connection (a server started without a web build answers 404).
          (r) => (r.status < 500 ? undefined : countError(kindOf("page", r))),
          (e: unknown) => countError(networkKind("page", e)),
        ),
      ),
    );
}

async function main() {
  const { codes, stop } = options.floor ? { codes: ["000000"], stop: () => {} } : await teacher();
  const devices = Array.from({ length: Math.ceil(options.students / tabletSize) }, () => new Device());
  if (!options.cold) await loadJoinPages(devices);
  // The runner reads the server's and PostgreSQL's CPU between these two lines (run.ts).
  process.stdout.write("joining\n");
  const ownCpu = process.cpuUsage();
  // Everyone at the same moment: the class was told the code.
  const joined = await Promise.all(devices.map((device, i) => join(i, device, codes[i % codes.length]!)));
  const joiningCpu = process.cpuUsage(ownCpu);
  process.stdout.write("joined\n");
  const pupils = joined.flat();
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await Promise.all(joined.map((children, i) => answerInTurn(children, i, round)));
    await new Promise((r) => setTimeout(r, Math.max(0, roundMs - (performance.now() - started))));
  }
  // The last answers' events reach the teacher's channel.
  if (!options.floor) await new Promise((r) => setTimeout(r, 1000));
  stop();
  const unheard = [...awaitingLive.values()].reduce((n, q) => n + q.length, 0);
  if (unheard > 0) errors["live:not heard"] = unheard;
  process.stdout.write(
    JSON.stringify({
      students: options.students,
      sameAddress: Boolean(options.sameAddress),
      cold: Boolean(options.cold),
      joined: pupils.length,
      // This process's CPU per join (ms): the load generator shares the machine's cores with the server.
      generatorCpuMsPerJoin: Math.round(((joiningCpu.user + joiningCpu.system) / 1000 / options.students) * 100) / 100,
      join: summarise(joinLatencies),
      answer: summarise(answerLatencies),
      live: summarise(liveLatencies),
      results: summarise(resultsLatencies),
      errors,
    }) + "\n",
  );
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
