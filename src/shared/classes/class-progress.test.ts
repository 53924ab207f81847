import { describe, expect, it } from "vitest";
import { type ClassProgressRow, classProgress, pupilSession } from "./class-progress.ts";

const row = (over: Partial<ClassProgressRow>): ClassProgressRow => ({
  sessionId: "s1",
  startTime: "2026-11-02T09:00:00.000Z",
  studentName: "Aoife",
  gameId: "g1",
  gameTitle: "Bia",
  questionCount: 3,
  completedQuestionsCount: 2,
  firstAttemptCorrectCount: 1,
  helpRequested: false,
  answers: [],
  ...over,
});

describe("pupilSession", () => {
  it("counts a clue seen only where the question has one and the answer was ever wrong, and lists what is still wrong in question order", () => {
    const session = pupilSession(
      row({
        helpRequested: true,
        answers: [
          { questionIndex: 2, isCorrect: false, wasEverIncorrect: true, questionText: "Three?", clue: null },
          { questionIndex: 0, isCorrect: true, wasEverIncorrect: true, questionText: "One?", clue: "A fruit" },
          { questionIndex: 1, isCorrect: false, wasEverIncorrect: true, questionText: "Two?", clue: "" },
        ],
      }),
    );
    expect(session).toEqual({
      sessionId: "s1",
      date: "2026-11-02T09:00:00.000Z",
      gameId: "g1",
      gameTitle: "Bia",
      score: 2,
      questionCount: 3,
      firstTry: 1,
      cluesSeen: 1,
      helpRequested: true,
      stillWrong: ["Two?", "Three?"],
    });
  });
});

describe("classProgress", () => {
  it("matches names as the join does, keeps the class list's order, puts sessions oldest first and shows a name no longer on the list", () => {
    const pupils = classProgress(
      ["Aoife", "Seán", "Oisín"],
      [
        row({ sessionId: "s2", startTime: "2026-11-09T09:00:00.000Z", studentName: "Aoife" }),
        row({ sessionId: "s1", studentName: "aoife " }),
        row({ sessionId: "s1", studentName: "SEAN" }),
        row({ sessionId: "s1", studentName: "Cian" }),
      ],
    );
    expect(pupils.map((p) => [p.name, p.onList, p.sessions.map((s) => s.sessionId)])).toEqual([
      ["Aoife", true, ["s1", "s2"]],
      ["Seán", true, ["s1"]],
      ["Oisín", true, []],
      ["Cian", false, ["s1"]],
    ]);
  });

  it("an empty class with no sessions has no pupils", () => {
    expect(classProgress([], [])).toEqual([]);
  });
});
