/**
 * The student side: find a group by join code, join (create progress), read one's own
 * progress (never a correct answer), record an answer, ask for help.
 */
import { and, eq, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS, type GroupIdentifier } from "../../shared/catalogue.ts";
import { playMessages } from "../../shared/progress-rules.ts";
import type { AnswerResponse, JoinLookupResponse, PlayState } from "../../shared/sessions.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { answerAttempts, games, gameSessions, sessionGroups, studentProgress } from "../db/schema.ts";
import { isUuid } from "../games/game-commands.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../http/errors.ts";

const sessionEnded = () => new HttpError(410, "session_ended", playMessages.sessionEnded);

/** A session counts as live only while active and within its maxDuration. */
const isLive = (s: { status: string; startTime: Date; maxDuration: number }, now = Date.now()) =>
  s.status === "active" && s.startTime.getTime() + s.maxDuration * 60_000 > now;

export async function lookupJoinCode(db: Db, code: string): Promise<JoinLookupResponse> {
  // A code is reused once its session ends, so prefer the live group.
  const rows = await db
    .select({ group: sessionGroups, session: gameSessions, gameTitle: games.title })
    .from(sessionGroups)
    .leftJoin(gameSessions, eq(gameSessions.id, sessionGroups.sessionId))
    .leftJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(sessionGroups.joinCode, code))
    .orderBy(sql`${sessionGroups.isActive} desc`, sql`${sessionGroups.createdAt} desc`)
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound(playMessages.invalidJoinCode);
  if (!row.session) throw notFound(playMessages.sessionNotFound);
  if (!isLive(row.session)) throw sessionEnded();
  if (!GROUP_IDENTIFIERS.includes(row.group.groupIdentifier as GroupIdentifier)) throw badRequest("invalid_group", playMessages.groupMissingIdentifier);
  return {
    groupId: row.group.id,
    groupIdentifier: row.group.groupIdentifier as GroupIdentifier,
    sessionId: row.session.id,
    gameTitle: row.gameTitle ?? "Game Title Not Found",
  };
}

type JoinRow = { group_ok: boolean; live: boolean; identifier: string | null; inserted_id: string | null; existing_id: string | null; session_id: string };
type JoinParams = "groupId" | "code" | "studentId" | "name";

const JOIN_GROUP = statement<JoinParams>(
  "join_group",
  `with g as (
     select sg.id, sg.session_id, sg.group_identifier,
            (s.status = 'active' and s.start_time + make_interval(mins => s.max_duration) > now()) as live
     from session_groups sg join game_sessions s on s.id = sg.session_id
     where sg.id = :groupId::uuid and sg.join_code = :code::text
   ),
   inserted as (
     insert into student_progress (session_id, group_id, group_identifier, student_id, student_name)
     select session_id, id, group_identifier, :studentId::text, :name::text from g where live
     on conflict (group_id, student_id, student_name) do nothing
     returning id, session_id, group_id
   ),
   counted as (
     update session_groups set member_count = member_count + 1
     where id = (select group_id from inserted)
     returning id
   )
   select exists (select 1 from g) as group_ok,
          coalesce((select live from g), false) as live,
          (select group_identifier from g) as identifier,
          (select id from inserted) as inserted_id,
          (select p.id from student_progress p where p.group_id = :groupId::uuid and p.student_id = :studentId::text and p.student_name = :name::text) as existing_id,
          (select count(*) from counted) as members_counted,
          (select session_id from g) as session_id`,
);

/**
 * Creates the progress record and counts the member, in one statement. A pupil who joins
 * the same group again under the same name (closed the tab, came back) gets their existing
 * progress back instead of a second one (unique index student_progress_rejoin_idx).
 */
export async function joinGroup(
  db: Db,
  studentId: string,
  input: { code: string; groupId: string; name: string },
): Promise<{ progressId: string; rejoined: boolean; sessionId: string }> {
  const [row] = await runStatement<JoinRow, JoinParams>(db, JOIN_GROUP, { groupId: input.groupId, code: input.code, studentId, name: input.name });
  if (!row?.group_ok) throw badRequest("details_invalid", playMessages.detailsMissing);
  if (!row.live) throw sessionEnded();
  if (row.inserted_id) return { progressId: row.inserted_id, rejoined: false, sessionId: row.session_id };
  if (row.existing_id) return { progressId: row.existing_id, rejoined: true, sessionId: row.session_id };
  // Joined at this very moment from another tab: that insert is not visible to this statement.
  const [again] = await db
    .select({ id: studentProgress.id })
    .from(studentProgress)
    .where(and(eq(studentProgress.groupId, input.groupId), eq(studentProgress.studentId, studentId), eq(studentProgress.studentName, input.name)));
  if (!again) throw new HttpError(503, "retry", playMessages.joinFailed);
  return { progressId: again.id, rejoined: true, sessionId: row.session_id };
}

type OwnedProgress = {
  progress: typeof studentProgress.$inferSelect;
  session: typeof gameSessions.$inferSelect;
  gameTitle: string;
};

