/**
 * The retention sweep as every instance runs it (sweeps.ts schedules it soon after start, then
 * every RETENTION_SWEEP_MS), with the server's RESULTS_RETENTION_DAYS. The same sweep is
 * `app.sweepRetention(aheadMs)`, so tests run exactly what the schedule runs, with the
 * database's time moved forward.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { type SweepResult, sweepExpiredData } from "./retention.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** One retention sweep with this server's setting, judged by the database's clock (moved `aheadMs` on, for tests). */
    sweepRetention(aheadMs?: number): Promise<SweepResult>;
  }
}

/** The first sweep waits a little, so that starting the server stays quick. */
export const FIRST_RETENTION_SWEEP_MS = 10_000;

/** Decorates the app with `sweepRetention` and returns the scheduled run, which logs what it deleted. */
export function retentionSweep(app: FastifyInstance, db: Db, retentionDays: number): () => Promise<void> {
  const sweep = (aheadMs?: number) => sweepExpiredData(db, { retentionDays, aheadMs });
  app.decorate("sweepRetention", sweep);
  return async () => {
    const deleted = await sweep();
    if (deleted.sessions > 0 || deleted.pupilIdentities > 0)
      app.log.info(deleted, "Retention: deleted expired results and pupil identities");
  };
}
