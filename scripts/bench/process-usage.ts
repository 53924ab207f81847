/**
 * CPU and memory of groups of processes, read from /proc while a benchmark runs: each Node
 * instance, nginx (its master and workers), PostgreSQL (the backends of one database and the
 * server's own background processes), the load generator.
 *
 * Memory is PSS (proportional set size, /proc/PID/smaps_rollup): shared pages are split
 * between the processes that share them, so a group of forked processes (PostgreSQL's
 * shared_buffers, nginx's workers) is not counted once per process, as summing RSS would.
 */
import fs from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

/** The processes of a group, found afresh at each sample (backends and workers come and go). */
export type ProcessGroup = { name: string; pids: () => number[] };

function read(path: string): string | null {
  try {
    return fs.readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function cpuTicks(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** Nanoseconds the process's main thread has spent runnable but waiting for a CPU (/proc/PID/schedstat). */
function runQueueNs(pid: number): number {
  const stat = read(`/proc/${pid}/schedstat`);
  return stat ? Number(stat.split(" ")[1]) : 0;
}

function pssKb(pid: number): number {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  const match = rollup && /^Pss:\s+(\d+) kB/m.exec(rollup);
  return match ? Number(match[1]) : 0;
}

function rssKb(pid: number): number {
  const status = read(`/proc/${pid}/status`);
  const match = status && /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) : 0;
}

function allPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
}

const cmdline = (pid: number) => (read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ");
const parentOf = (pid: number) => {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : -1;
};

/** A process and its children (nginx's master and its workers). */
export const processTree = (name: string, root: number): ProcessGroup => ({
  name,
  pids: () => [root, ...allPids().filter((p) => parentOf(p) === root)],
});

/**
 * PostgreSQL as one database's load sees it: the backends connected to `database` and the
 * server's background processes (checkpointer, WAL writer…), not other databases' backends.
 */
export const postgresFor = (database: string): ProcessGroup => ({
  name: "postgres",
  pids: () =>
    allPids().filter((p) => {
      const comm = read(`/proc/${p}/comm`)?.trim();
      if (comm !== "postgres") return false;
      const line = cmdline(p);
      // A backend's title is "postgres: 15/main: USER DATABASE ADDRESS(PORT) STATE".
      const backend = /\(\d+\)|\[local\]/.test(line);
      return !backend || line.includes(` ${database} `);
    }),
});

/**
 * CPU % of one core over the window; `waitPercent`: the share of the window the group's busiest
 * main thread spent ready to run but waiting for a CPU (a machine shared with other work shows
 * here); memory in MB: PSS (peak and last sample), and peak RSS summed over the group.
 */
export type GroupUsage = {
  name: string;
  cpuPercent: number;
  waitPercent: number;
  peakPssMb: number;
  endPssMb: number;
  peakRssMb: number;
};

/**
 * Samples every group every `everyMs`. `window()` starts the CPU window afresh; `done()` gives
 * each group's CPU (% of one core) over the window and its peak and last memory.
 */
export function watchProcesses(groups: ProcessGroup[], everyMs = 2000) {
  // The last CPU reading of every process seen: one that ends within the window (the generator
  // before its result is read) keeps what it used instead of dropping out of the sum.
  const lastTicks = groups.map(() => new Map<number, number>());
  const lastWaits = groups.map(() => new Map<number, number>());
  const ticksOf = (g: ProcessGroup, i: number) => {
    for (const pid of g.pids()) {
      const ticks = cpuTicks(pid);
      if (ticks > 0) lastTicks[i]!.set(pid, ticks);
    }
    let sum = 0;
    for (const ticks of lastTicks[i]!.values()) sum += ticks;
    return sum;
  };
  const waitsOf = (g: ProcessGroup, i: number) => {
    for (const pid of g.pids()) {
      const ns = runQueueNs(pid);
      if (ns > 0) lastWaits[i]!.set(pid, ns);
    }
    return new Map(lastWaits[i]!);
  };
  const reading = () => ({ at: performance.now(), ticks: groups.map(ticksOf), waits: groups.map(waitsOf) });
  const memoryOf = (g: ProcessGroup) => {
    let pss = 0;
    let rss = 0;
    for (const pid of g.pids()) {
      pss += pssKb(pid);
      rss += rssKb(pid);
    }
    return { pss, rss };
  };
  let start = reading();
  let end = start;
  const first = groups.map(memoryOf);
  const peak = first.map((m) => m.pss);
  const peakRss = first.map((m) => m.rss);
  const last = [...peak];
  let stopped = false;
  const timer = setInterval(() => {
    end = reading();
    groups.forEach((g, i) => {
      const m = memoryOf(g);
      last[i] = m.pss;
      peak[i] = Math.max(peak[i]!, m.pss);
      peakRss[i] = Math.max(peakRss[i]!, m.rss);
    });
  }, everyMs);
  return {
    window() {
      start = reading();
    },
    /** Ends the CPU window now (before a watched process exits); `done()` then reports it. */
    stop() {
      if (stopped) return;
      stopped = true;
      end = reading();
      clearInterval(timer);
    },
    done(): GroupUsage[] {
      this.stop();
      const seconds = (end.at - start.at) / 1000;
      return groups.map((g, i) => ({
        name: g.name,
        cpuPercent: Math.round(((end.ticks[i]! - start.ticks[i]!) / CLOCK_TICKS_PER_SECOND / seconds) * 100),
        waitPercent: Math.round(
          (Math.max(0, ...[...end.waits[i]!].map(([pid, ns]) => ns - (start.waits[i]!.get(pid) ?? 0))) /
            1e9 /
            seconds) *
            100,
        ),
        peakPssMb: Math.round(peak[i]! / 1024),
        endPssMb: Math.round(last[i]! / 1024),
        peakRssMb: Math.round(peakRss[i]! / 1024),
      }));
    },
  };
}