/** The progress, if it is this student's ('Not authorized to view this progress.' otherwise). */
async function ownedProgress(db: Db, progressId: string, studentId: string): Promise<OwnedProgress> {
  if (!isUuid(progressId)) throw notFound("Progress not found.");
  const [row] = await db
    .select({ progress: studentProgress, session: gameSessions, gameTitle: games.title })
    .from(studentProgress)
    .innerJoin(gameSessions, eq(gameSessions.id, studentProgress.sessionId))
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(studentProgress.id, progressId));
  if (!row) throw notFound("Progress not found.");
  if (row.progress.studentId !== studentId) throw forbidden(playMessages.notYourProgress);
  return row;
}

type PlayStateRow = {
  student_id: string;
  student_name: string;
  group_identifier: string;
  completed_questions_count: number;
  help_requested: boolean;
  completed: boolean;
  question_count: number;
  live: boolean;
  game_title: string;
  game_subject: string | null;
  current_index: number | null;
  question_text: string | null;
  options: string[] | null;
  first_attempt_correct_count: number;
  wrong_options: number[] | null;
};

const READ_PLAY_STATE = statement<"progressId">(
  "read_play_state",
  `select p.student_id, p.student_name, p.group_identifier, p.completed_questions_count, p.help_requested, p.first_attempt_correct_count,
          p.completed_at is not null as completed, s.question_count, g.title as game_title, g.ai_last_used_subject as game_subject,
          (s.status = 'active' and s.start_time + make_interval(mins => s.max_duration) > now()) as live,
          cur.position as current_index, cur.question_text, cur.options,
          (select array_agg(distinct a.selected_option order by a.selected_option) from answer_attempts a
            where a.progress_id = p.id and a.question_index = cur.position and not a.is_correct) as wrong_options
   from student_progress p
   join game_sessions s on s.id = p.session_id
   join games g on g.id = s.game_id
   left join lateral (
     select q.position, q.question_text, q.options from questions q
     where q.game_id = s.game_id
       and not exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = q.position and a.is_correct)
     order by q.position limit 1
   ) cur on true
   where p.id = :progressId::uuid`,
);

/** A student's own progress, in one statement; the current question without its answer. */
export async function readPlayState(db: Db, progressId: string, studentId: string): Promise<PlayState> {
  if (!isUuid(progressId)) throw notFound("Progress not found.");
  const [row] = await runStatement<PlayStateRow, "progressId">(db, READ_PLAY_STATE, { progressId });
  if (!row) throw notFound("Progress not found.");
  if (row.student_id !== studentId) throw forbidden(playMessages.notYourProgress);
  return {
    progressId,
    studentName: row.student_name,
    gameTitle: row.game_title,
    gameSubject: row.game_subject,
    groupIdentifier: row.group_identifier as GroupIdentifier,
    questionCount: row.question_count,
    completedQuestionsCount: row.completed_questions_count,
    sessionActive: row.live,
    helpRequested: row.help_requested,
    completed: row.completed,
    // Only the text, the options and the pupil's own wrong choices: the correct answer never leaves the server.
    // (No clue is stored for a question yet, and no session has a sound setting yet.)
    current: row.current_index === null ? null : { index: row.current_index, questionText: row.question_text!, options: row.options!, wrongOptions: (row.wrong_options ?? []).map(Number), clue: null },
    soundEffects: false,
    correctFirstTimeCount: row.first_attempt_correct_count,
  };
}

type AnswerOutcomeRow = {
  owned: boolean;
  live: boolean;
  has_question: boolean;
  solved_before: number;
  already_correct: boolean;
  earlier_result: boolean | null;
  earlier_question: number | null;
  is_correct: boolean | null;
  completed: boolean;
  session_id: string;
  next_question: { index: number; questionText: string; options: string[] } | null;
};

type AnswerParams = "progressId" | "studentId" | "questionIndex" | "selectedOption" | "attemptId";

