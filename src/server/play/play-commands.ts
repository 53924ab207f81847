/**
 * The student side: find a group by join code, join (create progress), read one's own
 * progress (never a correct answer), record an answer, ask for help.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS, type GroupIdentifier } from "../../shared/catalogue.ts";
import { applyAnswer, currentQuestionIndex, isComplete, playMessages, type AnswerState } from "../../shared/progress-rules.ts";
import type { AnswerResponse, JoinLookupResponse, PlayState } from "../../shared/sessions.ts";
import { queryRows, type Db } from "../db/client.ts";
import { answerAttempts, games, gameSessions, progressAnswers, questions, sessionGroups, studentProgress } from "../db/schema.ts";
import { isUuid } from "../games/game-commands.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../http/errors.ts";
import { notifySql } from "../realtime/event-bus.ts";

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

/**
 * Creates the progress record and counts the member, in one transaction. A student who
 * joins the same group again under the same name (closed the tab, came back) gets their
 * existing progress back instead of a second one.
 */
export async function joinGroup(db: Db, studentId: string, input: { code: string; groupId: string; name: string }): Promise<{ progressId: string; rejoined: boolean }> {
  const found = await lookupJoinCode(db, input.code);
  if (found.groupId !== input.groupId) throw badRequest("details_invalid", playMessages.detailsMissing);

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: studentProgress.id })
      .from(studentProgress)
      .where(and(eq(studentProgress.groupId, found.groupId), eq(studentProgress.studentId, studentId), eq(studentProgress.studentName, input.name)));
    if (existing) return { progressId: existing.id, rejoined: true };

    const [progress] = await tx
      .insert(studentProgress)
      .values({ sessionId: found.sessionId, groupId: found.groupId, groupIdentifier: found.groupIdentifier, studentId, studentName: input.name })
      .returning({ id: studentProgress.id });
    await tx.update(sessionGroups).set({ memberCount: sql`${sessionGroups.memberCount} + 1` }).where(eq(sessionGroups.id, found.groupId));
    await tx.execute(notifySql({ type: "members", sessionId: found.sessionId }));
    return { progressId: progress!.id, rejoined: false };
  });
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

export async function readPlayState(db: Db, progressId: string, studentId: string): Promise<PlayState> {
  const { progress, session, gameTitle } = await ownedProgress(db, progressId, studentId);
  const correct = await db
    .select({ questionIndex: progressAnswers.questionIndex })
    .from(progressAnswers)
    .where(and(eq(progressAnswers.progressId, progressId), eq(progressAnswers.isCorrect, true)));
  const index = currentQuestionIndex(new Set(correct.map((c) => c.questionIndex)), session.questionCount);
  let current: PlayState["current"] = null;
  if (index !== null) {
    // Only the text and the options: the correct answer never leaves the server.
    const [q] = await db
      .select({ questionText: questions.questionText, options: questions.options })
      .from(questions)
      .where(and(eq(questions.gameId, session.gameId), eq(questions.position, index)));
    if (q) current = { index, questionText: q.questionText, options: q.options };
  }
  return {
    progressId: progress.id,
    studentName: progress.studentName,
    gameTitle,
    groupIdentifier: progress.groupIdentifier as GroupIdentifier,
    questionCount: session.questionCount,
    completedQuestionsCount: progress.completedQuestionsCount,
    sessionActive: isLive(session),
    helpRequested: progress.helpRequested,
    completed: progress.completedAt !== null,
    current,
  };
}

/**
 * Marks one answer, in one transaction that locks the progress row first, so two submits
 * at once are applied one after the other and never double-count. A retried submit (same
 * attemptId) returns what was recorded the first time.
 */
