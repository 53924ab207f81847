import { eq, sql } from "drizzle-orm";
import type { Language } from "../../shared/i18n/languages.ts";
import { type Db, queryRows } from "../db/client.ts";
import { users } from "../db/schema.ts";

/**
 * Deletes the teacher and everything of theirs, in one transaction: their games (and
 * questions), saved classes, sessions (groups, pupils' progress, answers, attempts, names) by cascade from
 * the user row, their auth sessions and credentials likewise, their pending tokens (password
 * reset, email change), their rate-limit counters, and the anonymous pupil identities that played only in their sessions.
 * Returns the sessions that were still running, so their pupils can be told.
 */
export async function deleteAccount(db: Db, teacherId: string): Promise<{ endedSessionIds: string[] }> {
  return db.transaction(async (tx) => {
    const running = await queryRows<{ id: string }>(
      tx,
      sql`select id from game_sessions where host_teacher_id = ${teacherId} and status = 'active'`,
    );
    // Pupils whose every session was this teacher's: nothing of them would remain to use.
    // (Pupils the teacher removed from a session are known by their tombstone's device id.)
    const pupils = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from users u
          where u.is_anonymous
            and (exists (select 1 from student_progress p join game_sessions s on s.id = p.session_id
                         where p.student_id = u.id and s.host_teacher_id = ${teacherId})
                 or exists (select 1 from removed_pupils r join game_sessions s on s.id = r.session_id
                            where r.device_id = u.id and s.host_teacher_id = ${teacherId}))
            and not exists (select 1 from student_progress o join game_sessions os on os.id = o.session_id
                            where o.student_id = u.id and os.host_teacher_id <> ${teacherId})`,
    );
    await tx.execute(sql`delete from auth_verifications where value = ${teacherId} or value like ${`${teacherId} %`}`);
    // The teacher's shared limit counters (`teacher:<kind>:<id>`, limits/limits.ts) name them too.
    await tx.execute(sql`delete from limit_counters where key like ${`teacher:%:${teacherId}`}`);
    await tx.execute(sql`delete from users where id = ${teacherId}`);
    for (const pupil of pupils) await tx.execute(sql`delete from users where id = ${pupil.id} and is_anonymous`);
    return { endedSessionIds: running.map((r) => r.id) };
  });
}

/** Keeps a teacher's interface language: one row, theirs. */
export async function setPreferredLanguage(db: Db, teacherId: string, language: Language): Promise<void> {
  await db.update(users).set({ preferredLanguage: language, updatedAt: new Date() }).where(eq(users.id, teacherId));
}