const RECORD_ANSWER = statement<AnswerParams>(
  "record_answer",
  `with target as (
     select p.id, p.session_id, s.question_count, s.game_id,
            p.student_id = :studentId::text as owned,
            (s.status = 'active' and s.start_time + make_interval(mins => s.max_duration) > now()) as live,
            q.correct_answer,
            (select count(*)::int from progress_answers a where a.progress_id = p.id and a.question_index < :questionIndex::smallint and a.is_correct) as solved_before,
            exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = :questionIndex::smallint and a.is_correct) as already_correct,
            e.is_correct as earlier_result,
            e.question_index as earlier_question
     from student_progress p
     join game_sessions s on s.id = p.session_id
     left join questions q on q.game_id = s.game_id and q.position = :questionIndex::smallint
     left join answer_attempts e on e.progress_id = p.id and e.client_attempt_id = :attemptId::text
     where p.id = :progressId::uuid
   ),
   allowed as (
     select * from target
     where owned and live and correct_answer is not null and solved_before = :questionIndex::smallint and not already_correct and earlier_result is null
   ),
   attempt as (
     insert into answer_attempts (progress_id, question_index, selected_option, is_correct, client_attempt_id)
     select id, :questionIndex::smallint, :selectedOption::smallint, correct_answer = :selectedOption::smallint, :attemptId::text from allowed
     on conflict (progress_id, client_attempt_id) do nothing
     returning progress_id, is_correct
   ),
   answer as (
     insert into progress_answers (progress_id, question_index, selected_option, is_correct, was_ever_incorrect)
     select progress_id, :questionIndex::smallint, :selectedOption::smallint, is_correct, not is_correct from attempt
     on conflict (progress_id, question_index) do update
       set selected_option = excluded.selected_option,
           is_correct = excluded.is_correct,
           was_ever_incorrect = progress_answers.was_ever_incorrect or not excluded.is_correct,
           attempts = progress_answers.attempts + 1,
           answered_at = now()
       where not progress_answers.is_correct
     returning is_correct, (xmax = 0) as first_ever
   ),
   counted as (
     update student_progress p
     set completed_questions_count = p.completed_questions_count + 1,
         first_attempt_correct_count = p.first_attempt_correct_count + (select case when a.first_ever then 1 else 0 end from answer a),
         completed_at = case
           when p.completed_at is null and p.completed_questions_count + 1 >= (select question_count from allowed) then now()
           else p.completed_at end
     where p.id = :progressId::uuid and exists (select 1 from answer where is_correct)
     returning p.completed_at
   )
   select t.owned, t.live, t.correct_answer is not null as has_question, t.solved_before, t.already_correct,
          t.earlier_result, t.earlier_question, t.session_id,
          (select is_correct from attempt) as is_correct,
          coalesce((select completed_at is not null from counted), (select completed_at is not null from student_progress where id = :progressId::uuid)) as completed,
          (select json_build_object('index', n.position, 'questionText', n.question_text, 'options', n.options)
             from questions n where n.game_id = t.game_id and n.position = :questionIndex::smallint + 1) as next_question
   from target t`,
);

/**
 * Marks one answer in a single SQL statement (one round trip, atomic on its own):
 * checks ownership, the session, the order of questions and a retried attempt id; records
 * the attempt; upserts the latest answer; bumps the counters; and notifies the teacher.
 *
 * The rules are those of `applyAnswer` (shared/progress-rules.ts), expressed so that two
 * submits at once cannot double-count: the upsert of the answer row takes that row's lock
 * and only changes a question that is not yet correct, and it alone decides the counter
 * deltas, which the progress update adds to the latest committed values.
 */
export async function recordAnswer(
  db: Db,
  progressId: string,
  studentId: string,
  input: { questionIndex: number; selectedOption: number; attemptId: string },
): Promise<AnswerResponse & { sessionId: string; recorded: boolean }> {
  if (!isUuid(progressId)) throw notFound("Progress not found.");
  const q = input.questionIndex;
  const att = input.attemptId;
  const [row] = await runStatement<AnswerOutcomeRow, AnswerParams>(db, RECORD_ANSWER, {
    progressId,
    studentId,
    questionIndex: q,
    selectedOption: input.selectedOption,
    attemptId: att,
  });
  if (!row) throw notFound("Progress not found.");
  if (!row.owned) throw forbidden(playMessages.notYourProgress);
  // The next question comes with a correct answer, saving the pupil's device a round trip.
  const result = (isCorrect: boolean, questionIndex = q, recorded = false) => ({
    isCorrect,
    completed: Boolean(row.completed),
    questionIndex,
    // The next question is new to the pupil: nothing chosen wrongly yet, so no clue shown.
    next: isCorrect && questionIndex === q && row.next_question ? { ...row.next_question, wrongOptions: [], clue: null } : null,
    clue: null,
    sessionId: row.session_id,
    recorded,
  });
  if (row.earlier_result !== null) return result(row.earlier_result, row.earlier_question ?? q);
  if (!row.live) throw sessionEnded();
  if (!row.has_question) throw badRequest("invalid_question", "There is no such question in this game.", "questionIndex");
  // Already answered correctly (a double submit from another tab): nothing changes.
  if (row.already_correct) return result(true);
  if (row.solved_before !== q) throw conflict("out_of_order", playMessages.answerInOrder);
  if (row.is_correct === null) {
    // The same attempt id arrived twice at the same moment; the other one recorded it.
    const [earlier] = await db
      .select({ isCorrect: answerAttempts.isCorrect })
      .from(answerAttempts)
      .where(and(eq(answerAttempts.progressId, progressId), eq(answerAttempts.clientAttemptId, att)));
    if (!earlier) throw new HttpError(503, "retry", "Could not record the answer. Please try again.");
    return result(earlier.isCorrect);
  }
  return result(row.is_correct, q, true);
}

/** Returns the session id, for the event the route publishes. */
export async function setHelpRequested(db: Db, progressId: string, studentId: string, requested: boolean): Promise<string> {
  const { session } = await ownedProgress(db, progressId, studentId);
  if (!isLive(session)) throw sessionEnded();
  await db.update(studentProgress).set({ helpRequested: requested }).where(eq(studentProgress.id, progressId));
  return session.id;
}

/** The session id of a student's own progress, for their realtime channel. */
export async function sessionOfOwnProgress(db: Db, progressId: string, studentId: string): Promise<string> {
  return (await ownedProgress(db, progressId, studentId)).session.id;
}
