/**
 * A teacher's whole account: the export of everything in it, and its deletion.
 */
import type { Language } from "../../shared/i18n/languages.ts";
import { sql } from "drizzle-orm";
import type { AccountExport } from "../../shared/account/account-contracts.ts";
import { queryRows, type Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { eq } from "drizzle-orm";

/** A timestamp as the ISO 8601 text JavaScript writes. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Everything stored about and by the teacher, as one JSON document built by the database:
 * the account; pictures; games with their questions and settings; sessions with their
 * settings (class list included), groups, the questions they asked (the version they were
 * pinned to), and each pupil's name, progress, answers and every try. Nothing of the password,
 * sign-in sessions or tokens.
 */
export async function exportAccount(db: Db, teacherId: string): Promise<AccountExport> {
  const questionJson = (alias: string) =>
    sql.raw(`json_build_object('questionText', ${alias}.question_text, 'options', ${alias}.options, 'correctAnswer', ${alias}.correct_answer, 'clue', ${alias}.clue,
      'picture', case when ${alias}.image_id is null then null else json_build_object('address', '/api/images/' || ${alias}.image_id, 'description', ${alias}.image_alt) end)`);
  const [row] = await queryRows<{ data: AccountExport | string }>(
    db,
    sql`select json_build_object(
      'exportedAt', ${iso("now()")},
      'account', (select json_build_object('displayName', u.display_name, 'email', u.email, 'emailVerified', u.email_verified,
                                           'preferredLanguage', u.preferred_language, 'createdAt', ${iso("u.created_at")}) from users u where u.id = ${teacherId}),
      'pictures', (select coalesce(json_agg(json_build_object('address', '/api/images/' || i.id, 'width', i.width, 'height', i.height, 'createdAt', ${iso("i.created_at")})
                                   order by i.created_at), '[]') from images i where i.owner_id = ${teacherId}),
      'games', (select coalesce(json_agg(json_build_object(
          'id', g.id, 'title', g.title, 'description', g.description, 'language', g.language, 'archived', g.archived,
          'shareLink', case when g.share_link_id is null then null else '/shared/' || g.share_link_id end,
          'aiLastUsed', case when g.ai_last_used_subject is null and g.ai_last_used_topic is null then null else json_build_object(
              'subject', g.ai_last_used_subject, 'level', g.ai_last_used_level, 'topic', g.ai_last_used_topic, 'context', g.ai_last_used_context,
              'numQuestions', g.ai_last_used_num_questions) end,
          'createdAt', ${iso("g.created_at")}, 'updatedAt', ${iso("g.updated_at")},
          'questions', (select coalesce(json_agg(${questionJson("q")} order by q.position), '[]')
                        from questions q where q.game_id = g.id and q.version = g.question_version)) order by g.created_at), '[]')
        from games g where g.creator_id = ${teacherId}),
      'sessions', (select coalesce(json_agg(json_build_object(
          'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'status', s.status, 'startTime', ${iso("s.start_time")}, 'endTime', ${iso("s.end_time")},
          'maxDurationMinutes', s.max_duration, 'soundEffects', s.sound_effects, 'pupilLanguage', s.pupil_language, 'classList', s.class_list,
          'groups', (select coalesce(json_agg(json_build_object('group', sg.group_identifier, 'joinCode', sg.join_code) order by sg.group_identifier), '[]')
                     from session_groups sg where sg.session_id = s.id),
          'questions', (select coalesce(json_agg(${questionJson("sq")} order by sq.position), '[]')
                        from questions sq where sq.game_id = s.game_id and sq.version = s.question_version),
          'pupils', (select coalesce(json_agg(json_build_object(
              'name', p.student_name, 'group', p.group_identifier, 'completedQuestionsCount', p.completed_questions_count,
              'firstAttemptCorrectCount', p.first_attempt_correct_count, 'helpRequested', p.help_requested,
              'startedAt', ${iso("p.started_at")}, 'completedAt', ${iso("p.completed_at")},
              'answers', (select coalesce(json_agg(json_build_object('questionIndex', a.question_index, 'selectedOption', a.selected_option, 'isCorrect', a.is_correct,
                                                                      'attempts', a.attempts, 'answeredAt', ${iso("a.answered_at")},
                                                                      'tries', (select coalesce(json_agg(json_build_object('selectedOption', t.selected_option, 'isCorrect', t.is_correct,
                                                                                                                          'answeredAt', ${iso("t.answered_at")}) order by t.answered_at, t.id), '[]')
                                                                                from answer_attempts t where t.progress_id = p.id and t.question_index = a.question_index))
                                                   order by a.question_index), '[]')
                          from progress_answers a where a.progress_id = p.id)) order by p.started_at, p.student_name), '[]')
            from student_progress p where p.session_id = s.id)) order by s.start_time), '[]')
        from game_sessions s join games g on g.id = s.game_id where s.host_teacher_id = ${teacherId})
    ) as data`,
  );
  return (typeof row!.data === "string" ? JSON.parse(row!.data) : row!.data) as AccountExport;
}

/**
 * Deletes the teacher and everything of theirs, in one transaction: their games (and
 * questions), sessions (groups, pupils' progress, answers, attempts, names) by cascade from
 * the user row, their auth sessions and credentials likewise, their pending tokens (password
 * reset, email change), their rate-limit counters, and the anonymous pupil identities that played only in their sessions.
 * Returns the sessions that were still running, so their pupils can be told.
 */
export async function deleteAccount(db: Db, teacherId: string): Promise<{ endedSessionIds: string[] }> {
  return db.transaction(async (tx) => {
    const running = await queryRows<{ id: string }>(tx, sql`select id from game_sessions where host_teacher_id = ${teacherId} and status = 'active'`);
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

/** Keeps a teacher's interface language (issue 17): one row, theirs. */
export async function setPreferredLanguage(db: Db, teacherId: string, language: Language): Promise<void> {
  await db.update(users).set({ preferredLanguage: language, updatedAt: new Date() }).where(eq(users.id, teacherId));
}
