/** The real server as a child process for the benchmark, with its memory and CPU read from /proc. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

/** CPU ticks of every PostgreSQL process on this machine (the server's backends among them). */
function postgresCpuTicks(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended while we looked
    }
  }
  return ticks;
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : NaN;
}

export type Measurement = {
  steady(): void;
  done(): { cpuPercent: number; dbCpuPercent: number; peakRssMb: number; rssMb: number };
};

export type RunningServer = {
  url: string;
  child: ChildProcess;
  /**
   * Starts watching peak RSS; `steady()` starts the CPU window (once every pupil has joined);
   * `done()` ends both with CPU % (of one core) and peak RSS.
   */
  measure(): Measurement;
  /** CPU used so far, in ms: the server process (all its threads) and every PostgreSQL process on the machine. */
  cpuMs(): { server: number; postgres: number };
  stop(): Promise<void>;
};

/**
 * How `npm start` runs the server (package.json's start script, `node <flags> [--import tsx]
 * <script>`): its Node and V8 flags, whether TypeScript goes through tsx, and the script
 * (src/server/start.mjs; src/server/main.ts in checkouts before decision 055), so that the
 * bench measures the server as it runs.
 */
export function startCommand(root: string): { flags: string[]; tsx: boolean; script: string } {
  const start = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start as string;
  const words = start.split(/\s+/);
  if (words[0] !== "node") return { flags: [], tsx: true, script: "src/server/main.ts" };
  const flags: string[] = [];
  let tsx = false;
  let i = 1;
  for (; i < words.length && words[i]!.startsWith("--"); i++) {
    if (words[i] === "--import" && words[i + 1] === "tsx") {
      tsx = true;
      i++;
    } else flags.push(words[i]!);
  }
  return { flags, tsx, script: words[i] ?? "src/server/main.ts" };
}

/**
 * A command line that runs `command` with at least `openFiles` file descriptors (the shell's
 * `ulimit -n`, raised as far as the hard limit allows when it may not go further), in the same
 * process: the child's pid is the command's.
 */
export function withOpenFiles(openFiles: number, command: string[]): [string, string[]] {
  return [
    "/bin/sh",
    ["-c", `ulimit -n ${openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`, "sh", ...command],
  ];
}

/** What every bench server is started with: its port on loopback, quiet logs unless asked, a fixed secret. */
export const benchServerEnv = (port: number) => ({
  HOST: "127.0.0.1",
  PORT: String(port),
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
  SESSION_SECRET: "benchmark-secret-benchmark-secret-0123456789",
});

/** Resolves once the server has printed its "Local:" line; rejects, with all it printed, if it exits first. */
export function untilListening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output().includes("Local:")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
}

/**
 * Starts the real server as npm start does (its flags and script), or `entry` (a TypeScript file run
 * through tsx) when one is named, and waits for its "Local:" line.
 * `openFiles`: its file-descriptor limit (a deployment's LimitNOFILE), else this process's.
 */
export async function startServer(
  root: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  entry?: string,
  openFiles?: number,
): Promise<RunningServer> {
  const port = await freePort();
  const start = entry === undefined ? startCommand(root) : { flags: [], tsx: true, script: entry };
  const loader = start.tsx ? ["--import", "tsx"] : [];
  const command = [process.execPath, ...start.flags, ...nodeArgs, ...loader, path.join(root, start.script)];
  const [file, args] = openFiles ? withOpenFiles(openFiles, command) : [command[0]!, command.slice(1)];
  const child = spawn(file, args, {
    cwd: root,
    env: {
      ...process.env,
      ...benchServerEnv(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c) => {
    output += c;
    if (process.env.BENCH_LOG_FILE) fs.appendFileSync(process.env.BENCH_LOG_FILE, c);
  });
  child.stderr!.on("data", (c) => {
    output += c;
    if (process.env.BENCH_LOG_FILE) fs.appendFileSync(process.env.BENCH_LOG_FILE, c);
  });
  await untilListening(child, () => output);
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    measure() {
      let t0 = performance.now();
      let c0 = cpuTicks(pid);
      let db0 = postgresCpuTicks();
      let peak = statusKb(pid, "VmRSS");
      const sampler = setInterval(() => (peak = Math.max(peak, statusKb(pid, "VmRSS"))), 200);
      const steady = () => {
        t0 = performance.now();
        c0 = cpuTicks(pid);
        db0 = postgresCpuTicks();
      };
      const done = () => {
        clearInterval(sampler);
        const seconds = (performance.now() - t0) / 1000;
        const rss = statusKb(pid, "VmRSS");
        return {
          cpuPercent: Math.round(((cpuTicks(pid) - c0) / CLOCK_TICKS_PER_SECOND / seconds) * 100),
          dbCpuPercent: Math.round(((postgresCpuTicks() - db0) / CLOCK_TICKS_PER_SECOND / seconds) * 100),
          peakRssMb: Math.round(Math.max(peak, rss) / 1024),
          rssMb: Math.round(rss / 1024),
        };
      };
      return { steady, done };
    },
    cpuMs: () => ({
      server: (cpuTicks(pid) * 1000) / CLOCK_TICKS_PER_SECOND,
      postgres: (postgresCpuTicks() * 1000) / CLOCK_TICKS_PER_SECOND,
    }),
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
