/** Runs the retention sweep on every instance: soon after start, then every RETENTION_SWEEP_MS. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable, rootCauseMessage } from "../db/unavailable.ts";
import { RETENTION_SWEEP_MS, sweepExpiredData } from "./retention.ts";

/** The first sweep waits a little, so that starting the server stays quick. */
const FIRST_SWEEP_MS = 10_000;

export function scheduleRetentionSweep(app: FastifyInstance, db: Db, retentionDays: number) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepExpiredData(db, { retentionDays })
      .then(
        (deleted) => {
          if (deleted.sessions > 0 || deleted.pupilIdentities > 0) app.log.info(deleted, "Retention: deleted expired results and pupil identities");
        },
        (err: unknown) =>
          isDatabaseUnavailable(err)
            ? app.log.warn({ cause: rootCauseMessage(err) }, "Retention sweep: database unavailable; trying again later")
            : app.log.error({ err }, "Retention sweep failed"),
      )
      .finally(() => (running = false));
  };
  const first = setTimeout(run, FIRST_SWEEP_MS);
  const every = setInterval(run, RETENTION_SWEEP_MS);
  first.unref();
  every.unref();
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
