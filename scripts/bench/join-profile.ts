/**
 * Where a join's time goes: reads a server CPU profile written by
 * `BENCH_CPU_PROF=dir npm run bench -- --scenario=burst --pupils=N --addresses=own --no-bundles --db=…`
 * and prints the main thread's time during the class's joins, per step, in ms per join.
 *
 *   npm run bench:join-profile -- /tmp/prof/CPU.….cpuprofile 200
 *
 * The joins' window is found in the profile itself: from the last sample serving a page (each
 * pupil's join page is loaded first, untimed) to the first sample recording an answer (the
 * rounds start after every pupil has joined). Each sample goes to the step of the nearest frame
 * on its stack that names one (a frame of ours first, then the package or Node module), so the
 * framework's work done for a route of ours counts as the route's step only when our frame is
 * below it. PGlite's own thread is not in this profile: its CPU is the bench's srv/j minus this
 * thread's time; the hop to it is the "statement" step.
 */
import fs from "node:fs";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Steps in the order they are tried against a frame: the first whose pattern matches names it. */
const STEPS: Array<[string, RegExp]> = [
  ["live view's re-reads", /results-|session-queries|session-routes/],
  ["notify (events, SSE)", /event-bus|member-events|realtime\/sse/],
  ["limits", /limits\/|join-guesses|limit-counters|address-key/],
  ["device cookie (HMAC)", /pupil-device|node:internal\/crypto/],
  ["name checks", /name-guard|name-check|class-list|shared\/text\.ts/],
  [
    "statement (driver, PGlite hop)",
    /db\/prepared|pglite-in-worker|db\/batcher|node_modules\/(pg|pg-pool|pg-protocol|drizzle-orm)\/|node:internal\/worker|messageport/,
  ],
  ["validation (zod)", /node_modules\/zod\//],
  ["join and lookup routes", /play\/play-routes|play\/play-commands|play\/play-queries/],
  ["security hooks", /http\/security|content-encoding|server\/app\.ts|connection-guard/],
  ["body parse", /http\/json-body/],
  [
    "framework (Fastify, routing, logger)",
    /node_modules\/(fastify|find-my-way|avvio|pino|light-my-request|toad-cache|@fastify)/,
  ],
  ["HTTP and sockets (Node)", /node:(_http|net|internal\/streams|internal\/stream_base|events|buffer|internal\/http)/],
];

const STATEMENT = "statement (driver, PGlite hop)";
const DRIVER = /node_modules\/(pg|pg-pool|pg-protocol)\/|pglite-in-worker/;

const [file, pupilsArg] = process.argv.slice(2);
if (!file || !pupilsArg) {
  console.error("usage: join-profile.ts PROFILE.cpuprofile PUPILS");
  process.exit(2);
}
const pupils = Number(pupilsArg);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const stackOf = (id: number): Frame[] => {
  const frames: Frame[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
  return frames;
};
const where = (f: Frame) => (f.url.startsWith("node:") || f.url.includes("node_modules") ? f.url : f.url);

// Each sample's time: the delta to the next sample.
const samples = profile.samples.map((id, i) => ({ id, at: 0, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 }));
let clock = 0;
samples.forEach((s, i) => {
  clock += profile.timeDeltas[i]! / 1000;
  s.at = clock;
});
const has = (s: { id: number }, pattern: RegExp) =>
  stackOf(s.id).some((f) => pattern.test(where(f)) || pattern.test(f.functionName));
const lastPage = samples.findLastIndex((s) => has(s, /http\/web-app/));
const firstAnswer = samples.findIndex((s, i) => i > lastPage && has(s, /recordAnswer/));
if (lastPage < 0 || firstAnswer < 0) {
  console.error("No join window found (a page served, then an answer recorded) in this profile.");
  process.exit(1);
}

const totals = new Map<string, number>();
let busy = 0;
for (const s of samples.slice(lastPage + 1, firstAnswer)) {
  const frames = stackOf(s.id);
  const leaf = frames[0]!.functionName;
  if (leaf === "(idle)") continue;
  busy += s.ms;
  let step = leaf === "(garbage collector)" ? "garbage collection" : "other";
  // Work inside the database driver (its socket writes and reads, PGlite's messages) is the
  // statement's, though Node's socket code is nearer the leaf.
  if (step === "other" && frames.some((f) => DRIVER.test(where(f)))) step = STATEMENT;
  if (step === "other")
    outer: for (const f of frames)
      for (const [name, pattern] of STEPS)
        if (pattern.test(where(f))) {
          step = name;
          break outer;
        }
  totals.set(step, (totals.get(step) ?? 0) + s.ms);
}
const window = samples[firstAnswer]!.at - samples[lastPage]!.at;
console.log(
  `Join window: ${window.toFixed(0)} ms from the last page served to the first answer; main thread busy ${busy.toFixed(1)} ms = ${(busy / pupils).toFixed(3)} ms per join (${pupils} pupils).`,
);
for (const [step, ms] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(`${step.padEnd(38)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / pupils).toFixed(3).padStart(7)} ms/join`);
