/**
 * The counters behind every abuse limit: fixed windows by key ("wrong-code:address:…",
 * "rate:POST /api/auth/login:…", "teacher:session-starts:…"). One store per app:
 *
 * - on PostgreSQL, rows of the UNLOGGED `limit_counters` table, so that every instance on
 *   the database counts into the same windows (two instances behind a proxy are one server
 *   to a guesser). A check is ONE statement, whatever the number of keys it touches;
 * - on PGlite, a map in this process: the data directory is locked to one process, so
 *   there is no other instance to share with, and a map costs no database time.
 *
 * Decision 015 explains the choice; docs/SECURITY.md lists the limits that use it.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, Db } from "../db/client.ts";
import { retriedOnDeadlock } from "../db/deadlock.ts";
import { runStatement, statement } from "../db/prepared.ts";

/** `by` 1 counts one use (n > 1: n uses at once), -1 gives one back, 0 reads (at the key's latest value). */
export type CounterChange = { key: string; windowMs: number; by: number };
/** The key's count in its current window after the change, and when that window ends (0 when no window is open). */
export type CounterValue = { count: number; resetInMs: number };

export type LimitCounters = {
  /**
   * Applies each change to its key's current window (a window opens on the first use) and
   * returns the counts after them, in the order given, in one atomic step per key: requests
   * in flight at the same moment cannot all slip under a limit. Keys must be distinct.
   */
  add(changes: readonly CounterChange[]): Promise<CounterValue[]>;
  /** Forgets windows that have ended. */
  sweep(): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    /** The abuse limits' counters (shared by every instance on PostgreSQL). */
    limitCounters: LimitCounters;
  }
}

export function inProcessCounters(now: () => number = Date.now): LimitCounters {
  const windows = new Map<string, { ends: number; count: number }>();
  return {
    async add(changes) {
      const t = now();
      return changes.map(({ key, windowMs, by }) => {
        let w = windows.get(key);
        if (w && w.ends <= t) {
          windows.delete(key);
          w = undefined;
        }
        if (!w) {
          // A give-back or a read opens no window.
          if (by <= 0) return { count: 0, resetInMs: 0 };
          w = { ends: t + windowMs, count: 0 };
          windows.set(key, w);
        }
        w.count = Math.max(0, w.count + by);
        return { count: w.count, resetInMs: w.ends - t };
      });
    },
    async sweep() {
      const t = now();
      for (const [key, w] of windows) if (w.ends <= t) windows.delete(key);
    },
  };
}

/**
 * The upsert that is every check on PostgreSQL. A row whose window has ended counts as zero;
 * a give-back or a read never opens a window (it leaves a row whose window has already
 * ended, for the sweep). Reads go through the upsert too, so that every key of a check is
 * read at its latest committed value under a row lock, in key order: a check that
 * waited for another check's lock sees all of that check's changes, not an older snapshot
 * of the keys it only reads (which would let one wrong code too many through).
 */
const ADD_TO_COUNTERS = statement<"changes">(
  "add_to_limit_counters",
  `INSERT INTO limit_counters AS c (key, count, window_ends)
   SELECT key, by, CASE WHEN by > 0 THEN now() + window_ms * interval '1 millisecond' ELSE now() END
   FROM jsonb_to_recordset(:changes::jsonb) AS t(key text, by integer, window_ms integer)
   -- Rows are locked in key order, in every check: two checks never wait on each other's rows.
   ORDER BY key
   ON CONFLICT (key) DO UPDATE SET
     count = CASE WHEN c.window_ends > now() THEN greatest(0, c.count + excluded.count) ELSE greatest(0, excluded.count) END,
     window_ends = CASE WHEN c.window_ends > now() THEN c.window_ends ELSE excluded.window_ends END
   RETURNING c.key,
     CASE WHEN c.window_ends > now() THEN c.count ELSE 0 END AS count,
     greatest(0, ceil(extract(epoch FROM (c.window_ends - now())) * 1000))::integer AS reset_in_ms`,
);

export function databaseCounters(db: Db): LimitCounters {
  return {
    async add(changes) {
      if (changes.length === 0) return [];
      const params = {
        changes: JSON.stringify(changes.map((c) => ({ key: c.key, by: c.by, window_ms: c.windowMs }))),
      };
      const rows = await retriedOnDeadlock(() =>
        runStatement<{ key: string; count: number | null; reset_in_ms: number | null }, "changes">(
          db,
          ADD_TO_COUNTERS,
          params,
        ),
      );
      const byKey = new Map(
        rows.map((r) => [r.key, { count: r.count ?? 0, resetInMs: r.count ? (r.reset_in_ms ?? 0) : 0 }]),
      );
      return changes.map((c) => byKey.get(c.key) ?? { count: 0, resetInMs: 0 });
    },
    async sweep() {
      await db.execute(sql`DELETE FROM limit_counters WHERE window_ends <= now()`);
    },
  };
}

/** How often ended windows are deleted (each instance sweeps; a sweep is one indexed DELETE). */
export const COUNTER_SWEEP_MS = 60_000;

/**
 * The store for this database (shared on PostgreSQL, in process on PGlite), decorated on the
 * app as `app.limitCounters`, and swept every minute while the app runs.
 */
export function registerLimitCounters(
  app: FastifyInstance,
  database: Database,
  onSweepError: (error: unknown) => void,
): LimitCounters {
  const counters = database.kind === "postgres" ? databaseCounters(database.db) : inProcessCounters();
  app.decorate("limitCounters", counters);
  const timer = setInterval(() => counters.sweep().catch(onSweepError), COUNTER_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  return counters;
}
