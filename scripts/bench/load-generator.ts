/**
 * The load generator: a separate process that drives a running Cluehunt server through its
 * real HTTP API and realtime channel, as teachers and pupils would. Each simulated device
 * speaks from its own loopback address (127.x.y.z), as each tablet has its own address.
 *
 *   node --import tsx scripts/bench/load-generator.ts '{"url":"http://127.0.0.1:3000","sessions":35,"students":1000,"intervalMs":3000,"durationMs":60000}'
 *
 * Prints one JSON line with its measurements.
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { agentRequest, benchGame, openEvents, type Reply, throttled } from "./device-http.ts";
import { summarise } from "./stats.ts";

type Options = {
  url: string;
  sessions: number;
  students: number;
  intervalMs: number;
  durationMs: number;
  wrongRate?: number;
  questions?: number;
  addressSeed?: number;
  teacherResults?: boolean;
};
const options = JSON.parse(process.argv[2] ?? "{}") as Options;
const base = new URL(options.url);
const wrongRate = options.wrongRate ?? 0.25;
const questionCount = options.questions ?? 100;

let machine = 0;
const seed = options.addressSeed ?? 1;
function nextAddress() {
  machine++;
  return `127.${seed % 250}.${Math.floor(machine / 250) % 250}.${(machine % 250) + 2}`;
}

class Device {
  readonly cookies = new Map<string, string>();
  readonly agent: http.Agent;
  readonly address = nextAddress();
  constructor() {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: this.address } as http.AgentOptions);
  }
  request(method: string, path: string, body?: unknown): Promise<Reply> {
    return agentRequest(base, this.agent, this.cookies, method, path, body);
  }
  /** Opens an SSE stream and calls back with each event and its arrival time. */
  listen(path: string, onEvent: (event: any, at: number) => void): Promise<() => void> {
    return openEvents(base, path, this.cookies, this.address, onEvent).then(
      ({ req }) =>
        () =>
          req.destroy(),
    );
  }
}

const errors: Record<string, number> = {};
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const countError = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);

const answerLatencies: number[] = [];
const resultsLatencies: number[] = [];
/** Latencies count only once every pupil has joined: the steady state, not the arrival. */
let measuring = false;
const joinLatencies: number[] = [];
const liveLatencies: number[] = [];
/** progressId → send times of answers not yet seen on the teacher's channel. */
const awaitingLive = new Map<string, number[]>();
let answersAccepted = 0;

const game = benchGame("Benchmark game", questionCount);

