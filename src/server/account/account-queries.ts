import { eq, sql } from "drizzle-orm";
import type { AccountExport } from "../../shared/account/account-contracts.ts";
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import { type Db, queryRows } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { optionImageColumnsOf } from "../images/picture-sql.ts";
import { optionRecordingsSql, recordingSrcSql } from "../recordings/recording-sql.ts";

/**
 * The teacher's saved interface language, read from the database: a signed session caches the
 * user as it was at sign-in, and the choice may have changed since.
 */
export async function preferredLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const [row] = await db.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, userId));
  return isLanguage(row?.language) ? row.language : null;
}

/** A timestamp as the ISO 8601 text JavaScript writes. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Everything stored about and by the teacher, as one JSON document built by the database:
 * the account; pictures; recordings; games with their questions and settings; saved classes; sessions with their settings
 * (class list included), groups, the questions they asked (the version they were pinned to; per
 * game when the groups played different games), and each pupil's name, game, progress, answers
 * and every try. Nothing of the password, sign-in sessions or tokens.
 */
export async function exportAccount(db: Db, teacherId: string): Promise<AccountExport> {
  const questionJson = (alias: string) =>
    sql.raw(`json_build_object('questionText', ${alias}.question_text, 'kind', ${alias}.kind, 'options', ${alias}.options,
      'correctAnswer', case when ${alias}.kind = 'multi' then 0 else ${alias}.correct_answer end,
      'correctAnswers', case when ${alias}.kind = 'multi' then array(select k from generate_series(0, 3) k where ${alias}.correct_answer & (1 << k) <> 0) end,
      'fadasCount', ${alias}.fadas_count, 'clue', ${alias}.clue, 'optionNotes', ${alias}.option_notes,
      'picture', case when ${alias}.image_id is null then null else json_build_object('address', '/api/images/' || ${alias}.image_id, 'description', ${alias}.image_alt) end,
      'optionPictures', case when coalesce(${optionImageColumnsOf(alias)}) is null then null else (
        select json_agg(case when u.id is null then null else json_build_object('address', '/api/images/' || u.id, 'description', ${alias}.options[u.k]) end order by u.k)
        from unnest(array[${optionImageColumnsOf(alias)}]) with ordinality u(id, k) where u.k <= cardinality(${alias}.options)) end,
      'recording', ${recordingSrcSql(`${alias}.recording_id`)}, 'clueRecording', ${recordingSrcSql(`${alias}.clue_recording_id`)},
      'optionRecordings', ${optionRecordingsSql(alias)})`);
  // The catalogue's order of groups (yellow square first): a session's games in the order of their first group.
  const groupOrder = `{${GROUP_IDENTIFIERS.join(",")}}`;
  const [row] = await queryRows<{ data: AccountExport | string }>(
    db,
    sql`select json_build_object(
      'exportedAt', ${iso("now()")},
      'account', (select json_build_object('displayName', u.display_name, 'email', u.email, 'emailVerified', u.email_verified,
                                           'preferredLanguage', u.preferred_language, 'createdAt', ${iso("u.created_at")}) from users u where u.id = ${teacherId}),
      'pictures', (select coalesce(json_agg(json_build_object('address', '/api/images/' || i.id, 'width', i.width, 'height', i.height, 'createdAt', ${iso("i.created_at")})
                                   order by i.created_at), '[]') from images i where i.owner_id = ${teacherId}),
      'recordings', (select coalesce(json_agg(json_build_object('address', '/api/recordings/' || r.id, 'mimeType', r.mime_type, 'durationMs', r.duration_ms,
                                                          'createdAt', ${iso("r.created_at")}) order by r.created_at), '[]') from recordings r where r.owner_id = ${teacherId}),
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
      'classes', (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'level', c.level, 'names', c.names,
                                                        'createdAt', ${iso("c.created_at")}, 'updatedAt', ${iso("c.updated_at")})
                                   order by c.created_at), '[]') from classes c where c.teacher_id = ${teacherId}),
      'sessions', (select coalesce(json_agg(json_build_object(
          'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'status', s.status, 'startTime', ${iso("s.start_time")}, 'endTime', ${iso("s.end_time")},
          'maxDurationMinutes', s.max_duration, 'soundEffects', s.sound_effects, 'pupilLanguage', s.pupil_language, 'classList', s.class_list,
          'classId', s.class_id,
          'groups', (select coalesce(json_agg(json_build_object('group', sg.group_identifier, 'joinCode', sg.join_code, 'gameId', sg.game_id)
                                              order by sg.group_identifier), '[]')
                     from session_groups sg where sg.session_id = s.id),
          'questions', (select coalesce(json_agg(${questionJson("sq")} order by sq.position), '[]')
                        from questions sq where sq.game_id = s.game_id and sq.version = s.question_version),
          'games', (select coalesce(json_agg(json_build_object('id', v.game_id, 'title', vg.title,
                       'questions', (select coalesce(json_agg(${questionJson("gq")} order by gq.position), '[]')
                                     from questions gq where gq.game_id = v.game_id and gq.version = v.question_version))
                     order by v.first_group), '[]')
                    from (select sg.game_id, min(sg.question_version) as question_version,
                                 min(array_position(${groupOrder}::text[], sg.group_identifier)) as first_group
                          from session_groups sg where sg.session_id = s.id group by sg.game_id) v
                    join games vg on vg.id = v.game_id),
          'pupils', (select coalesce(json_agg(json_build_object(
              'name', p.student_name, 'group', p.group_identifier,
              'gameId', (select pg.game_id from session_groups pg where pg.id = p.group_id),
              'completedQuestionsCount', p.completed_questions_count,
              'firstAttemptCorrectCount', p.first_attempt_correct_count, 'helpRequested', p.help_requested,
              'startedAt', ${iso("p.started_at")}, 'completedAt', ${iso("p.completed_at")},
              'answers', (select coalesce(json_agg(json_build_object('questionIndex', a.question_index, 'selectedOption', a.selected_option, 'typedAnswer', a.typed_answer, 'givenOrder', a.given_order, 'isCorrect', a.is_correct,
                                                                      'attempts', a.attempts, 'answeredAt', ${iso("a.answered_at")},
                                                                      'tries', (select coalesce(json_agg(json_build_object('selectedOption', t.selected_option, 'typedAnswer', t.typed_answer, 'givenOrder', t.given_order, 'isCorrect', t.is_correct,
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
