/**
 * A school day played fast against a running server, for the memory bench (memory.ts): classes
 * of pupils one after another, each playing a hunt on screen and the same hunt around the room
 * (station cards found by their tokens), the teacher reading the results and downloading the
 * CSV of both, and a few homework pupils joining between classes. Each device speaks from its
 * own loopback address, as in load-generator.ts.
 *
 *   node --import tsx scripts/bench/school-day.ts '{"url":"http://127.0.0.1:3000","classes":8,"pupils":30}'
 *
 * Prints "class N" after each class's results are read (the bench measures the server then), and
 * one JSON line at the end: join and answer latencies and errors.
 */
import http from "node:http";
import { agentRequest, benchGame, cookieHeader, type Reply } from "./device-http.ts";
import { summarise } from "./stats.ts";

type Options = {
  url: string;
  classes: number;
  pupils: number;
  questions?: number;
  /** Pupils joining the homework session between two classes. */
  homeworkPupils?: number;
  /** Pause between a pupil's answers, ms. */
  thinkMs?: number;
  addressSeed?: number;
};
const options = JSON.parse(process.argv[2] ?? "{}") as Options;
const base = new URL(options.url);
const questionCount = options.questions ?? 10;
const thinkMs = options.thinkMs ?? 400;
const wrongRate = 0.25;

let machine = 0;
const seed = options.addressSeed ?? 200;
const nextAddress = () => {
  machine++;
  return `127.${seed % 250}.${Math.floor(machine / 250) % 250}.${(machine % 250) + 2}`;
};

class Device {
  private readonly cookies = new Map<string, string>();
  private readonly agent = new http.Agent({
    keepAlive: true,
    maxSockets: 2,
    localAddress: nextAddress(),
  } as http.AgentOptions);
  request(method: string, path: string, body?: unknown): Promise<Reply> {
    return agentRequest(base, this.agent, this.cookies, method, path, body);
  }
  /** Keeps a live channel open (the projector's page) until the returned function is called. */
  listen(path: string): () => void {
    const req = http.get(new URL(path, base), {
      headers: { accept: "text/event-stream", cookie: cookieHeader(this.cookies) },
      agent: false,
    });
    req.on("response", (res) => res.resume());
    req.on("error", () => {});
    return () => req.destroy();
  }
  close() {
    this.agent.destroy();
  }
}

