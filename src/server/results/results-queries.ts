/**
 * A session's results for its host: the questions with their answers, and every student
 * with their latest answer and number of attempts per question. Four queries, whatever
 * the class size.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { GroupIdentifier } from "../../shared/catalogue.ts";
import type { ResultAnswer, SessionResults, StudentResult } from "../../shared/results.ts";
import { queryRows, type Db } from "../db/client.ts";
import { gameSessions, questions, studentProgress } from "../db/schema.ts";
import { isUuid } from "../games/game-commands.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { notifySql } from "../realtime/event-bus.ts";
import { findSessionForHost } from "../sessions/session-commands.ts";

export async function sessionResults(db: Db, sessionId: string, teacherId: string): Promise<SessionResults | null> {
  const session = await findSessionForHost(db, sessionId, teacherId);
  if (!session) return null;
  const [questionRows, progressRows, answerRows] = await Promise.all([
    db
      .select({ index: questions.position, questionText: questions.questionText, options: questions.options, correctAnswer: questions.correctAnswer })
      .from(questions)
      .where(eq(questions.gameId, session.gameId))
      .orderBy(asc(questions.position)),
    db.select().from(studentProgress).where(eq(studentProgress.sessionId, sessionId)).orderBy(asc(studentProgress.startedAt), asc(studentProgress.studentName)),
    queryRows<{ progress_id: string; question_index: number; selected_option: number; is_correct: boolean; was_ever_incorrect: boolean; attempts: number }>(
      db,
      sql`select a.progress_id, a.question_index, a.selected_option, a.is_correct, a.was_ever_incorrect, coalesce(t.attempts, 1) as attempts
          from progress_answers a
          join student_progress p on p.id = a.progress_id
          left join (
            select t.progress_id, t.question_index, count(*)::int as attempts
            from answer_attempts t join student_progress tp on tp.id = t.progress_id
            where tp.session_id = ${sessionId}
            group by t.progress_id, t.question_index
          ) t on t.progress_id = a.progress_id and t.question_index = a.question_index
          where p.session_id = ${sessionId}`,
    ),
  ]);

  const answersByProgress = new Map<string, ResultAnswer[]>();
  for (const a of answerRows) {
    const list = answersByProgress.get(a.progress_id) ?? [];
    list.push({ questionIndex: a.question_index, selectedOption: a.selected_option, isCorrect: a.is_correct, wasEverIncorrect: a.was_ever_incorrect, attempts: Math.max(1, a.attempts) });
    answersByProgress.set(a.progress_id, list);
  }
  const students: StudentResult[] = progressRows.map((p) => ({
    progressId: p.id,
    studentName: p.studentName,
    groupIdentifier: p.groupIdentifier as GroupIdentifier,
    completedQuestionsCount: p.completedQuestionsCount,
    firstAttemptCorrectCount: p.firstAttemptCorrectCount,
    helpRequested: p.helpRequested,
    startedAt: p.startedAt?.toISOString() ?? null,
    completedAt: p.completedAt?.toISOString() ?? null,
    answers: (answersByProgress.get(p.id) ?? []).sort((x, y) => x.questionIndex - y.questionIndex),
  }));
  return { session, questions: questionRows, students };
}

/** The host clears a student's help request (they have been helped). */
export async function clearHelpRequest(db: Db, sessionId: string, progressId: string, teacherId: string): Promise<void> {
  if (!isUuid(sessionId) || !isUuid(progressId)) throw notFound("Session not found.");
  const [session] = await db.select({ host: gameSessions.hostTeacherId }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  if (!session || session.host !== teacherId) throw notFound("Session not found.");
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(studentProgress)
      .set({ helpRequested: false })
      .where(and(eq(studentProgress.id, progressId), eq(studentProgress.sessionId, sessionId)))
      .returning({ id: studentProgress.id });
    if (updated.length === 0) throw notFound("Progress not found.");
    await tx.execute(notifySql({ type: "help", sessionId, progressId }));
  });
}

/** Deletes an ended session and with it every child's progress, answers and attempts. */
export async function deleteSessionResults(db: Db, sessionId: string, teacherId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound("Session not found.");
  const [session] = await db.select({ host: gameSessions.hostTeacherId, status: gameSessions.status }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  if (!session) throw notFound("Session not found.");
  if (session.host !== teacherId) throw forbidden("You are not authorized to delete this session's results.");
  if (session.status === "active") throw conflict("session_active", "End the session before deleting its results.");
  await db.delete(gameSessions).where(eq(gameSessions.id, sessionId));
}
