/**
 * `npm run bench`: the performance bars of DIRECTION.md as measured facts. For each database
 * (embedded PGlite, and PostgreSQL at BENCH_DATABASE_URL) it starts the real server, drives it
 * from a separate load-generator process on loopback, and prints what it measured:
 *
 *   class   30 pupils in 1 session, answering every 3 s
 *   school  1,000 pupils in 35 sessions, answering every 3 s (the target scenario)
 *   ramp    more and more pupils until answer p99 reaches 100 ms
 *   burst   N pupils start joining at the same moment, then answer two rounds within
 *           0.2–1.0 s of each other (N = 30, 200, 500, 1,000), each pupil from its own
 *           address and again all from one address (burst-generator.ts); first, as a
 *           floor, the same joins against a bare node:http server (http-floor-server.ts).
 *           Each pupil has loaded the join page first (untimed), so its join starts on an
 *           open connection; --cold times the connection's opening too
 *
 *   county  a county's quiz on one box (county.ts): on PostgreSQL two instances behind nginx, on
 *           PGlite one; pupils in classes of 30 arrive over a minute and answer every 10–20 s for
 *           5 minutes, N growing (2,000 / 5,000 / 10,000; PGlite 1,000 / 2,000 / 3,000) while answer
 *           p99 stays under 500 ms with 0 errors. Not part of "all" (about 7 minutes a step)
 *   lighthouse  Lighthouse (mobile, slow 4G) on /, /join and /play, and /join's first and repeat visit
 *   memory  the server started as `npm start` starts it, its memory after start and through a class of 30
 *   day     a school day on one server, its memory after each class (memory.ts; --classes=8)
 *           (both: BENCH_SERVER_ROOT=<checkout> measures another checkout's server, e.g. main's)
 *
 * Options: --db=pglite|postgres|all  --scenario=class|school|ramp|burst|lighthouse|memory|day|all  --seconds=N (per run)
 *          --pupils=30,200 (burst sizes)  --addresses=own|one|both (burst)  --cold (burst)  --no-bundles
 *          --tablets=5 (burst: the class on tablets of 5 children, who join one after another and answer in turn)
 *          --steps=2000,5000,10000 (county: pupils per step)  --ramp-seconds=60  --play-seconds=300
 *          --classes-per-school=3 (county: the classes behind one school address)
 * BENCH_CPU_PROF=dir writes the server's CPU profile of each run there (node --cpu-prof; every
 * BENCH_CPU_PROF_INTERVAL_US microseconds, 1000 unless told: 100 sees a class of 30's joins).
 * Then the JavaScript each route loads (as sent, and gzip -9), from a fresh production build,
 * and (scenario all or lighthouse) the Lighthouse report (scripts/bench/lighthouse.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchDatabase } from "../lib/scratch-database.ts";
import { reportBundles } from "./bundle-size.ts";
import { runCounty } from "./county.ts";
import { reportLighthouse } from "./lighthouse.ts";
import { reportMemory } from "./memory.ts";
import { type RunningServer, startServer } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const dbs = arg("db", "all") === "all" ? ["pglite", "postgres"] : [arg("db", "all")];
const scenarioArg = arg("scenario", "all");
const scenarios =
  scenarioArg === "all" ? ["class", "school", "ramp", "burst"] : scenarioArg === "lighthouse" ? [] : [scenarioArg];
const burstSizes = arg("pupils", "30,200,500,1000").split(",").map(Number);
const burstAddressing = arg("addresses", "both") === "both" ? ["own", "one"] : [arg("addresses", "both")];
const seconds = Number(arg("seconds", "60"));
const cold = process.argv.includes("--cold");
/** --tablets=5: the burst's class on tablets of 5 children each (decision 048), e.g. 30 pupils on 6 tablets. */
const tabletSize = Number(arg("tablets", "1"));
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type LoadResult = {
  students: number;
  sessions: number;
  answers: number;
  answersPerSecond: number;
  answer: { count: number; p50: number; p95: number; p99: number; max: number };
  join: { p95: number };
  live: { p50: number; p99: number };
  errors: Record<string, number>;
};

