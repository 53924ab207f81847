/**
 * `npm run bench -- --scenario=county`: a county's quiz on one box (county-generator.ts drives it).
 *
 * On PostgreSQL, the deployment of docs/DEPLOY.md: two instances (`npm start`'s server, each on
 * its own free port, TRUST_PROXY=127.0.0.1, the same fresh database) behind nginx run in the
 * foreground with docs/deploy/nginx.conf (only its ports changed) inside a main configuration
 * in a temporary directory, with the worker limits DEPLOY.md asks for. On PGlite, one instance
 * and no proxy. Each step of the curve starts everything afresh.
 *
 * Per step: join and answer p50/p99, errors, and CPU (% of one core, from the first pupil's
 * arrival to the last answer) and memory of each instance, PostgreSQL, nginx and the generator.
 * A step holds when answer p99 < 500 ms with 0 errors; the curve stops at the first that does not.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../lib/scratch-database.ts";
import { type GroupUsage, postgresFor, processTree, watchProcesses } from "./process-usage.ts";
import { freePort, type RunningServer, startServer, withOpenFiles } from "./server-process.ts";
import { summarise } from "./stats.ts";

const NGINX = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";
/**
 * File descriptors for each process of the bench (~2 connections per pupil at the generator and
 * nginx, 1–2 at an instance): what DEPLOY.md asks for, or the machine's hard limit if lower
 * (raising it needs CAP_SYS_RESOURCE, which a container may not have).
 */
