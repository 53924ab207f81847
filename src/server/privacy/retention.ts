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
import { type Db, queryRows } from "../db/client.ts";

export const RETENTION_SWEEP_MS = 5 * 60_000;
export const RETENTION_BATCH = 200;
/**
 * A pupil sign-in never lasted more than a school day (12 h): an anonymous user without any
 * progress or name left after this long can never be used again.
 */
export const STALE_PUPIL_IDENTITY_HOURS = 48;

export type SweepResult = { sessions: number; pupilIdentities: number };

/**
 * The sweep's "now": the database's clock, which also wrote every time it compares with
 * (end_time, created_at), so an app server whose clock is wrong sweeps neither early nor late. `aheadMs` moves it forward, so that tests move time on instead of waiting.
 */
const sweepNow = (aheadMs: number) => sql`(now() + make_interval(secs => ${aheadMs / 1000}::double precision))`;

/**
 * Deletes sessions that ended more than `retentionDays` ago, days of 24 hours as the results
 * page counts them (with them, by cascade, groups,
 * progress, answers, attempts and names), then stale anonymous pupil identities.
 */
export async function sweepExpiredData(
  db: Db,
  options: { retentionDays: number; aheadMs?: number; batch?: number },
): Promise<SweepResult> {
  const aheadMs = options.aheadMs ?? 0;
  const batch = options.batch ?? RETENTION_BATCH;
  let sessions = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from game_sessions where id in (
            select id from game_sessions
            where status <> 'active' and end_time is not null and end_time < ${sweepNow(aheadMs)} - make_interval(hours => ${options.retentionDays * 24}::int)
            order by end_time
            limit ${batch}
            for update skip locked)
          returning id`,
    );
    sessions += rows.length;
    if (rows.length < batch) break;
  }
  const pupilIdentities = await deleteStalePupilIdentities(db, aheadMs, batch);
  return { sessions, pupilIdentities };
}

/**
 * Anonymous users older than STALE_PUPIL_IDENTITY_HOURS with no progress and no name left in
 * any session; their auth sessions go with them (cascade). Pupils were anonymous users before
 * device tokens (decision 014), whose identity is a signed cookie with no row of its own: this
 * removes what an upgraded database still holds, and can be dropped with the anonymous plugin.
 */
export async function deleteStalePupilIdentities(db: Db, aheadMs = 0, batch = RETENTION_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from users where id in (
            select u.id from users u
            where u.is_anonymous and u.created_at < ${sweepNow(aheadMs)} - make_interval(hours => ${STALE_PUPIL_IDENTITY_HOURS}::int)
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
