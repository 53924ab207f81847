/**
 * The `county` load: many schools playing one quiz at once (Maths Week, Seachtain na Gaeilge).
 * Teachers sign up, make a game and start a session each through the API first, and keep their
 * live view open (its channel, and the results it re-reads on events at most every 500 ms, as the
 * results page does). Then the pupils arrive, evenly over `rampSeconds`: each loads the join page
 * (untimed), looks its code up and joins (timed together: the join), opens the play page (its
 * state, and its live channel, on whose opening the page reads its state again), then answers
 * every 10–20 s (at random) for `playSeconds` after its own join.
 *
 * Addresses as the deployment sees them: a school reaches the server through ONE address (its
 * router), a county is many schools. Each school's `sessionsPerSchool` classes (its teachers and
 * pupils) speak from the school's own loopback address, 127.x.y.z; behind nginx that is the
 * `$remote_addr` it passes on in X-Forwarded-For.
 *
 * Requests go over a lean keep-alive connection per device (raw-http-client.ts): this generator
 * shares the machine's two cores with what it measures, so it reports its own CPU too.
 *
 *   node --import tsx scripts/bench/county-generator.ts '{"url":"http://127.0.0.1:8080","students":2000,"rampSeconds":60,"playSeconds":300}'
 *
 * A county is driven by several of these processes side by side (county.ts), each with its own
 * schools: one process holds two connections per pupil, and a process may open only so many.
 * Each prints "ready" once its teachers are set up and starts its ramp on a line "go" on its
 * standard input, so that all ramp together; then "ramped" when its last pupil has arrived, and
 * one JSON line with its measurements and its latency samples (merged by county.ts).
 */
import type http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { benchGame, kindOf, networkKind, openEvents, type Reply, rawRequest, throttled } from "./device-http.ts";
import { RawHttpConnection } from "./raw-http-client.ts";
import { summarise } from "./stats.ts";

type Options = {
  url: string;
  students: number;
  rampSeconds: number;
  playSeconds: number;
  classSize?: number;
  sessionsPerSchool?: number;
  addressSeed?: number;
};
const options = JSON.parse(process.argv[2] ?? "{}") as Options;
const base = new URL(options.url);
const classSize = options.classSize ?? 30;
const sessionsPerSchool = options.sessionsPerSchool ?? 3;
const seed = (options.addressSeed ?? 1) % 250;
const QUESTIONS = 40;
const WRONG_RATE = 0.25;
const ANSWER_EVERY_MS = [10_000, 20_000] as const;
const TEACHERS_AT_ONCE = 8;

/** A school's address: every device of the school speaks from it, as from behind its router. */
const schoolAddress = (school: number) => `127.${seed + 1}.${Math.floor(school / 250) % 250}.${(school % 250) + 2}`;

const errors: Record<string, number> = {};
const countError = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);

class Device {
  readonly cookies = new Map<string, string>();
  private readonly connection: RawHttpConnection;
  constructor(readonly address: string) {
    this.connection = new RawHttpConnection(base.hostname, Number(base.port), address);
  }
  async request(method: string, path: string, body?: unknown): Promise<Reply> {
    const accept = path.startsWith("/api/") ? "application/json" : "text/html";
    const reply = await rawRequest(this.connection, base, this.cookies, method, path, accept, body);
    let parsed: any = reply.body;
    if (reply.headers.get("content-type")?.[0]?.startsWith("application/json")) {
      try {
        parsed = JSON.parse(reply.body);
      } catch {
        // kept as text
      }
    }
    return { status: reply.status, body: parsed };
  }
  /**
   * A live channel (Server-Sent Events) on a connection of its own, as EventSource opens it.
   * Resolves once the stream is open; a stream that ends before `stopAll` is an error.
   */
  async listen(path: string, onEvent: ((event: any, at: number) => void) | null): Promise<void> {
    const { req, res } = await openEvents(base, path, this.cookies, this.address, onEvent);
    streams.add(req);
    openStreams++;
    res.on("close", () => {
      openStreams--;
      if (!stopping) countError("events:closed early");
    });
  }
}

const streams = new Set<http.ClientRequest>();
let openStreams = 0;
let stopping = false;

const joinLatencies: number[] = [];
const answerLatencies: number[] = [];
const liveLatencies: number[] = [];
const resultsLatencies: number[] = [];
/** progressId → send times of answers not yet seen on the teacher's channel. */
const awaitingLive = new Map<string, number[]>();
let answersSent = 0;

const game = benchGame("County quiz", QUESTIONS);

