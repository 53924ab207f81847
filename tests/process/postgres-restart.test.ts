/**
 * PostgreSQL crashes and comes back under running app instances: the app must recover
 * without a restart. A private cluster (never the machine's shared server) is stopped with
 * `pg_ctl -m immediate` — every backend killed, crash recovery on the next start — while a
 * class answers on instance A and the teacher watches through instance B, so that B hears of
 * answers only through LISTEN/NOTIFY. During the outage requests must fail cleanly (503, a
 * clear JSON message, no crash, no unhandled error); afterwards answers must succeed again
 * within seconds, B's listener must be back, and the ledger must check out.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { databaseUnavailableMessage } from "../../src/server/db/unavailable.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { checkLedger, expectLedgerHolds } from "../support/answer-ledger.ts";
import { startAnsweringClass } from "../support/answering-class.ts";
import { freePort } from "../support/free-port.ts";
import { openLiveChannel } from "../support/live-channel.ts";
import { findPostgresBinDir, startPrivatePostgres } from "../support/private-postgres.ts";
import { pause, startApiServerProcess, waitUntil } from "../support/server-process.ts";

const PUPILS = 30;
const OUTAGE_MS = 3000;
const binDir = findPostgresBinDir();
// Without the server binaries there is nothing to restart; under CI the test must run (and fail).
const missing = !binDir && process.env.CI !== "true";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const start = (env: Record<string, string>) => startApiServerProcess(env, cleanups);

describe.skipIf(missing)(
  `PostgreSQL restarted under running app instances${missing ? " (skipped: initdb/pg_ctl not found; CI=true requires them)" : ""}`,
  () => {
    it("answers 503 during the outage, recovers by itself, resumes LISTEN/NOTIFY, and loses no acknowledged answer", async () => {
      if (!binDir)
        throw new Error(
          "CI=true but no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or put pg_config on PATH.",
        );
      const pg = await startPrivatePostgres(binDir);
      cleanups.push(() => pg.destroy());
      const { url } = await createScratchDatabase(pg.adminUrl, "cluehunt_restart");
      const [portA, portB] = [await freePort(), await freePort()];
      const a = await start({ PORT: String(portA), DATABASE_URL: url });
      const b = await start({ PORT: String(portB), DATABASE_URL: url });

      const pupils = await startAnsweringClass(`http://localhost:${portA}`, {
        pupils: PUPILS,
        thinkMs: [150, 450],
        retryMs: 1000,
        pupilChannels: true,
        teacherChannelBaseUrl: `http://localhost:${portB}`,
      });
      cleanups.push(() => pupils.stop().catch(() => {}));
      const teacherOnA = openLiveChannel(pupils.teacher.client, `/api/sessions/${pupils.sessionId}/events`);
      cleanups.push(() => teacherOnA.close());
      // B hears of A's answers through NOTIFY only.
      await pupils.teacherChannel.waitFor((e) => e.type === "progress");
      await pause(2000);

      const crashedAt = Date.now();
      await pg.crash();
      await pause(OUTAGE_MS);
      // A new live channel opened during the outage is refused cleanly too, and so is a read
      // that goes past the session cookie cache to the database (better-auth's own query).
      const probe = await pupils.pupils[0]!.client.get(`/api/play/${pupils.pupils[0]!.progressId}/events`);
      const me = await pupils.teacher.client.get("/api/me");
      await pg.start();
      const backAt = Date.now();

      await waitUntil(
        () => pupils.acknowledgedSince(backAt) > 0,
        10_000,
        "an answer acknowledged after PostgreSQL came back",
      );
      const firstAckAt = Math.min(
        ...pupils.attempts.filter((x) => x.acked && x.acked.at >= backAt).map((x) => x.acked!.at),
      );
      await waitUntil(
        () => pupils.acknowledgedSince(backAt) >= PUPILS,
        15_000,
        "answers acknowledged after PostgreSQL came back",
      );
      const resyncOnB = await pupils.teacherChannel.waitFor((e) => e.type === "resync" && e.at > crashedAt, 15_000);
      const progressOnB = await pupils.teacherChannel.waitFor((e) => e.type === "progress" && e.at > backAt, 15_000);
      await teacherOnA.waitFor((e) => e.type === "progress" && e.at > backAt, 10_000);
      for (const channel of pupils.pupilChannels.values())
        await channel.waitFor((e) => e.type === "resync" && e.at > crashedAt, 15_000);
      await pause(2000);
      await pupils.stop();

      const outageFailures = pupils.failures.filter((f) => f.at >= crashedAt);
      const statuses: Record<string, number> = {};
      for (const f of pupils.failures) statuses[f.kind] = (statuses[f.kind] ?? 0) + 1;
      const lastFailureAt = Math.max(0, ...outageFailures.map((f) => f.at));
      const alive = [a, b].every((s) => s.child.exitCode === null && s.child.signalCode === null);
      const outputs = a.output() + b.output();

      for (const server of [a, b]) {
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
      const ledger = await checkLedger({ kind: "postgres", url }, pupils.sessionId, pupils.attempts);
      const counts = pupils.counts();
      const report = {
        pupils: PUPILS,
        outageMs: backAt - crashedAt,
        failedRequests: statuses,
        probeLiveChannelDuringOutage: probe.status,
        probeMeDuringOutage: me.status,
        answersOkAgainAfterMs: firstAckAt - backAt,
        lastFailureAfterBackMs: lastFailureAt - backAt,
        listenerResyncOnBAfterMs: resyncOnB.at - backAt,
        firstNotifiedProgressOnBAfterMs: progressOnB.at - backAt,
        answersSent: counts.attempts,
        acknowledged: ledger.acknowledged,
        stored: ledger.stored,
        retried: counts.retried,
        lost: ledger.lost.length,
        duplicates: ledger.duplicates,
        countersAgree: `${ledger.studentsChecked - ledger.counterMismatches.length}/${ledger.studentsChecked}`,
      };
      console.log(`PostgreSQL restart: ${JSON.stringify(report)}`);

      // Clean failures: every request in the outage was answered 503 with a message people can read.
      expect(alive).toBe(true);
      expect(outageFailures.length).toBeGreaterThan(0);
      expect(Object.keys(statuses)).toEqual(["503:database_unavailable"]);
      expect(new Set(pupils.failures.map((f) => f.message))).toEqual(new Set([inEnglish(databaseUnavailableMessage)]));
      expect(probe.status).toBe(503);
      expect(me.status).toBe(503);
      expect(me.body.error.code).toBe("database_unavailable");
      expect(probe.body).toEqual({
        error: {
          code: "database_unavailable",
          message: inEnglish(databaseUnavailableMessage),
          key: databaseUnavailableMessage,
        },
      });
      expect(outputs).not.toMatch(/"level":(50|60)|Unhandled|unhandledRejection/);
      // Recovered without a restart, within seconds.
      expect(firstAckAt - backAt).toBeLessThan(5000);
      // Nothing acknowledged lost, nothing twice, counters as the rules say.
      expectLedgerHolds(ledger, PUPILS);
      // ~15 s on an idle machine; the margin is for two cores shared with other test runs.
    }, 90_000);
  },
);