export async function recordAnswer(
  db: Db,
  progressId: string,
  studentId: string,
  input: { questionIndex: number; selectedOption: number; attemptId: string },
): Promise<AnswerResponse & { sessionId: string }> {
  const owned = await ownedProgress(db, progressId, studentId);
  const sessionId = owned.session.id;

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [locked] = await queryRows<{ completed_questions_count: number; completed_at: Date | null; status: string; start_time: Date; max_duration: number; question_count: number; game_id: string }>(
      txDb,
      sql`select p.completed_questions_count, p.completed_at, s.status, s.start_time, s.max_duration, s.question_count, s.game_id
          from student_progress p join game_sessions s on s.id = p.session_id
          where p.id = ${progressId} for update of p`,
    );
    if (!locked) throw notFound("Progress not found.");

    const [earlier] = await tx
      .select({ questionIndex: answerAttempts.questionIndex, isCorrect: answerAttempts.isCorrect })
      .from(answerAttempts)
      .where(and(eq(answerAttempts.progressId, progressId), eq(answerAttempts.clientAttemptId, input.attemptId)));
    if (earlier) {
      return { isCorrect: earlier.isCorrect, completed: locked.completed_at !== null, questionIndex: earlier.questionIndex, sessionId };
    }

    if (!isLive({ status: locked.status, startTime: new Date(locked.start_time), maxDuration: locked.max_duration })) throw sessionEnded();
    if (input.questionIndex >= locked.question_count) throw badRequest("invalid_question", "There is no such question in this game.", "questionIndex");

    const answers = await tx
      .select({ questionIndex: progressAnswers.questionIndex, selectedOption: progressAnswers.selectedOption, isCorrect: progressAnswers.isCorrect, wasEverIncorrect: progressAnswers.wasEverIncorrect })
      .from(progressAnswers)
      .where(eq(progressAnswers.progressId, progressId))
      .orderBy(asc(progressAnswers.questionIndex));
    const previous: AnswerState | undefined = answers.find((a) => a.questionIndex === input.questionIndex);
    if (previous?.isCorrect) {
      // Already answered correctly (a double submit from another tab): nothing changes.
      return { isCorrect: true, completed: locked.completed_at !== null, questionIndex: input.questionIndex, sessionId };
    }
    const current = currentQuestionIndex(new Set(answers.filter((a) => a.isCorrect).map((a) => a.questionIndex)), locked.question_count);
    if (current !== input.questionIndex) throw conflict("out_of_order", playMessages.answerInOrder);

    const [question] = await tx
      .select({ correctAnswer: questions.correctAnswer })
      .from(questions)
      .where(and(eq(questions.gameId, locked.game_id), eq(questions.position, input.questionIndex)));
    if (!question) throw notFound("Could not load the current question.");

    const isCorrect = input.selectedOption === question.correctAnswer;
    const effect = applyAnswer(previous, input.selectedOption, isCorrect);
    const completedCount = locked.completed_questions_count + effect.completedDelta;
    const completed = isComplete(completedCount, locked.question_count);

    await tx
      .insert(progressAnswers)
      .values({ progressId, questionIndex: input.questionIndex, ...effect.next })
      .onConflictDoUpdate({
        target: [progressAnswers.progressId, progressAnswers.questionIndex],
        set: { selectedOption: effect.next.selectedOption, isCorrect: effect.next.isCorrect, wasEverIncorrect: effect.next.wasEverIncorrect, answeredAt: sql`now()` },
      });
    await tx.insert(answerAttempts).values({ progressId, questionIndex: input.questionIndex, selectedOption: input.selectedOption, isCorrect, clientAttemptId: input.attemptId });
    await tx
      .update(studentProgress)
      .set({
        completedQuestionsCount: sql`${studentProgress.completedQuestionsCount} + ${effect.completedDelta}`,
        firstAttemptCorrectCount: sql`${studentProgress.firstAttemptCorrectCount} + ${effect.firstAttemptDelta}`,
        ...(completed && locked.completed_at === null ? { completedAt: sql`now()` } : {}),
      })
      .where(eq(studentProgress.id, progressId));
    await tx.execute(notifySql({ type: "progress", sessionId, progressId }));
    return { isCorrect, completed, questionIndex: input.questionIndex, sessionId };
  });
}

export async function setHelpRequested(db: Db, progressId: string, studentId: string, requested: boolean): Promise<void> {
  const { session } = await ownedProgress(db, progressId, studentId);
  if (!isLive(session)) throw sessionEnded();
  await db.transaction(async (tx) => {
    await tx.update(studentProgress).set({ helpRequested: requested }).where(eq(studentProgress.id, progressId));
    await tx.execute(notifySql({ type: "help", sessionId: session.id, progressId }));
  });
}

/** The session id of a student's own progress, for their realtime channel. */
export async function sessionOfOwnProgress(db: Db, progressId: string, studentId: string): Promise<string> {
  return (await ownedProgress(db, progressId, studentId)).session.id;
}
