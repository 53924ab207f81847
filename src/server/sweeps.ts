/**
 * The jobs every instance repeats while the app runs: sessions past their time ended, results
 * past their retention deleted, pictures and recordings no question uses deleted. Each decides by the
 * database's rows and clock, so several instances can run them at once. The first two are also
 * methods of the app (`aheadMs` moves the database's clock on), so tests run what the schedule runs.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client.ts";
import { isDatabaseUnavailable, rootCauseMessage } from "./db/unavailable.ts";
import { deleteUnusedImages } from "./images/image-commands.ts";
import { RETENTION_SWEEP_MS } from "./privacy/retention.ts";
import { FIRST_RETENTION_SWEEP_MS, retentionSweep } from "./privacy/retention-schedule.ts";
import type { EventBus } from "./realtime/event-bus.ts";
import { deleteUnusedRecordings } from "./recordings/recording-commands.ts";
import { endExpiredSessions } from "./sessions/session-commands.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Ends the sessions past their time, as the server does every EXPIRY_SWEEP_MS (database clock moved `aheadMs` on, for tests). */
    sweepExpiredSessions(aheadMs?: number): Promise<string[]>;
  }
}

/** How often this instance ends sessions that ran past their maxDuration or closing time. */
export const EXPIRY_SWEEP_MS = 30_000;
/** How often this instance deletes pictures and recordings no question uses (after their day of grace). */
export const IMAGE_SWEEP_MS = 60 * 60_000;

export function registerSweeps(
  app: FastifyInstance,
  { database, events, retentionDays }: { database: Database; events: EventBus; retentionDays: number },
) {
  // A session that ends here ends on its live channels too.
  const endExpired = async (aheadMs?: number) => {
    const ids = await endExpiredSessions(database.db, aheadMs);
    ids.forEach((sessionId) => events.publish({ type: "session-ended", sessionId }));
    return ids;
  };
  app.decorate("sweepExpiredSessions", endExpired);
  scheduleSweep(app, { what: "end expired sessions", everyMs: EXPIRY_SWEEP_MS, run: () => endExpired() });
  scheduleSweep(app, {
    what: "delete expired results",
    everyMs: RETENTION_SWEEP_MS,
    firstAfterMs: FIRST_RETENTION_SWEEP_MS,
    run: retentionSweep(app, database.db, retentionDays),
  });
  scheduleSweep(app, {
    what: "delete unused pictures",
    everyMs: IMAGE_SWEEP_MS,
    run: () => deleteUnusedImages(database.db),
  });
  scheduleSweep(app, {
    what: "delete unused recordings",
    everyMs: IMAGE_SWEEP_MS,
    run: () => deleteUnusedRecordings(database.db),
  });
}

type Sweep = {
  /** What the sweep does, for the log: "Could not <what>". */
  what: string;
  everyMs: number;
  /** A first run before the first interval has passed. */
  firstAfterMs?: number;
  run: () => Promise<unknown>;
};

/**
 * Runs a sweep every `everyMs` until the app closes, never two of it at once. A failed run is
 * logged and the next one tries again; a database outage is a warning, not a bug (the pool
 * reconnects by itself).
 */
function scheduleSweep(app: FastifyInstance, { what, everyMs, firstAfterMs, run }: Sweep) {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .catch((err: unknown) =>
        isDatabaseUnavailable(err)
          ? app.log.warn(
              { cause: rootCauseMessage(err) },
              `Could not ${what}: database unavailable; trying again later`,
            )
          : app.log.error({ err }, `Could not ${what}`),
      )
      .finally(() => (running = false));
  };
  const every = setInterval(tick, everyMs);
  const first = firstAfterMs === undefined ? undefined : setTimeout(tick, firstAfterMs);
  every.unref();
  first?.unref();
  app.addHook("onClose", async () => {
    clearInterval(every);
    clearTimeout(first);
  });
}
