/**
 * Retention: a session's pupils' names, progress and answers are deleted a set time after it
 * ends (RESULTS_RETENTION_DAYS), and anonymous pupil identities nobody uses any more go too.
 *
 * Safe with several instances: every instance runs the same DELETEs every few minutes. Each
 * batch is one `DELETE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING id`: two
 * sweeps at once take disjoint batches (a row another sweep holds is skipped, not waited on),
 * so each row is deleted exactly once, neither waits for the other and they cannot deadlock;
 * a sweep that finds only rows held by another stops, and that other one finishes them.
 * Deletes go in small batches, each its own statement, so a large backlog never holds locks
 * that an answer being saved would wait on.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";

export const RETENTION_SWEEP_MS = 5 * 60_000;
export const RETENTION_BATCH = 200;
/**
 * A pupil sign-in never lasted more than a school day (12 h): an anonymous user without any
 * progress or name left after this long can never be used again.
 */
export const STALE_PUPIL_IDENTITY_HOURS = 48;

const DAY_MS = 24 * 60 * 60 * 1000;

export type SweepResult = { sessions: number; pupilIdentities: number };

/**
 * Deletes sessions that ended more than `retentionDays` before `now` (with them, by cascade,
 * groups, progress, answers, attempts and names), then stale anonymous pupil identities.
 * `now` is a parameter so tests move time forward instead of waiting.
 */
export async function sweepExpiredData(db: Db, options: { retentionDays: number; now?: Date; batch?: number }): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? RETENTION_BATCH;
  const endedBefore = new Date(now.getTime() - options.retentionDays * DAY_MS);
  let sessions = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from game_sessions where id in (
            select id from game_sessions
            where status <> 'active' and end_time is not null and end_time < ${endedBefore.toISOString()}::timestamptz
            order by end_time
            limit ${batch}
            for update skip locked)
          returning id`,
    );
    sessions += rows.length;
    if (rows.length < batch) break;
  }
  const pupilIdentities = await deleteStalePupilIdentities(db, now, batch);
  return { sessions, pupilIdentities };
}

/**
 * Anonymous users older than STALE_PUPIL_IDENTITY_HOURS with no progress and no name left in
 * any session; their auth sessions go with them (cascade). Pupils were anonymous users before
 * device tokens (decision 014), whose identity is a signed cookie with no row of its own: this
 * removes what an upgraded database still holds, and can be dropped with the anonymous plugin.
 */
export async function deleteStalePupilIdentities(db: Db, now: Date, batch = RETENTION_BATCH): Promise<number> {
  const createdBefore = new Date(now.getTime() - STALE_PUPIL_IDENTITY_HOURS * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from users where id in (
            select u.id from users u
            where u.is_anonymous and u.created_at < ${createdBefore.toISOString()}::timestamptz
              and not exists (select 1 from student_progress p where p.student_id = u.id)
              and not exists (select 1 from session_names n where n.student_id = u.id)
            limit ${batch}
            for update of u skip locked)
          returning id`,
    );
    deleted += rows.length;
    if (rows.length < batch) break;
  }
  return deleted;
}