let addressSeed = 10;
/** Runs the load generator; `onSteady` runs when it starts measuring (every pupil has joined). */
function runLoad(
  url: string,
  students: number,
  sessions: number,
  durationMs: number,
  onSteady: () => void,
  intervalMs = 3000,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(root, "scripts/bench/load-generator.ts"),
        JSON.stringify({ url, students, sessions, intervalMs, durationMs, addressSeed: addressSeed++ }),
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (c) => {
      if (!out.includes("measuring\n") && (out + c).includes("measuring\n")) onSteady();
      out += c;
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

const totalErrors = (r: LoadResult) => Object.values(r.errors).reduce((a, b) => a + b, 0);

const pad = (s: string | number, n: number) => String(s).padStart(n);
function line(
  db: string,
  scenario: string,
  r: LoadResult,
  m: { cpuPercent: number; dbCpuPercent: number; peakRssMb: number },
) {
  const errors = totalErrors(r);
  return (
    `${db.padEnd(8)} ${scenario.padEnd(12)} ${pad(r.students, 5)} ${pad(r.sessions, 4)} ${pad(r.answersPerSecond, 7)} ` +
    `${pad(r.answer.p50, 7)} ${pad(r.answer.p95, 7)} ${pad(r.answer.p99, 7)} ${pad(r.answer.max, 7)} ${pad(r.join.p95, 7)} ` +
    `${pad(r.live.p50, 7)} ${pad(r.live.p99, 7)} ${pad(errors, 6)} ${pad(m.peakRssMb, 6)} ${pad(m.cpuPercent, 5)} ${pad(db === "postgres" ? m.dbCpuPercent : "-", 5)}` +
    (errors ? `  ${JSON.stringify(r.errors)}` : "")
  );
}

const header =
  `${"db".padEnd(8)} ${"scenario".padEnd(12)} ${pad("pupils", 5)} ${pad("sess", 4)} ${pad("ans/s", 7)} ` +
  `${pad("ans p50", 7)} ${pad("p95", 7)} ${pad("p99", 7)} ${pad("max", 7)} ${pad("join95", 7)} ${pad("live50", 7)} ${pad("live99", 7)} ${pad("errors", 6)} ${pad("RSS MB", 6)} ${pad("CPU%", 5)} ${pad("PG%", 5)}`;

/** One run on a fresh server and a fresh database: the state of one run never skews the next. */
async function runOnFreshServer(db: string, students: number, sessions: number, durationMs: number) {
  return withFreshServer(db, async (server) => {
    const measurement = server.measure();
    const result = await runLoad(server.url, students, sessions, durationMs, measurement.steady);
    return { result, machine: measurement.done() };
  });
}

async function withFreshServer<T>(db: string, run: (server: RunningServer) => Promise<T>): Promise<T> {
  const pgDb = db === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_bench") : null;
  const dataDir = db === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-bench-")) : null;
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = await startServer(
    root,
    pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! },
    profileDir
      ? [
          "--cpu-prof",
          `--cpu-prof-dir=${path.resolve(profileDir)}`,
          `--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL_US ?? 1000}`,
        ]
      : [],
  );
  try {
    return await run(server);
  } finally {
    await server.stop();
    await pgDb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type BurstResult = {
  students: number;
  joined: number;
  join: { p50: number; p99: number };
  answer: { p50: number; p99: number };
  live: { p99: number };
  errors: Record<string, number>;
  generatorCpuMsPerJoin: number;
  serverCpuMsPerJoin: number;
  postgresCpuMsPerJoin: number;
};

/**
 * Runs the burst generator against `server`; adds the CPU per join (ms) of the server (all its
 * threads, PGlite's included) and of PostgreSQL, read between its "joining" and "joined" lines.
 */
function runBurstGenerator(
  server: RunningServer,
  options: { students: number; sameAddress: boolean; floor?: boolean; cold?: boolean; tabletSize?: number },
): Promise<BurstResult> {
  return new Promise<BurstResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(root, "scripts/bench/burst-generator.ts"),
        JSON.stringify({ url: server.url, ...options, addressSeed: addressSeed++ }),
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    let before: { server: number; postgres: number } | undefined;
    let perJoin = { serverCpuMsPerJoin: NaN, postgresCpuMsPerJoin: NaN };
    child.stdout.on("data", (c) => {
      const seen = out;
      out += c;
      if (!seen.includes("joining\n") && out.includes("joining\n")) before = server.cpuMs();
      if (!seen.includes("joined\n") && out.includes("joined\n") && before) {
        const after = server.cpuMs();
        const per = (ms: number) => Math.round((ms / options.students) * 100) / 100;
        perJoin = {
          serverCpuMsPerJoin: per(after.server - before.server),
          postgresCpuMsPerJoin: per(after.postgres - before.postgres),
        };
      }
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve({ ...(JSON.parse(out.trim().split("\n").at(-1)!) as BurstResult), ...perJoin })
        : reject(new Error(`burst generator exited ${code}`)),
    );
  });
}

/** One burst on a fresh server; the server's peak RSS is over the whole run, joins included. */
function runBurst(db: string, students: number, sameAddress: boolean) {
  return withFreshServer(db, async (server) => {
    const measurement = server.measure();
    const result = await runBurstGenerator(server, { students, sameAddress, cold, tabletSize });
    return { result, machine: measurement.done() };
  });
}

/** The same joins against a bare node:http server (http-floor-server.ts): the machine's floor. */
async function runFloorBurst(students: number) {
  const server = await startServer(root, {}, [], "scripts/bench/http-floor-server.ts");
  try {
    const measurement = server.measure();
    const result = await runBurstGenerator(server, { students, sameAddress: false, floor: true, cold });
    return { result, machine: measurement.done() };
  } finally {
    await server.stop();
  }
}

const burstHeader =
  `${"db".padEnd(8)} ${"burst".padEnd(12)} ${pad("pupils", 6)} ${pad("join50", 7)} ${pad("join99", 7)} ${pad("ans50", 7)} ${pad("ans99", 7)} ${pad("live99", 7)} ${pad("RSS MB", 6)} ` +
  `${pad("srv/j", 6)} ${pad("pg/j", 6)} ${pad("gen/j", 6)}  errors`;

/** A figure, or "-" where the run had none (the floor answers no questions). */
const figure = (n: number | null) => (n === null || Number.isNaN(n) ? "-" : n);

function burstLine(db: string, addressing: string, r: BurstResult, m: { peakRssMb: number }) {
  const errors = Object.keys(r.errors).length ? JSON.stringify(r.errors) : "0";
  return (
    `${db.padEnd(8)} ${(tabletSize > 1 ? `${addressing} ×${tabletSize} tab` : addressing === "one" ? "one address" : "own address").padEnd(12)} ${pad(r.students, 6)} ` +
    `${pad(r.join.p50, 7)} ${pad(r.join.p99, 7)} ${pad(figure(r.answer.p50), 7)} ${pad(figure(r.answer.p99), 7)} ${pad(figure(r.live.p99), 7)} ${pad(m.peakRssMb, 6)} ` +
    `${pad(figure(r.serverCpuMsPerJoin), 6)} ${pad(db === "postgres" ? figure(r.postgresCpuMsPerJoin) : "-", 6)} ${pad(figure(r.generatorCpuMsPerJoin), 6)}  ${errors}`
  );
}

async function main() {
  if (scenarioArg === "memory" || scenarioArg === "day") {
    await reportMemory({
      root,
      serverRoot: path.resolve(process.env.BENCH_SERVER_ROOT ?? root),
      dbs,
      scenario: scenarioArg,
      adminUrl,
      classes: Number(arg("classes", "8")),
    });
    return;
  }
  console.log(
    `Cluehunt benchmark — ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  if (scenarioArg === "county") {
    for (const db of dbs as Array<"postgres" | "pglite">) {
      await runCounty(root, {
        db,
        steps: arg("steps", db === "postgres" ? "2000,5000,10000" : "1000,2000,3000")
          .split(",")
          .map(Number),
        rampSeconds: Number(arg("ramp-seconds", "60")),
        playSeconds: Number(arg("play-seconds", "300")),
        sessionsPerSchool: Number(arg("classes-per-school", "3")),
        adminUrl,
      });
    }
    return;
  }
  console.log(
    "Latencies in ms (answer: request → response at the pupil; live: answer sent → teacher's channel). " +
      "CPU: the server's, % of one core, once every pupil has joined (PG: all PostgreSQL processes); RSS: the server's peak over the whole run.\n",
  );
  const steadyScenarios = scenarios.filter((s) => s !== "burst");
  if (steadyScenarios.length > 0) console.log(header);
  for (const db of steadyScenarios.length > 0 ? dbs : []) {
    for (const scenario of steadyScenarios) {
      if (scenario === "ramp") {
        let best = 0;
        for (const students of [250, 500, 1000, 1500, 2000, 2500, 3000, 4000]) {
          const { result, machine } = await runOnFreshServer(
            db,
            students,
            Math.ceil(students / 30),
            Math.min(seconds, 30) * 1000,
          );
          console.log(line(db, `ramp ${students}`, result, machine));
          if (result.answer.p99 >= 100 || totalErrors(result) > 0) break;
          best = students;
        }
        console.log(
          `${db.padEnd(8)} ramp result: ${best ? `${best} pupils with answer p99 under 100 ms` : "under 100 pupils"}`,
        );
      } else {
        const [students, sessions] = scenario === "class" ? [30, 1] : [1000, 35];
        const { result, machine } = await runOnFreshServer(
          db,
          students,
          sessions,
          (scenario === "class" ? Math.min(seconds, 30) : seconds) * 1000,
        );
        console.log(line(db, scenario, result, machine));
      }
    }
  }
  if (scenarios.includes("burst")) {
    console.log(
      `\nburst (${cold ? "cold: each join opens its connection" : "open connections: each pupil's join page loaded first, untimed"}): ` +
        "join = code lookup + join as the pupil waits for them; answer = request → response; " +
        "live = answer sent → teacher's channel; RSS: the server's peak over the run. " +
        "floor: the same joins from the same client against a bare node:http server (no framework, no database). " +
        "srv/j, pg/j, gen/j: ms of CPU per join while the class joins, of the server (PGlite's thread included), PostgreSQL and the load generator.\n",
    );
    console.log(burstHeader);
    // What a bare node:http server reaches for the same joins from the same client on this
    // machine: no target can be met below it.
    for (const students of burstSizes) {
      const { result, machine } = await runFloorBurst(students);
      console.log(burstLine("floor", "own address", result, machine));
    }
    for (const db of dbs) {
      for (const students of burstSizes) {
        for (const addressing of burstAddressing) {
          const { result, machine } = await runBurst(db, students, addressing === "one");
          console.log(burstLine(db, addressing, result, machine));
        }
      }
    }
  }
  console.log("");
  // --no-bundles: the load figures only (no production build, so no Lighthouse either).
  if (process.argv.includes("--no-bundles")) return;
  await reportBundles(root);
  if (scenarioArg === "all" || scenarioArg === "lighthouse") {
    console.log("");
    await reportLighthouse(root, { build: false });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