const errors: Record<string, number> = {};
const countError = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);
const joinMs: number[] = [];
const answerMs: number[] = [];
const resultsMs: number[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const game = benchGame("School day hunt", questionCount, true);

async function must(reply: Promise<Reply>, status: number, what: string): Promise<any> {
  const r = await reply;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

async function startSession(teacher: Device, gameId: string, extra: Record<string, unknown>) {
  const started = await must(
    teacher.request("POST", "/api/sessions", { gameId, groupCount: 6, ...extra }),
    201,
    "session",
  );
  const detail = await must(teacher.request("GET", `/api/sessions/${started.id}`), 200, "session detail");
  return {
    id: started.id as string,
    codes: detail.session.groups.map((g: { joinCode: string }) => g.joinCode) as string[],
  };
}

async function join(device: Device, code: string, name: string): Promise<string | null> {
  const t0 = performance.now();
  const lookup = await device.request("POST", "/api/join/lookup", { code });
  if (lookup.status !== 200) return (countError(`lookup:${lookup.status}`), null);
  const joined = await device.request("POST", "/api/join", { code, groupId: lookup.body.groupId, name });
  if (joined.status !== 201) return (countError(`join:${joined.status}`), null);
  joinMs.push(performance.now() - t0);
  return joined.body.progressId as string;
}

let attempts = 0;
async function answer(device: Device, progressId: string, questionIndex: number): Promise<boolean> {
  const correct = questionIndex % 4;
  const choice = Math.random() < wrongRate ? (correct + 1) % 4 : correct;
  const t0 = performance.now();
  const r = await device.request("POST", `/api/play/${progressId}/answers`, {
    questionIndex,
    selectedOption: choice,
    attemptId: `day${process.pid}x${++attempts}`,
  });
  if (r.status !== 200) return (countError(`answer:${r.status}`), false);
  answerMs.push(performance.now() - t0);
  return r.body.isCorrect === true;
}

/** A pupil on screen: every question until right, a short think between answers. */
async function playOnScreen(code: string, name: string) {
  const device = new Device();
  const progressId = await join(device, code, name);
  if (progressId) {
    const state = await device.request("GET", `/api/play/${progressId}`);
    let question = state.body.current?.index ?? 0;
    while (question < questionCount) {
      await sleep(thinkMs * (0.5 + Math.random()));
      if (await answer(device, progressId, question)) question++;
    }
    await device.request("GET", `/api/play/${progressId}`);
  }
  device.close();
}

/** A pupil around the room: find the next station on the route by its card, answer it until right. */
async function playAroundTheRoom(code: string, name: string, tokenAt: Map<number, string>) {
  const device = new Device();
  const progressId = await join(device, code, name);
  if (progressId) {
    let state = (await device.request("GET", `/api/play/${progressId}`)).body;
    for (let step = 0; step < questionCount && state.hunt?.next; step++) {
      const question = state.hunt.next.questionIndex as number;
      await sleep(thinkMs * (0.5 + Math.random()));
      const found = await device.request("POST", `/api/play/${progressId}/stations`, { token: tokenAt.get(question) });
      if (found.status !== 200 || found.body.outcome !== "found") {
        countError(`station:${found.status}:${found.body?.outcome ?? ""}`);
        break;
      }
      while (!(await answer(device, progressId, question))) await sleep(thinkMs * (0.5 + Math.random()));
      state = (await device.request("GET", `/api/play/${progressId}`)).body;
    }
  }
  device.close();
}

/** The class joins over a few seconds, as a class does, and plays. */
async function playClass(codes: string[], pupils: number, play: (code: string, name: string) => Promise<void>) {
  await Promise.all(
    Array.from({ length: pupils }, async (_, i) => {
      await sleep((i / pupils) * 3000);
      await play(codes[i % codes.length]!, `Pupil ${i + 1}`).catch((e) => countError(`pupil:${(e as Error).message}`));
    }),
  );
}

/** What the teacher does after a hunt: the results page, the CSV, then End. */
async function readResultsAndEnd(teacher: Device, sessionId: string) {
  const t0 = performance.now();
  await must(teacher.request("GET", `/api/sessions/${sessionId}/results`), 200, "results");
  resultsMs.push(performance.now() - t0);
  const csv = await teacher.request("GET", `/api/sessions/${sessionId}/results.csv`);
  if (csv.status !== 200 || typeof csv.body !== "string" || !csv.body.includes("Pupil"))
    countError(`csv:${csv.status}`);
  await must(teacher.request("POST", `/api/sessions/${sessionId}/end`, {}), 200, "end");
}

async function main() {
  const teacher = new Device();
  await must(
    teacher.request("POST", "/api/auth/signup", {
      displayName: "School day",
      email: `day-${process.pid}-${Date.now()}@bench.invalid`,
      password: "bench-password",
    }),
    201,
    "signup",
  );
  const created = await must(teacher.request("POST", "/api/games", game), 201, "game");
  const gameId = created.id as string;
  const closesAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const homework = await startSession(teacher, gameId, { closesAt });
  let homeworkPupil = 0;
  for (let k = 1; k <= options.classes; k++) {
    const onScreen = await startSession(teacher, gameId, {});
    const projector = teacher.listen(`/api/sessions/${onScreen.id}/events`);
    await playClass(onScreen.codes, options.pupils, playOnScreen);
    projector();
    await readResultsAndEnd(teacher, onScreen.id);

    const room = await startSession(teacher, gameId, { huntMode: "room" });
    const cards = await must(teacher.request("GET", `/api/games/${gameId}/station-cards`), 200, "station cards");
    const tokenAt = new Map<number, string>(
      cards.cards.map((c: { position: number; token: string }) => [c.position, c.token]),
    );
    const roomProjector = teacher.listen(`/api/sessions/${room.id}/events`);
    await playClass(room.codes, options.pupils, (code, name) => playAroundTheRoom(code, name, tokenAt));
    roomProjector();
    await readResultsAndEnd(teacher, room.id);

    // Between classes, a few children do their homework.
    await playClass(homework.codes, options.homeworkPupils ?? 5, (code) =>
      playOnScreen(code, `Homework ${++homeworkPupil}`),
    );
    const hw = await teacher.request("GET", `/api/sessions/${homework.id}/results`);
    if (hw.status !== 200) countError(`homework results:${hw.status}`);
    process.stdout.write(`class ${k}\n`);
    // The bench reads the server's memory now; the next class starts when it has.
    await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
  }
  process.stdout.write(
    `${JSON.stringify({ join: summarise(joinMs), answer: summarise(answerMs), results: summarise(resultsMs), errors })}\n`,
  );
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
