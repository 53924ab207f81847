/**
 * Compares what a class of clients was told (their ledger of attempts) with what the database
 * stored: every acknowledged answer stored with the outcome the client saw, none stored twice,
 * none stored that no client sent, and the per-student counters and latest answers equal to
 * what the pure rules (shared/play/progress-rules.ts, applyAnswer) make of the stored attempts.
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type DatabaseTarget, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { type AnswerState, applyAnswer, isComplete } from "../../src/shared/play/progress-rules.ts";
import type { Attempt } from "./answering-class.ts";

export type LedgerCheck = {
  acknowledged: number;
  stored: number;
  /** Acknowledged to a client but not in answer_attempts. Must be 0. */
  lost: string[];
  /** (progress, attempt id) pairs stored more than once. Must be 0. */
  duplicates: number;
  /** Stored, but no client ever sent that attempt id. Must be 0. */
  unknown: string[];
  /** Acknowledged as correct/incorrect but stored the other way. Must be 0. */
  mismatched: string[];
  /** Sent but never acknowledged (in flight when the test stopped), yet stored: allowed. */
  storedUnacknowledged: number;
  /** Sent more than once, and the first send had already been stored: the attempt id saved a duplicate. */
  retriedAlreadyStoredBefore(at: number): number;
  /** Students whose counters or latest answers differ from applyAnswer over their attempts. */
  counterMismatches: string[];
  studentsChecked: number;
};

export async function checkLedger(
  target: DatabaseTarget,
  sessionId: string,
  attempts: Attempt[],
): Promise<LedgerCheck> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    const stored = await queryRows<{
      id: string;
      answered_ms: number;
      progress_id: string;
      client_attempt_id: string;
      question_index: number;
      selected_option: number;
      is_correct: boolean;
    }>(
      db,
      sql`select a.id, (extract(epoch from a.answered_at) * 1000)::float8 as answered_ms, a.progress_id, a.client_attempt_id, a.question_index, a.selected_option, a.is_correct
          from answer_attempts a join student_progress p on p.id = a.progress_id
          where p.session_id = ${sessionId}::uuid order by a.id`,
    );
    const [dup] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from answer_attempts a join student_progress p on p.id = a.progress_id
          where p.session_id = ${sessionId}::uuid group by a.progress_id, a.client_attempt_id having count(*) > 1) d`,
    );
    const progress = await queryRows<{
      id: string;
      completed_questions_count: number;
      first_attempt_correct_count: number;
      completed: boolean;
      question_count: number;
    }>(
      db,
      sql`select p.id, p.completed_questions_count, p.first_attempt_correct_count, p.completed_at is not null as completed, s.question_count
          from student_progress p join game_sessions s on s.id = p.session_id where p.session_id = ${sessionId}::uuid`,
    );
    const answers = await queryRows<{
      progress_id: string;
      question_index: number;
      selected_option: number;
      is_correct: boolean;
      was_ever_incorrect: boolean;
      attempts: number;
    }>(
      db,
      sql`select a.progress_id, a.question_index, a.selected_option, a.is_correct, a.was_ever_incorrect, a.attempts
          from progress_answers a join student_progress p on p.id = a.progress_id where p.session_id = ${sessionId}::uuid`,
    );

    const key = (progressId: string, attemptId: string) => `${progressId}/${attemptId}`;
    const storedByKey = new Map(stored.map((s) => [key(s.progress_id, s.client_attempt_id), s]));
    const sentByKey = new Map(attempts.map((a) => [key(a.progressId, a.attemptId), a]));
    const acked = attempts.filter((a) => a.acked);

    // The rules replayed over the stored attempts, in the order they were stored.
    const replay = new Map<
      string,
      { completed: number; firstAttempt: number; answers: Map<number, AnswerState & { attempts: number }> }
    >();
    for (const s of stored) {
      let r = replay.get(s.progress_id);
      if (!r) replay.set(s.progress_id, (r = { completed: 0, firstAttempt: 0, answers: new Map() }));
      const previous = r.answers.get(s.question_index);
      const effect = applyAnswer(previous, s.selected_option, s.is_correct);
      r.completed += effect.completedDelta;
      r.firstAttempt += effect.firstAttemptDelta;
      r.answers.set(s.question_index, { ...effect.next, attempts: (previous?.attempts ?? 0) + 1 });
    }
    const counterMismatches: string[] = [];
    for (const p of progress) {
      const r = replay.get(p.id) ?? { completed: 0, firstAttempt: 0, answers: new Map() };
      const storedAnswers = answers.filter((a) => a.progress_id === p.id);
      const problems: string[] = [];
      if (p.completed_questions_count !== r.completed)
        problems.push(`completed ${p.completed_questions_count} ≠ ${r.completed}`);
      if (p.first_attempt_correct_count !== r.firstAttempt)
        problems.push(`firstAttempt ${p.first_attempt_correct_count} ≠ ${r.firstAttempt}`);
      if (p.completed !== isComplete(r.completed, p.question_count)) problems.push(`completed_at set: ${p.completed}`);
      if (storedAnswers.length !== r.answers.size)
        problems.push(`${storedAnswers.length} answer rows ≠ ${r.answers.size}`);
      for (const a of storedAnswers) {
        const e = r.answers.get(a.question_index);
        if (
          !e ||
          e.selectedOption !== a.selected_option ||
          e.isCorrect !== a.is_correct ||
          e.wasEverIncorrect !== a.was_ever_incorrect ||
          e.attempts !== a.attempts
        ) {
          problems.push(`question ${a.question_index}: stored ${JSON.stringify(a)} ≠ ${JSON.stringify(e)}`);
        }
      }
      if (problems.length > 0) counterMismatches.push(`${p.id}: ${problems.join("; ")}`);
    }

    return {
      acknowledged: acked.length,
      stored: stored.length,
      lost: acked.filter((a) => !storedByKey.has(key(a.progressId, a.attemptId))).map((a) => a.attemptId),
      duplicates: dup?.n ?? 0,
      unknown: stored
        .filter((s) => !sentByKey.has(key(s.progress_id, s.client_attempt_id)))
        .map((s) => s.client_attempt_id),
      mismatched: acked
        .filter((a) => {
          const s = storedByKey.get(key(a.progressId, a.attemptId));
          return s !== undefined && s.is_correct !== a.acked!.isCorrect;
        })
        .map((a) => a.attemptId),
      storedUnacknowledged: attempts.filter((a) => !a.acked && storedByKey.has(key(a.progressId, a.attemptId))).length,
      counterMismatches,
      studentsChecked: progress.length,
      retriedAlreadyStoredBefore: (at) =>
        attempts.filter(
          (a) => a.sends > 1 && (storedByKey.get(key(a.progressId, a.attemptId))?.answered_ms ?? Infinity) < at,
        ).length,
    };
  } finally {
    await database.close();
  }
}

/** Nothing acknowledged lost, nothing stored twice or unasked, every counter as the rules say. */
export function expectLedgerHolds(ledger: LedgerCheck, pupils: number) {
  expect(ledger.lost).toEqual([]);
  expect(ledger.duplicates).toBe(0);
  expect(ledger.unknown).toEqual([]);
  expect(ledger.mismatched).toEqual([]);
  expect(ledger.counterMismatches).toEqual([]);
  expect(ledger.studentsChecked).toBe(pupils);
}
