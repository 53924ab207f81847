/**
 * The server's memory as a teacher's laptop sees it (`npm run bench -- --scenario=memory|day`):
 * the server started exactly as `npm start` starts it (package.json's start script, run from
 * `serverRoot`: BENCH_SERVER_ROOT compares another checkout), measured from outside in /proc over
 * its whole process tree: RSS, and VmHWM (each process's high-water mark) summed.
 *
 *   memory  after start (the high-water mark includes the start's peak), then a class of 30 joining
 *           and answering for 30 s (load-generator.ts)
 *   day     a school day on one server (school-day.ts): classes of 30 one after another, each on
 *           screen and around the room, results and CSV read, homework between; a row per class
 *
 * Inside figures come from the server's own report (MEMORY_REPORT_MS, memory-report.ts): its
 * JavaScript heap and, on PGlite, the database thread's heap and PostgreSQL's WebAssembly memory.
 * On PostgreSQL, `pg` is the RSS of the server's backends (pg_stat_activity) summed; it counts
 * the shared buffers each backend has touched, so it is an upper bound of their own memory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "../lib/scratch-database.ts";
import { sampleTree, statusKb, treeKb } from "./process-memory.ts";
import { benchServerEnv, freePort, untilListening } from "./server-process.ts";

type Inside = { heap?: number; dbHeap?: number; dbWasm?: number };

type NpmStarted = {
  url: string;
  pid: number;
  startScript: string;
  inside(): Inside;
  postgresBackendsKb(): Promise<number | null>;
  stop(): Promise<void>;
};

/** Starts `serverRoot`'s server with its package.json start script, as `npm start` runs it (without npm's own process). */
async function startAsNpmStart(
  serverRoot: string,
  env: Record<string, string>,
  databaseUrl?: string,
): Promise<NpmStarted> {
  const startScript = JSON.parse(fs.readFileSync(path.join(serverRoot, "package.json"), "utf8")).scripts
    .start as string;
  const port = await freePort();
  const child: ChildProcess = spawn("sh", ["-c", `exec ${startScript}`], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PATH: `${path.join(serverRoot, "node_modules/.bin")}:${path.dirname(process.execPath)}:${process.env.PATH}`,
      ...benchServerEnv(port),
      MEMORY_REPORT_MS: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let inside: Inside = {};
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c: Buffer) => {
    for (const line of String(c).split("\n")) {
      if (!line.startsWith("memory ")) {
        if (line.trim()) output += `${line}\n`;
        continue;
      }
      const field = (name: string) => {
        const m = new RegExp(`\\b${name}=(\\d+)`).exec(line);
        return m ? Number(m[1]) : undefined;
      };
      inside = { heap: field("heap"), dbHeap: field("dbHeap"), dbWasm: field("dbWasm") };
    }
  });
  await untilListening(child, () => output);
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    startScript,
    inside: () => inside,
    async postgresBackendsKb() {
      if (!databaseUrl || !database) return null;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        return rows.reduce((sum, r) => sum + statusKb(r.pid).rss, 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

const mb = (kb: number) => Math.round(kb / 1024);
const pad = (s: string | number | undefined | null, n: number) => String(s ?? "-").padStart(n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = { rss: number; hwm: number; peak: number; inside: Inside; pg: number | null; processes: number };

async function readRow(server: NpmStarted, peak: number): Promise<Row> {
  // The server's report comes every second: wait for one taken now.
  await sleep(1100);
  const tree = treeKb(server.pid);
  return {
    rss: mb(tree.rss),
    hwm: mb(tree.hwm),
    peak: mb(Math.max(peak, tree.rss)),
    inside: server.inside(),
    pg: await server.postgresBackendsKb().then((kb) => (kb === null ? null : mb(kb))),
    processes: tree.processes,
  };
}

const rowHeader = `${"db".padEnd(8)} ${"when".padEnd(22)} ${pad("RSS", 5)} ${pad("HWM", 5)} ${pad("peak", 5)} ${pad("heap", 5)} ${pad("dbHeap", 6)} ${pad("wasm", 5)} ${pad("pg", 5)} ${pad("procs", 5)}  extra`;
const rowLine = (db: string, when: string, r: Row, extra = "") =>
  `${db.padEnd(8)} ${when.padEnd(22)} ${pad(r.rss, 5)} ${pad(r.hwm, 5)} ${pad(r.peak, 5)} ${pad(r.inside.heap, 5)} ${pad(r.inside.dbHeap, 6)} ${pad(r.inside.dbWasm, 5)} ${pad(r.pg, 5)} ${pad(r.processes, 5)}  ${extra}`;

/** A server on a fresh database (PGlite in a new folder, or a scratch PostgreSQL database), stopped and dropped after `run`. */
async function withServer<T>(
  db: string,
  serverRoot: string,
  adminUrl: string,
  run: (server: NpmStarted, sampler: ReturnType<typeof sampleTree>) => Promise<T>,
) {
  const scratch = db === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_bench") : null;
  const dataDir = db === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-bench-")) : null;
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! };
  const server = await startAsNpmStart(serverRoot, env, scratch?.url);
  const sampler = sampleTree(server.pid);
  try {
    return await run(server, sampler);
  } finally {
    sampler.stop();
    await server.stop();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Spawns a generator script with its options, returning its process; stdout lines go to `onLine`. */
function generator(root: string, script: string, options: object, onLine: (line: string) => void) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench", script), JSON.stringify(options)],
    {
      cwd: root,
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  let buffer = "";
  child.stdout!.on("data", (c) => {
    buffer += c;
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      onLine(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  });
  const exited = new Promise<void>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)))),
  );
  return { child, exited };
}