/** A teacher: signs up, makes the game, starts a session of six groups, and keeps its live view open. */
async function teacher(index: number): Promise<string[]> {
  const device = new Device(schoolAddress(Math.floor(index / sessionsPerSchool)));
  const signup = await device.request("POST", "/api/auth/signup", {
    displayName: `Teacher ${index}`,
    email: `county-${process.pid}-${index}@bench.invalid`,
    password: "bench-password",
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const created = await device.request("POST", "/api/games", game);
  if (created.status !== 201) throw new Error(`game ${created.status} ${JSON.stringify(created.body)}`);
  const session = await device.request("POST", "/api/sessions", { gameId: created.body.id, groupCount: 6 });
  if (session.status !== 201) throw new Error(`session ${session.status} ${JSON.stringify(session.body)}`);
  const sessionId = session.body.id as string;
  const detail = await device.request("GET", `/api/sessions/${sessionId}`);
  // The results page: re-reads on events, at most every 500 ms (the first at once, the last after).
  const refetch = throttled(
    () => {
      const started = performance.now();
      device.request("GET", `/api/sessions/${sessionId}/results`).then(
        (r) =>
          r.status === 200 ? resultsLatencies.push(performance.now() - started) : countError(kindOf("results", r)),
        (e: unknown) => countError(networkKind("results", e)),
      );
    },
    500,
    () => stopping,
  );
  await device.listen(`/api/sessions/${sessionId}/events`, (event, at) => {
    if (event.type === "progress") {
      const sentAt = awaitingLive.get(event.progressId)?.shift();
      if (sentAt !== undefined) liveLatencies.push(at - sentAt);
    }
    refetch();
  });
  return detail.body.session.groups.map((g: { joinCode: string }) => g.joinCode) as string[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pupil from the join page to the end of its play. */
async function pupil(index: number, seat: number, codes: string[], address: string) {
  const device = new Device(address);
  const code = codes[seat % codes.length]!;
  const name = `Pupil ${seat + 1}`;
  let progressId: string;
  try {
    const page = await device.request("GET", "/join");
    if (page.status >= 500) countError(kindOf("page", page));
    const t0 = performance.now();
    const lookup = await device.request("POST", "/api/join/lookup", { code });
    if (lookup.status !== 200) return countError(kindOf("lookup", lookup));
    const joined = await device.request("POST", "/api/join", {
      code,
      groupId: lookup.body.groupId,
      name,
    });
    if (joined.status !== 201) return countError(kindOf("join", joined));
    joinLatencies.push(performance.now() - t0);
    progressId = joined.body.progressId as string;
  } catch (e) {
    return countError(networkKind("join", e));
  }
  const until = performance.now() + options.playSeconds * 1000;
  awaitingLive.set(progressId, []);
  let question = 0;
  const readState = async () => {
    const state = await device.request("GET", `/api/play/${progressId}`);
    if (state.status !== 200) countError(kindOf("play", state));
    else question = state.body.current?.index ?? question;
  };
  try {
    await readState();
    // The play page's channel; on its opening the page reads its state again.
    await device.listen(`/api/play/${progressId}/events`, null);
    await readState();
  } catch (e) {
    countError(networkKind("play", e));
  }
  let attempt = 0;
  for (;;) {
    await pause(ANSWER_EVERY_MS[0] + Math.random() * (ANSWER_EVERY_MS[1] - ANSWER_EVERY_MS[0]));
    if (performance.now() >= until || question >= QUESTIONS) return;
    const correct = question % 4;
    const choice = Math.random() < WRONG_RATE ? (correct + 1) % 4 : correct;
    const sentAt = performance.now();
    awaitingLive.get(progressId)!.push(sentAt);
    answersSent++;
    try {
      const res = await device.request("POST", `/api/play/${progressId}/answers`, {
        questionIndex: question,
        selectedOption: choice,
        attemptId: `c${process.pid}x${index}x${++attempt}`,
      });
      if (res.status !== 200) {
        countError(kindOf("answer", res));
        continue;
      }
      answerLatencies.push(performance.now() - sentAt);
      if (res.body.isCorrect) {
        question++;
        // As the play page does: the next question came with the answer; re-read only when it did not.
        if (!res.body.next) await readState();
      }
    } catch (e) {
      countError(networkKind("answer", e));
    }
  }
}

async function main() {
  const sessions = Math.ceil(options.students / classSize);
  const codes: string[][] = new Array(sessions);
  let next = 0;
  await Promise.all(
    Array.from({ length: TEACHERS_AT_ONCE }, async () => {
      while (next < sessions) {
        const i = next++;
        codes[i] = await teacher(i);
      }
    }),
  );
  process.stdout.write("ready\n");
  await new Promise<void>((resolve) =>
    process.stdin.on("data", (c) => {
      if (String(c).includes("go")) resolve();
    }),
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const pupils: Promise<unknown>[] = [];
  const rampMs = options.rampSeconds * 1000;
  // Class after class would bring a whole class at one moment; a county's pupils arrive mixed:
  // pupil i of the ramp is in class i % sessions, so every class fills over the whole ramp.
  for (let i = 0; i < options.students; i++) {
    const delay = (i / options.students) * rampMs - (performance.now() - started);
    if (delay > 5) await pause(delay);
    const session = i % sessions;
    const school = Math.floor(session / sessionsPerSchool);
    pupils.push(pupil(i, Math.floor(i / sessions), codes[session]!, schoolAddress(school)));
  }
  process.stdout.write("ramped\n");
  await Promise.all(pupils);
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  await pause(1000);
  const streamsAtEnd = openStreams;
  stopping = true;
  for (const s of streams) s.destroy();
  const unheard = [...awaitingLive.values()].reduce((n, q) => n + q.length, 0);
  const samples = (values: number[]) => values.map((v) => Math.round(v * 10) / 10);
  process.stdout.write(
    JSON.stringify({
      students: options.students,
      sessions,
      schools: Math.ceil(sessions / sessionsPerSchool),
      joined: joinLatencies.length,
      answers: answersSent,
      answersPerSecond: Math.round((answerLatencies.length / elapsedS) * 10) / 10,
      join: summarise(joinLatencies),
      answer: summarise(answerLatencies),
      live: summarise(liveLatencies),
      results: summarise(resultsLatencies),
      /** Answers whose event never reached the teacher's channel (not counted as errors: a channel may lag). */
      liveUnheard: unheard,
      streamsAtEnd,
      generatorCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (elapsedS * 1000)) * 100),
      generatorLagP99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      errors,
      samples: {
        join: samples(joinLatencies),
        answer: samples(answerLatencies),
        live: samples(liveLatencies),
        results: samples(resultsLatencies),
      },
    }) + "\n",
    // A pipe takes a long line in pieces: exit only once it is all written.
    () => process.exit(0),
  );
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
