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

/** A four-option question's fields, the pupil's last answer option 2. */
const choice = (questionIndex: number) => ({
  questionIndex,
  kind: "choice",
  options: ["a", "b", "c", "d"],
  selectedOption: 2,
  typedAnswer: null,
  givenOrder: null,
});

describe("pupilSession", () => {
  it("counts a clue seen only where the question has one and the answer was ever wrong, and lists what is still wrong in question order", () => {
    const session = pupilSession(
      row({
        helpRequested: true,
        answers: [
          { ...choice(2), isCorrect: false, wasEverIncorrect: true, questionText: "Three?", clue: null },
          { ...choice(0), isCorrect: true, wasEverIncorrect: true, questionText: "One?", clue: "A fruit" },
          { ...choice(1), isCorrect: false, wasEverIncorrect: true, questionText: "Two?", clue: "" },
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
      stillWrong: [
        { question: "Two?", answer: { kind: "text", text: "c" } },
        { question: "Three?", answer: { kind: "text", text: "c" } },
      ],
    });
  });

  it("gives each question still wrong with the pupil's last answer by its kind", () => {
    const wrong = { isCorrect: false, wasEverIncorrect: true, clue: null, typedAnswer: null, givenOrder: null };
    const session = pupilSession(
      row({
        answers: [
          {
            ...wrong,
            questionIndex: 0,
            questionText: "The sun is a planet.",
            kind: "truefalse",
            options: [],
            selectedOption: 0,
          },
          {
            ...wrong,
            questionIndex: 1,
            questionText: "Spell 'dog'.",
            kind: "typed",
            options: ["dog"],
            selectedOption: -1,
            typedAnswer: "dgo",
          },
          {
            ...wrong,
            questionIndex: 2,
            questionText: "Smallest first.",
            kind: "order",
            options: ["1", "5", "9"],
            selectedOption: -1,
            givenOrder: [2, 0, 1],
          },
          {
            ...wrong,
            questionIndex: 3,
            questionText: "Mammals?",
            kind: "multi",
            options: ["cat", "hen", "cow", "eel"],
            selectedOption: 0b0011,
          },
        ],
      }),
    );
    expect(session.stillWrong).toEqual([
      { question: "The sun is a planet.", answer: { kind: "truefalse", value: true } },
      { question: "Spell 'dog'.", answer: { kind: "typed", text: "dgo" } },
      { question: "Smallest first.", answer: { kind: "order", items: ["9", "1", "5"] } },
      { question: "Mammals?", answer: { kind: "options", items: ["cat", "hen"] } },
    ]);
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