/** Seconds after "ready" before the settled figures: V8 keeps compiling the database's hot code in the background. */
const SETTLE_MS = 20_000;

export async function reportMemory(options: {
  root: string;
  serverRoot: string;
  dbs: string[];
  scenario: "memory" | "day";
  adminUrl: string;
  classes: number;
}) {
  const { root, serverRoot, dbs, adminUrl } = options;
  console.log(
    `memory (${options.scenario}) — server from ${serverRoot}, started as its npm start does; MB. RSS and HWM (VmHWM, each ` +
      "process's high-water mark) summed over the server's process tree, read from /proc; peak: the largest RSS sum sampled " +
      "every 200 ms in the phase; heap: the main thread's JS heap used; dbHeap/wasm: the PGlite thread's JS heap and " +
      "PostgreSQL's WebAssembly memory; pg: the RSS of the server's PostgreSQL backends.\n",
  );
  console.log(rowHeader);
  for (const db of dbs) {
    await withServer(db, serverRoot, adminUrl, async (server, sampler) => {
      console.log(rowLine(db, "ready", await readRow(server, sampler.peak()), `start: ${server.startScript}`));
      await sleep(SETTLE_MS);
      console.log(rowLine(db, `settled (+${SETTLE_MS / 1000} s)`, await readRow(server, sampler.peak())));
      if (options.scenario === "memory") {
        sampler.reset();
        let result = "";
        await generator(
          root,
          "load-generator.ts",
          { url: server.url, students: 30, sessions: 1, intervalMs: 3000, durationMs: 30_000, addressSeed: 31 },
          (line) => (result = line),
        ).exited;
        const r = JSON.parse(result);
        console.log(
          rowLine(
            db,
            "class of 30",
            await readRow(server, sampler.peak()),
            `join p50/p99 ${r.join.p50}/${r.join.p99} answer ${r.answer.p50}/${r.answer.p99} errors ${JSON.stringify(r.errors)}`,
          ),
        );
        return;
      }
      const started = performance.now();
      let last = "";
      const day = generator(
        root,
        "school-day.ts",
        { url: server.url, classes: options.classes, pupils: 30, addressSeed: 77 },
        (line) => {
          last = line;
          const match = /^class (\d+)$/.exec(line);
          if (!match) return;
          const peak = sampler.peak();
          void readRow(server, peak).then((row) => {
            console.log(rowLine(db, `class ${match[1]}`, row, `${Math.round((performance.now() - started) / 1000)} s`));
            sampler.reset();
            day.child.stdin!.write("next\n");
          });
        },
      );
      await day.exited;
      const r = JSON.parse(last);
      console.log(
        `${db.padEnd(8)} day: join p50/p99 ${r.join.p50}/${r.join.p99} ms (${r.join.count}), answer ${r.answer.p50}/${r.answer.p99} ms (${r.answer.count}), results ${r.results.p50}/${r.results.p99} ms, errors ${JSON.stringify(r.errors)}`,
      );
    });
  }
}
