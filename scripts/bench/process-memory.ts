/** Memory of a process and everything it started, read from /proc (Linux), in kB. */
import fs from "node:fs";

/** `pid` and its descendants (children of children too), by the parent ids in /proc/<pid>/stat. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** VmRSS and VmHWM (its high-water mark) of one process, in kB; zeros if it has ended. */
export function statusKb(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** RSS and high-water marks summed over a process tree, in kB. */
export function treeKb(pid: number): { rss: number; hwm: number; processes: number } {
  const tree = processTree(pid);
  let rss = 0;
  let hwm = 0;
  for (const p of tree) {
    const s = statusKb(p);
    rss += s.rss;
    hwm += s.hwm;
  }
  return { rss, hwm, processes: tree.length };
}

/**
 * Samples a process tree's summed RSS every `everyMs` from now on: `peak()` is the largest sum
 * seen (a child that came and went between two reads of its VmHWM counts here, at its sampled size).
 */
export function sampleTree(pid: number, everyMs = 200) {
  let peak = treeKb(pid).rss;
  const timer = setInterval(() => (peak = Math.max(peak, treeKb(pid).rss)), everyMs);
  return {
    peak: () => Math.max(peak, treeKb(pid).rss),
    reset: () => (peak = treeKb(pid).rss),
    stop: () => clearInterval(timer),
  };
}