const OPEN_FILES = Math.min(
  65_536,
  Number(execFileSync("/bin/sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).trim()) || 65_536,
);
export const COUNTY_TARGET = { answerP99Ms: 500 } as const;

export type CountyOptions = {
  db: "postgres" | "pglite";
  steps: number[];
  rampSeconds: number;
  playSeconds: number;
  sessionsPerSchool: number;
  adminUrl: string;
};

type GeneratorResult = {
  students: number;
  sessions: number;
  schools: number;
  joined: number;
  answers: number;
  answersPerSecond: number;
  join: { p50: number; p99: number; max: number };
  answer: { count: number; p50: number; p99: number; max: number };
  live: { p50: number; p99: number };
  results: { count: number; p50: number; p99: number };
  liveUnheard: number;
  streamsAtEnd: number;
  generatorCpuPercent: number;
  generatorLagP99Ms: number;
  errors: Record<string, number>;
};

/** docs/deploy/nginx.conf with the bench's ports, in a main configuration that keeps everything in `dir`. */
function nginxConfig(root: string, dir: string, port: number, instancePorts: number[]): string {
  const example = fs.readFileSync(path.join(root, "docs/deploy/nginx.conf"), "utf8");
  const site = example
    .replace("server 127.0.0.1:3001;", `server 127.0.0.1:${instancePorts[0]};`)
    .replace("server 127.0.0.1:3002;", `server 127.0.0.1:${instancePorts[1]};`)
    .replace("listen 80;", `listen 127.0.0.1:${port} backlog=4096;`);
  if (!site.includes(`127.0.0.1:${instancePorts[1]}`) || !site.includes(`listen 127.0.0.1:${port}`))
    throw new Error("docs/deploy/nginx.conf no longer has the lines the county bench replaces (its ports)");
  fs.writeFileSync(path.join(dir, "cluehunt.conf"), site);
  // Debian's nginx.conf (worker_processes auto), with DEPLOY.md's limits raised for a county:
  // each pupil holds two connections to nginx (its live stream, its requests) and one to an instance.
  return `
user root;
daemon off;
worker_processes auto;
worker_rlimit_nofile ${OPEN_FILES};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections ${Math.min(32_768, OPEN_FILES)}; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  access_log off;
  include ${dir}/cluehunt.conf;
}
`;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not open port ${port}: ${output()}`);
}

/** nginx in the foreground in front of `instancePorts`; stop() ends it gracefully. */
async function startNginx(root: string, instancePorts: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-county-nginx-"));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(root, dir, port, instancePorts));
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port, child, () => stderr);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    /** nginx's error log: what it refused or could not pass on. */
    errorLog: () => fs.readFileSync(path.join(dir, "error.log"), "utf8"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Pupils per generator process: two connections each, under the machine's per-process limit of open files. */
const PUPILS_PER_GENERATOR = 5000;

type GeneratorOutput = GeneratorResult & {
  samples: { join: number[]; answer: number[]; live: number[]; results: number[] };
};

/**
 * The generators as processes of their own, each with its share of the pupils and its own
 * schools; they ramp together once all are ready. `onRamping` gets their pids as they start.
 */
async function runGenerators(
  root: string,
  options: { url: string; students: number; rampSeconds: number; playSeconds: number; sessionsPerSchool: number },
  onRamping: (pids: number[]) => void,
): Promise<GeneratorResult> {
  const count = Math.ceil(options.students / PUPILS_PER_GENERATOR);
  const readyAll: Promise<void>[] = [];
  const children = Array.from({ length: count }, (_, part) => {
    const students = Math.floor(options.students / count) + (part < options.students % count ? 1 : 0);
    const [file, args] = withOpenFiles(OPEN_FILES, [
      process.execPath,
      "--max-old-space-size=4096",
      "--import",
      "tsx",
      path.join(root, "scripts/bench/county-generator.ts"),
      JSON.stringify({ ...options, students, addressSeed: part + 1 }),
    ]);
    const child = spawn(file, args, { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    readyAll.push(
      new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (c) => {
          out += c;
          if (out.includes("ready\n")) resolve();
        });
        child.once("exit", (code) => reject(new Error(`county generator exited ${code} before it was ready`)));
      }),
    );
    const result = new Promise<GeneratorOutput>((resolve, reject) =>
      child.on("exit", (code) => {
        try {
          if (code !== 0) throw new Error(`county generator exited ${code}`);
          resolve(JSON.parse(out.trim().split("\n").at(-1)!));
        } catch (e) {
          reject(e);
        }
      }),
    );
    return { child, result };
  });
  await Promise.all(readyAll);
  onRamping(children.map((c) => c.child.pid!));
  for (const { child } of children) child.stdin!.write("go\n");
  const parts = await Promise.all(children.map((c) => c.result));
  const all = (key: keyof GeneratorOutput["samples"]) => parts.flatMap((p) => p.samples[key]);
  const errors: Record<string, number> = {};
  for (const p of parts) for (const [kind, n] of Object.entries(p.errors)) errors[kind] = (errors[kind] ?? 0) + n;
  const sum = (
    key:
      | "sessions"
      | "schools"
      | "joined"
      | "answers"
      | "answersPerSecond"
      | "liveUnheard"
      | "streamsAtEnd"
      | "generatorCpuPercent",
  ) => Math.round(parts.reduce((n, p) => n + p[key], 0) * 10) / 10;
  return {
    students: options.students,
    sessions: sum("sessions"),
    schools: sum("schools"),
    joined: sum("joined"),
    answers: sum("answers"),
    answersPerSecond: sum("answersPerSecond"),
    join: summarise(all("join")),
    answer: summarise(all("answer")),
    live: summarise(all("live")),
    results: summarise(all("results")),
    liveUnheard: sum("liveUnheard"),
    streamsAtEnd: sum("streamsAtEnd"),
    generatorCpuPercent: sum("generatorCpuPercent"),
    generatorLagP99Ms: Math.max(...parts.map((p) => p.generatorLagP99Ms)),
    errors,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const usageText = (u: GroupUsage) =>
  `${u.name} ${u.cpuPercent}% (waited ${u.waitPercent}%) ${u.peakRssMb}/${u.peakPssMb} MB`;

/** One step of the curve on a fresh deployment. */
async function countyStep(root: string, options: CountyOptions, students: number) {
  const cleanups: Array<() => Promise<unknown> | undefined> = [];
  try {
    const servers: RunningServer[] = [];
    let url: string;
    let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
    let database: string | null = null;
    if (options.db === "postgres") {
      const scratch = await createScratchDatabase(options.adminUrl, "cluehunt_county");
      cleanups.push(() => scratch.drop());
      database = new URL(scratch.url).pathname.slice(1);
      // One after the other: the first applies the migrations.
      for (let i = 0; i < 2; i++) {
        const server = await startServer(
          root,
          { DATABASE_URL: scratch.url, TRUST_PROXY: "127.0.0.1" },
          [],
          undefined,
          OPEN_FILES,
        );
        cleanups.push(() => server.stop());
        servers.push(server);
      }
      nginx = await startNginx(
        root,
        servers.map((s) => Number(new URL(s.url).port)),
      );
      cleanups.push(() => nginx!.stop());
      url = nginx.url;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-county-"));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer(root, { DATA_DIR: dataDir }, [], undefined, OPEN_FILES);
      cleanups.push(() => server.stop());
      servers.push(server);
      url = server.url;
    }
    let watcher: ReturnType<typeof watchProcesses> | null = null;
    const result = await runGenerators(
      root,
      {
        url,
        students,
        rampSeconds: options.rampSeconds,
        playSeconds: options.playSeconds,
        sessionsPerSchool: options.sessionsPerSchool,
      },
      (generatorPids) => {
        watcher = watchProcesses([
          ...servers.map((s, i) => ({ name: `instance ${i + 1}`, pids: () => [s.child.pid!] })),
          ...(database ? [postgresFor(database)] : []),
          ...(nginx ? [processTree("nginx", nginx.pid)] : []),
          {
            name: generatorPids.length > 1 ? `generator ×${generatorPids.length}` : "generator",
            pids: () => generatorPids,
          },
        ]);
      },
    );
    const usage = (watcher as ReturnType<typeof watchProcesses> | null)?.done() ?? [];
    const nginxErrors = nginx
      ? nginx
          .errorLog()
          .split("\n")
          .filter((l) => l.includes("[error]") || l.includes("[alert]") || l.includes("[crit]"))
      : [];
    return { result, usage, nginxErrors };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

const totalErrors = (r: GeneratorResult) => Object.values(r.errors).reduce((a, b) => a + b, 0);

export async function runCounty(root: string, options: CountyOptions) {
  console.log(
    `\ncounty on ${options.db === "postgres" ? "PostgreSQL, two instances behind nginx" : "PGlite, one instance"}: ` +
      `pupils arrive over ${options.rampSeconds} s in classes of 30 (${options.sessionsPerSchool} classes per school, one address per school), ` +
      `each answers every 10–20 s for ${options.playSeconds} s after joining; its class's teacher keeps the live results open. ` +
      `join = code lookup + join; answer = request → response; CPU: % of one core from the first arrival to the last answer; ` +
      `waited: share of the window its busiest main thread was ready to run but had no CPU (other work on the machine); ` +
      `memory: peak RSS/PSS MB (PSS splits shared pages: PostgreSQL's shared buffers, nginx's workers). ` +
      `A step holds with answer p99 < ${COUNTY_TARGET.answerP99Ms} ms and 0 errors. Open files per process: ${OPEN_FILES}.\n`,
  );
  console.log(
    `${"db".padEnd(8)} ${pad("pupils", 6)} ${pad("joined", 6)} ${pad("join50", 7)} ${pad("join99", 7)} ${pad("ans/s", 6)} ${pad("ans50", 7)} ${pad("ans99", 7)} ${pad("live99", 7)} ${pad("res99", 7)} ${pad("errors", 6)}  processes (CPU, peak RSS/PSS)`,
  );
  let best = 0;
  for (const students of options.steps) {
    const { result, usage, nginxErrors } = await countyStep(root, options, students);
    const errors = totalErrors(result);
    console.log(
      `${options.db.padEnd(8)} ${pad(students, 6)} ${pad(result.joined, 6)} ${pad(result.join.p50, 7)} ${pad(result.join.p99, 7)} ` +
        `${pad(result.answersPerSecond, 6)} ${pad(result.answer.p50, 7)} ${pad(result.answer.p99, 7)} ${pad(result.live.p99, 7)} ${pad(result.results.p99, 7)} ${pad(errors, 6)}  ` +
        `${usage.map(usageText).join(", ")}; generator lag p99 ${result.generatorLagP99Ms} ms` +
        (errors ? `\n         errors: ${JSON.stringify(result.errors)}` : "") +
        (nginxErrors.length
          ? `\n         nginx error log (${nginxErrors.length} lines), first: ${nginxErrors[0]!.slice(0, 300)}`
          : ""),
    );
    if (result.answer.p99 >= COUNTY_TARGET.answerP99Ms || errors > 0) break;
    best = students;
  }
  console.log(
    `${options.db.padEnd(8)} county result: ${best ? `${best} pupils hold (answer p99 < ${COUNTY_TARGET.answerP99Ms} ms, 0 errors)` : `the first step, ${options.steps[0]}, did not hold`}`,
  );
}
