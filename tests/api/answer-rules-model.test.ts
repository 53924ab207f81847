/**
 * The answer statement (one SQL statement per answer) against the rules as pure functions:
 * for random sequences of choices, retries and duplicate submits, the stored answers and
 * counters equal what `applyAnswer` says they should be.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import {
  type AnswerState,
  applyAnswer,
  currentQuestionIndex,
  isComplete,
} from "../../src/shared/play/progress-rules.ts";
import { CORRECT, joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Step = { option: number; repeatAttempt: boolean };

describe.each(testDatabaseKinds())("answer statement vs. the rules on %s", (db) => {
  let server: TestServer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer({ db });
    const { session } = await teacherWithSession(server.url, 1);
    code = session.groups[0].joinCode;
  });
  afterAll(() => server?.close());

  it("stores exactly what applyAnswer says, for random plays", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ option: fc.integer({ min: 0, max: 3 }), repeatAttempt: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps: Step[]) => {
          const pupil = await joinedStudent(server.url, code, `Model ${++n}`);
          const model = new Map<number, AnswerState>();
          let completed = 0;
          let firstAttempt = 0;
          let lastAttemptId: string | null = null;
          let attempt = 0;
          for (const step of steps) {
            const index = currentQuestionIndex(new Set([...model].filter(([, a]) => a.isCorrect).map(([i]) => i)), 3);
            if (index === null) break;
            const id: string = step.repeatAttempt && lastAttemptId ? lastAttemptId : `model-${n}-${++attempt}`;
            const res = await pupil.answer(index, step.option, id);
            expect(res.status).toBe(200);
            if (id === lastAttemptId) continue; // a retry changes nothing
            lastAttemptId = id;
            const effect = applyAnswer(model.get(index), step.option, step.option === CORRECT[index]);
            model.set(index, effect.next);
            completed += effect.completedDelta;
            firstAttempt += effect.firstAttemptDelta;
            expect(res.body.isCorrect).toBe(effect.next.isCorrect);
          }
          const [progress] = await queryRows<{ c: number; f: number; done: boolean }>(
            server.database.db,
            sql`select completed_questions_count as c, first_attempt_correct_count as f, completed_at is not null as done from student_progress where id = ${pupil.progressId}`,
          );
          expect(progress).toEqual({ c: completed, f: firstAttempt, done: isComplete(completed, 3) });
          const stored = await queryRows<{ i: number; o: number; ok: boolean; w: boolean }>(
            server.database.db,
            sql`select question_index as i, selected_option as o, is_correct as ok, was_ever_incorrect as w from progress_answers where progress_id = ${pupil.progressId} order by question_index`,
          );
          expect(stored).toEqual(
            [...model]
              .sort(([a], [b]) => a - b)
              .map(([i, a]) => ({ i, o: a.selectedOption, ok: a.isCorrect, w: a.wasEverIncorrect })),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
