/**
 * `npx tsx scripts/bench/hostile-game-file.ts [--db=pglite,postgres] [--mib=8,27] [--at-once=1]`:
 * what a hostile game file costs everyone else. The real server runs as a child
 * process; a signed-up teacher sends `POST /api/games/import` with `mib` MiB of
 * `{"format":"cluehunt-game","version":1,"game":{"title":"x","questions":[{},{},…]}}` (`at-once`
 * of them together), and a save of 640 KiB of `{"title":"x","questions":[{},…]}`, while another
 * client asks `/api/health` over and over. Prints, per body: the answer, how long it took, the
 * longest `/api/health` wait meanwhile, and how far the server's memory (RSS) rose.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { HttpClient } from "../../tests/support/http-client.ts";
import { createScratchDatabase } from "../lib/scratch-database.ts";
import { startServer } from "./server-process.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const databases = arg("db", "pglite,postgres").split(",");
const sizesMiB = arg("mib", "8,27").split(",").map(Number);
const atOnce = Number(arg("at-once", "1"));
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "../..");
const MiB = 1024 * 1024;

/** `prefix` + `{},{},…` + `suffix`, `bytes` long (to within one element). */
function emptyElements(prefix: string, suffix: string, bytes: number): string {
  const count = Math.floor((bytes - prefix.length - suffix.length + 1) / 3);
  return `${prefix}${"{},".repeat(count - 1)}{}${suffix}`;
}

const hostileImport = (mib: number) =>
  emptyElements('{"format":"cluehunt-game","version":1,"game":{"title":"x","questions":[', "]}}", mib * MiB);
const hostileSave = () => emptyElements('{"title":"x","questions":[', "]}", 640 * 1024 - 64);

function rssKb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
}

async function measure(url: string, pid: number, send: () => Promise<Array<{ status: number; body: any }>>) {
  const health = new HttpClient(url);
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  let sending = true;
  let longestHealthMs = 0;
  const poll = (async () => {
    while (sending) {
      const t = performance.now();
      const res = await health.get("/api/health");
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      longestHealthMs = Math.max(longestHealthMs, performance.now() - t);
    }
  })();
  const t0 = performance.now();
  const answers = await send();
  const tookMs = performance.now() - t0;
  sending = false;
  await poll;
  clearInterval(sampler);
  return {
    answers: answers.map((a) => `${a.status} ${a.body?.error?.key ?? a.body?.error?.message ?? ""}`).join(" | "),
    tookMs: Math.round(tookMs),
    longestHealthMs: Math.round(longestHealthMs),
    rssRiseMb: Math.round((peak - before) / 1024),
  };
}

async function probe(db: string) {
  const scratch = db === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_hostile") : null;
  const dataDir = scratch ? null : fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-hostile-"));
  const server = await startServer(root, scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! });
  try {
    const teacher = new HttpClient(server.url);
    const signup = await teacher.post("/api/auth/signup", {
      displayName: "Probe",
      email: `probe-${Date.now()}@scoil.ie`,
      password: "password-123",
    });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.text}`);
    const pid = server.child.pid!;
    for (const mib of sizesMiB) {
      // Bytes, encoded once: the client's own encoding is not the server's time.
      const body = Buffer.from(hostileImport(mib));
      const result = await measure(server.url, pid, () =>
        Promise.all(Array.from({ length: atOnce }, () => teacher.request("POST", "/api/games/import", body))),
      );
      console.log(JSON.stringify({ db, route: "POST /api/games/import", mib, atOnce, ...result }));
    }
    const save = Buffer.from(hostileSave());
    const result = await measure(server.url, pid, async () => [await teacher.request("POST", "/api/games", save)]);
    console.log(JSON.stringify({ db, route: "POST /api/games", kib: Math.round(save.length / 1024), ...result }));
  } finally {
    await server.stop();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const db of databases) await probe(db);
