/**
 * The rules of play (SPEC section 4, "Student progress", "Question outcome", "Play"), as pure
 * functions. The server records an answer in one SQL statement that follows these rules
 * (decision 006); the tests replay stored attempts through `applyAnswer` to check it, and the
 * results page reads outcomes with `questionOutcome`. No imports: the student bundle uses this file too.
 */

/** The stored latest answer to one question (the SPEC's `answers` map entry). */
export type AnswerState = { selectedOption: number; isCorrect: boolean; wasEverIncorrect: boolean };

export type AnswerEffect = {
  next: AnswerState;
  /** +1 when the question first becomes correct. */
  completedDelta: 0 | 1;
  /** +1 when the first ever answer to the question is correct. */
  firstAttemptDelta: 0 | 1;
};

export function applyAnswer(
  previous: AnswerState | undefined,
  selectedOption: number,
  isCorrect: boolean,
): AnswerEffect {
  const firstEver = previous === undefined;
  const alreadyCorrect = previous?.isCorrect === true;
  return {
    next: {
      selectedOption,
      isCorrect,
      // True on any wrong answer; false on a first-time correct answer; otherwise it stays.
      wasEverIncorrect: isCorrect ? (firstEver ? false : previous.wasEverIncorrect) : true,
    },
    completedDelta: isCorrect && !alreadyCorrect ? 1 : 0,
    firstAttemptDelta: isCorrect && firstEver ? 1 : 0,
  };
}

export type QuestionOutcome = "unanswered" | "incorrect" | "correct_first" | "correct_eventual";

export function questionOutcome(answer: AnswerState | undefined): QuestionOutcome {
  if (!answer) return "unanswered";
  if (!answer.isCorrect) return "incorrect";
  return answer.wasEverIncorrect ? "correct_eventual" : "correct_first";
}

/** completedAt is set when the count of correct questions reaches the session's question count. */
export const isComplete = (completedQuestionsCount: number, questionCount: number) =>
  questionCount > 0 && completedQuestionsCount >= questionCount;

/** The question a student is on: the first one not yet answered correctly; null when all are. */
export function currentQuestionIndex(correctByIndex: ReadonlySet<number>, questionCount: number): number | null {
  for (let i = 0; i < questionCount; i++) if (!correctByIndex.has(i)) return i;
  return null;
}

export const CORRECT_FEEDBACK_DELAY_MS = 1000;

/**
 * Whether a pupil was shown a question's clue: the play API sends it after their first wrong
 * answer, so it was shown exactly when the question has a clue and their answer to it was
 * ever incorrect (decision 011). Games are never edited, so today's clue is the one they saw.
 */
export function clueWasShown(
  question: { clue: string | null },
  answer: Pick<AnswerState, "wasEverIncorrect"> | undefined,
): boolean {
  return question.clue !== null && question.clue !== "" && answer?.wasEverIncorrect === true;
}
