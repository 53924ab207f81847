import { describe, expect, it } from "vitest";
import { type AnswerState, applyAnswer, currentQuestionIndex, isComplete, questionOutcome } from "./progress-rules.ts";

describe("answer rules (SPEC section 4)", () => {
  it("a first answer that is correct: counts as completed and first-attempt correct, never incorrect", () => {
    expect(applyAnswer(undefined, 2, true)).toEqual({
      next: { selectedOption: 2, isCorrect: true, wasEverIncorrect: false },
      completedDelta: 1,
      firstAttemptDelta: 1,
    });
  });

  it("a first answer that is wrong: counts nothing and marks the question ever-incorrect", () => {
    expect(applyAnswer(undefined, 1, false)).toEqual({
      next: { selectedOption: 1, isCorrect: false, wasEverIncorrect: true },
      completedDelta: 0,
      firstAttemptDelta: 0,
    });
  });

  it("right after wrong: completed rises, first-attempt does not, ever-incorrect stays true", () => {
    const wrong: AnswerState = { selectedOption: 1, isCorrect: false, wasEverIncorrect: true };
    expect(applyAnswer(wrong, 2, true)).toEqual({
      next: { selectedOption: 2, isCorrect: true, wasEverIncorrect: true },
      completedDelta: 1,
      firstAttemptDelta: 0,
    });
  });

  it("wrong again after wrong: counts nothing", () => {
    const wrong: AnswerState = { selectedOption: 1, isCorrect: false, wasEverIncorrect: true };
    expect(applyAnswer(wrong, 3, false)).toEqual({
      next: { selectedOption: 3, isCorrect: false, wasEverIncorrect: true },
      completedDelta: 0,
      firstAttemptDelta: 0,
    });
  });

  it("correct again after correct: the correct count rises only the first time", () => {
    const right: AnswerState = { selectedOption: 2, isCorrect: true, wasEverIncorrect: false };
    expect(applyAnswer(right, 2, true)).toMatchObject({ completedDelta: 0, firstAttemptDelta: 0 });
  });

  it("wrong after correct: marks ever-incorrect but never takes a count back", () => {
    const right: AnswerState = { selectedOption: 2, isCorrect: true, wasEverIncorrect: false };
    expect(applyAnswer(right, 0, false)).toEqual({
      next: { selectedOption: 0, isCorrect: false, wasEverIncorrect: true },
      completedDelta: 0,
      firstAttemptDelta: 0,
    });
  });
});

describe("question outcome", () => {
  it.each([
    [undefined, "unanswered"],
    [{ selectedOption: 0, isCorrect: false, wasEverIncorrect: true }, "incorrect"],
    [{ selectedOption: 0, isCorrect: true, wasEverIncorrect: false }, "correct_first"],
    [{ selectedOption: 0, isCorrect: true, wasEverIncorrect: true }, "correct_eventual"],
  ] as const)("%j → %s", (answer, outcome) => {
    expect(questionOutcome(answer)).toBe(outcome);
  });
});

describe("progress", () => {
  it("is complete when the correct count reaches the question count", () => {
    expect(isComplete(2, 3)).toBe(false);
    expect(isComplete(3, 3)).toBe(true);
    expect(isComplete(0, 0)).toBe(false);
  });
  it("is on the first question not yet answered correctly", () => {
    expect(currentQuestionIndex(new Set(), 3)).toBe(0);
    expect(currentQuestionIndex(new Set([0, 1]), 3)).toBe(2);
    expect(currentQuestionIndex(new Set([0, 2]), 3)).toBe(1);
    expect(currentQuestionIndex(new Set([0, 1, 2]), 3)).toBeNull();
  });
});
