/**
 * kill -9 under load, on each database: a class answers without pause (each answer with its
 * attempt id, resent with the same id until acknowledged, as the play page does), the
 * teacher's and every pupil's live channel open. The server is killed while answers are in
 * flight and started again on the same data and port. Nothing acknowledged may be lost,
 * nothing stored twice, the counters must be what the rules make of the stored answers, and
 * the live channels must come back by themselves.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import type { DatabaseTarget } from "../../src/server/db/client.ts";
import { checkLedger, expectLedgerHolds } from "../support/answer-ledger.ts";
import { startAnsweringClass } from "../support/answering-class.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import {
  dataDirWithDatabase,
  pause,
  type ServerProcess,
  startApiServerProcess,
  waitUntil,
} from "../support/server-process.ts";

const PUPILS = 40;
const cleanups: Array<() => Promise<void> | void> = [];
/** Server processes not yet killed. */
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startApiServerProcess(env, cleanups);
  running.push(server);
  return server;
}

describe.each(testDatabaseKinds())("kill -9 under load on %s", (kind) => {
  it("loses no acknowledged answer, stores none twice, keeps the counters right, and the live channels come back", async () => {
    let env: Record<string, string>;
    let target: DatabaseTarget;
    if (kind === "pglite") {
      const dataDir = dataDirWithDatabase("cluehunt-crash-");
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
      target = { kind: "pglite", dataDir };
    } else {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluehunt_crash");
      cleanups.push(() => scratch.drop());
      env = { DATABASE_URL: scratch.url };
      target = { kind: "postgres", url: scratch.url };
    }
    const port = await freePort();
    env.PORT = String(port);
    const baseUrl = `http://localhost:${port}`;

    const first = await start(env);
    const pupils = await startAnsweringClass(baseUrl, {
      pupils: PUPILS,
      thinkMs: [150, 450],
      retryMs: 1000,
      pupilChannels: true,
    });
    cleanups.push(() => pupils.stop().catch(() => {}));
    await pupils.teacherChannel.waitFor((e) => e.type === "progress");
    await pause(2000);

    // Kill it while answers are on the wire: their clients see the connection drop.
    await waitUntil(() => pupils.inFlight() >= 3, 10_000, "answers in flight");
    const inFlightAtKill = pupils.inFlight();
    const ackedBeforeKill = pupils.counts().acknowledged;
    first.child.kill("SIGKILL");
    await first.exited;
    running.splice(running.indexOf(first), 1);
    const killedAt = Date.now();

    await start(env);
    const restartedAt = Date.now();
    // The class goes on; every channel must reconnect by itself and hear of answers again.
    await waitUntil(
      () => pupils.acknowledgedSince(restartedAt) >= PUPILS,
      20_000,
      "answers acknowledged after the restart",
    );
    const teacherAfter = await pupils.teacherChannel.waitFor(
      (e) => e.type === "progress" && e.at > restartedAt,
      10_000,
    );
    for (const channel of pupils.pupilChannels.values())
      await channel.waitFor((e) => e.type === "progress" && e.at > restartedAt, 15_000);
    await pause(1000);
    await pupils.stop();

    const counts = pupils.counts();
    const failureKinds = countBy(pupils.failures.map((f) => f.kind));

    // SIGTERM: the server closes its database cleanly, so this process may open it to check.
    for (const server of running.splice(0)) {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    const ledger = await checkLedger(target, pupils.sessionId, pupils.attempts);
    const channels = [pupils.teacherChannel, ...pupils.pupilChannels.values()];
    const report = {
      database: kind,
      pupils: PUPILS,
      answersSent: counts.attempts,
      acknowledged: ledger.acknowledged,
      stored: ledger.stored,
      storedButUnacknowledged: ledger.storedUnacknowledged,
      retried: counts.retried,
      // Stored before the kill, but the client never heard: its resend was recognised by the attempt id.
      retriedButAlreadyStored: ledger.retriedAlreadyStoredBefore(killedAt),
      requests: counts.requests,
      lost: ledger.lost.length,
      duplicates: ledger.duplicates,
      countersAgree: `${ledger.studentsChecked - ledger.counterMismatches.length}/${ledger.studentsChecked}`,
      inFlightAtKill,
      ackedBeforeKill,
      clientErrors: failureKinds,
      downForMs: restartedAt - killedAt,
      channelsReconnected: `${channels.filter((c) => c.opens() >= 2).length}/${channels.length}`,
      teacherEventAfterRestartMs: teacherAfter.at - restartedAt,
    };
    console.log(`crash test (${kind}): ${JSON.stringify(report)}`);

    expectLedgerHolds(ledger, PUPILS);
    expect(ledger.stored).toBe(ledger.acknowledged + ledger.storedUnacknowledged);
    // The kill was felt: some answers had to be sent again.
    expect(counts.retried).toBeGreaterThan(0);
    // Only connection failures: the server never answered an error.
    expect(Object.keys(failureKinds).every((k) => k.startsWith("network:"))).toBe(true);
    for (const channel of channels) {
      expect(channel.failed()).toBe(false);
      expect(channel.opens()).toBeGreaterThanOrEqual(2);
    }
    // ~20 s on an idle machine; the margin is for two cores shared with other test runs.
  }, 90_000);
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
