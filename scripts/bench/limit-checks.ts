/**
 * `npx tsx scripts/bench/limit-checks.ts [--pupils=1000] [--parallel=100]`: what the abuse
 * limits' shared store costs a join on PostgreSQL (decision 015). A school of `pupils` behind
 * one address joins through the real app (lookup, join; every tenth pupil mistypes
 * once first), `parallel` at a time, on a fresh PostgreSQL database, twice: with the shared
 * store (the `limit_counters` table), and with the same checks kept in process instead. The
 * difference is the store's cost. Every check is timed too (its latency includes waiting for
 * a pooled connection, so under a burst it measures queueing more than work), and a quiet
 * check is timed alone.
 */
import { performance } from "node:perf_hooks";
import { inProcessCounters } from "../../src/server/limits/limit-counters.ts";
import { teacherWithSession } from "../../tests/support/classroom.ts";
import { HttpClient, newMachineAddress } from "../../tests/support/http-client.ts";
import { startTestServer } from "../../tests/support/test-server.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const pupils = Number(arg("pupils", "1000"));
const parallel = Number(arg("parallel", "100"));
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (n: number) => n.toFixed(2);

async function burst(store: "shared" | "in process") {
  const server = await startTestServer({ db: "postgres" });
  try {
    const { session } = await teacherWithSession(server.url, 6);
    const codes = (session.groups as Array<{ joinCode: string }>).map((g) => g.joinCode);
    const checks: number[] = [];
    const counters = server.app.limitCounters;
    const quiet: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await counters.add([
        { key: `quiet:${i % 20}`, windowMs: 60_000, by: 1 },
        { key: `quiet-device:${i}`, windowMs: 60_000, by: 1 },
        { key: "quiet-joins", windowMs: 60_000, by: 0 },
      ]);
      quiet.push(performance.now() - t);
    }
    const add = store === "shared" ? counters.add.bind(counters) : inProcessCounters().add;
    counters.add = async (changes) => {
      const started = performance.now();
      try {
        return await add(changes);
      } finally {
        checks.push(performance.now() - started);
      }
    };

    const school = newMachineAddress();
    const joins: number[] = [];
    const failures: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < pupils) {
          const i = next++;
          const code = codes[i % codes.length]!;
          const t = performance.now();
          const device = new HttpClient(server.url, { localAddress: school });
          const statuses: number[] = [];
          if (i % 10 === 3)
            await device.post("/api/join/lookup", {
              code: code === "999999" ? "100000" : String(Number(code) + 1).padStart(6, "0"),
            });
          const found = await device.post("/api/join/lookup", { code });
          statuses.push(found.status);
          if (found.status === 200)
            statuses.push(
              (await device.post("/api/join", { code, groupId: found.body.groupId, name: `Pupil ${i}` })).status,
            );
          joins.push(performance.now() - t);
          if (statuses.some((s) => s >= 400)) failures.push(i);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = checks.reduce((a, b) => a + b, 0);
    console.log(
      `\n${store} store: ${pupils} pupils behind one address, ${parallel} at a time, PostgreSQL: ${seconds.toFixed(2)} s, ${failures.length} failed joins`,
    );
    if (store === "shared")
      console.log(
        `a quiet check (3 keys, sequential): p50 ${ms(percentile(quiet, 50))} ms, p95 ${ms(percentile(quiet, 95))} ms`,
      );
    console.log(
      `join (lookup + join) p50 ${ms(percentile(joins, 50))} ms, p95 ${ms(percentile(joins, 95))} ms, p99 ${ms(percentile(joins, 99))} ms`,
    );
    console.log(
      `store checks: ${checks.length} (${(checks.length / pupils).toFixed(2)} per join), each p50 ${ms(percentile(checks, 50))} ms, p95 ${ms(percentile(checks, 95))} ms, p99 ${ms(percentile(checks, 99))} ms`,
    );
    console.log(`store time per join: ${ms(total / pupils)} ms (latency summed over its checks)`);
    return seconds;
  } finally {
    await server.close();
  }
}

const inProcess = await burst("in process");
const shared = await burst("shared");
console.log(
  `\nthe shared store's cost: ${ms(((shared - inProcess) * 1000) / pupils)} ms of wall time per join under the burst (${ms(inProcess)} s → ${ms(shared)} s)`,
);