async function teacher(index: number) {
  const device = new Device();
  const email = `bench-${process.pid}-${index}-${Date.now()}@bench.invalid`;
  const signup = await device.request("POST", "/api/auth/signup", {
    displayName: `Bench ${index}`,
    email,
    password: "bench-password",
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const created = await device.request("POST", "/api/games", game);
  if (created.status !== 201) throw new Error(`game ${created.status}`);
  const session = await device.request("POST", "/api/sessions", { gameId: created.body.id, groupCount: 6 });
  if (session.status !== 201) throw new Error(`session ${session.status} ${JSON.stringify(session.body)}`);
  const detail = await device.request("GET", `/api/sessions/${session.body.id}`);
  // The teacher's results page: on events it re-reads the results, at most every 500 ms.
  const refetch = throttled(() => {
    const started = performance.now();
    device.request("GET", `/api/sessions/${session.body.id}/results`).then(
      (r) =>
        r.status === 200 ? resultsLatencies.push(performance.now() - started) : countError(`results:${r.status}`),
      () => countError("results:network"),
    );
  }, 500);
  const stop = await device.listen(`/api/sessions/${session.body.id}/events`, (event, at) => {
    if (event.type !== "progress") return;
    const queue = awaitingLive.get(event.progressId);
    const sentAt = queue?.shift();
    if (sentAt !== undefined && measuring) liveLatencies.push(at - sentAt);
    if (measuring && options.teacherResults !== false) refetch();
  });
  return { codes: detail.body.session.groups.map((g: { joinCode: string }) => g.joinCode) as string[], stop };
}

async function student(index: number, codes: string[], until: () => number, onJoined: () => void) {
  const device = new Device();
  const code = codes[index % codes.length]!;
  const t0 = performance.now();
  const lookup = await device.request("POST", "/api/join/lookup", { code });
  if (lookup.status !== 200) {
    countError(`lookup:${lookup.status}`);
    return;
  }
  const joined = await device.request("POST", "/api/join", {
    code,
    groupId: lookup.body.groupId,
    name: `Pupil ${index}`,
  });
  if (joined.status !== 201) {
    countError(`join:${joined.status}`);
    return;
  }
  joinLatencies.push(performance.now() - t0);
  const progressId = joined.body.progressId as string;
  awaitingLive.set(progressId, []);
  const state = await device.request("GET", `/api/play/${progressId}`);
  let question = state.body.current?.index ?? 0;
  onJoined();

  // Spread the class over the interval so the load is steady, not in waves.
  await new Promise((r) => setTimeout(r, Math.random() * options.intervalMs));
  let attempt = 0;
  while (performance.now() < until() && question < questionCount) {
    const correct = question % 4;
    const choice = Math.random() < wrongRate ? (correct + 1) % 4 : correct;
    const sentAt = performance.now();
    awaitingLive.get(progressId)!.push(sentAt);
    try {
      const res = await device.request("POST", `/api/play/${progressId}/answers`, {
        questionIndex: question,
        selectedOption: choice,
        attemptId: `b${process.pid}x${index}x${++attempt}`,
      });
      const took = performance.now() - sentAt;
      if (res.status !== 200) countError(`answer:${res.status}`);
      else {
        if (measuring) {
          answerLatencies.push(took);
          answersAccepted++;
        }
        if (res.body.isCorrect) {
          question++;
          // As the play page does: the next question came with the answer; re-read only at the end.
          if (!res.body.next) await device.request("GET", `/api/play/${progressId}`);
        }
      }
    } catch (e) {
      countError(`answer:${(e as Error).message}`);
    }
    const wait = options.intervalMs * (0.8 + Math.random() * 0.4) - (performance.now() - sentAt);
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  }
}

async function main() {
  const teachers: Array<Awaited<ReturnType<typeof teacher>>> = [];
  for (let i = 0; i < options.sessions; i++) teachers.push(await teacher(i));
  // Pupils join over a few seconds, as a class does.
  const joinWindowMs = Math.min(20_000, options.students * 20);
  let until = Infinity;
  let measureStart = 0;
  let joinedCount = 0;
  const allJoined = new Promise<void>((resolve) => {
    const onJoined = () => {
      if (++joinedCount === options.students) resolve();
    };
    for (let i = 0; i < options.students; i++) {
      const delay = (i / options.students) * joinWindowMs;
      setTimeout(() => {
        students.push(
          student(i, teachers[i % teachers.length]!.codes, () => until, onJoined).catch((e) =>
            countError(`student:${(e as Error).message}`),
          ),
        );
      }, delay);
    }
  });
  const students: Promise<unknown>[] = [];
  await Promise.race([allJoined, new Promise((r) => setTimeout(r, joinWindowMs + 60_000))]);
  // One answer interval to settle, then measure.
  await new Promise((r) => setTimeout(r, options.intervalMs));
  measuring = true;
  // The runner starts the server's CPU window on this line; the last line is the result.
  process.stdout.write("measuring\n");
  loopDelay.enable();
  measureStart = performance.now();
  until = measureStart + options.durationMs;
  await new Promise((r) => setTimeout(r, options.durationMs));
  await Promise.all(students);
  measuring = false;
  // Answers are counted when sent within the window; the last responses arrive just after it.
  const elapsed = (until - measureStart) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  teachers.forEach((t) => t.stop());

  process.stdout.write(
    JSON.stringify({
      students: options.students,
      sessions: options.sessions,
      answers: answersAccepted,
      answersPerSecond: Math.round((answersAccepted / elapsed) * 10) / 10,
      answer: summarise(answerLatencies),
      join: summarise(joinLatencies),
      live: summarise(liveLatencies),
      results: summarise(resultsLatencies),
      // The generator's own event-loop delay: if high, the latencies above include its lag.
      generatorLagP99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      errors,
    }) + "\n",
  );
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
