/**
 * Runs the retention sweep on every instance: soon after start, then every RETENTION_SWEEP_MS,
 * with the server's RESULTS_RETENTION_DAYS. The same sweep is `app.sweepRetention(aheadMs)`, so
 * tests run exactly what the schedule runs, with the database's time moved forward.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable, rootCauseMessage } from "../db/unavailable.ts";
import { RETENTION_SWEEP_MS, sweepExpiredData, type SweepResult } from "./retention.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** One retention sweep with this server's setting, judged by the database's clock (moved `aheadMs` on, for tests). */
    sweepRetention(aheadMs?: number): Promise<SweepResult>;
  }
}

/** The first sweep waits a little, so that starting the server stays quick. */
const FIRST_SWEEP_MS = 10_000;

export function scheduleRetentionSweep(app: FastifyInstance, db: Db, retentionDays: number) {
  const sweep = (aheadMs?: number) => sweepExpiredData(db, { retentionDays, aheadMs });
  app.decorate("sweepRetention", sweep);
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweep()
      .then(
        (deleted) => {
          if (deleted.sessions > 0 || deleted.pupilIdentities > 0)
            app.log.info(deleted, "Retention: deleted expired results and pupil identities");
        },
        (err: unknown) =>
          isDatabaseUnavailable(err)
            ? app.log.warn(
                { cause: rootCauseMessage(err) },
                "Retention sweep: database unavailable; trying again later",
              )
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
