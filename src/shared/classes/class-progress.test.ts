import { describe, expect, it } from "vitest";
import { type ClassProgressRow, chosenNotes, classProgress, type FirstAnswer, pupilSession } from "./class-progress.ts";

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

/** A four-option question's fields, the pupil's last answer option 2; no first try read, no notes. */
const choice = (questionIndex: number) => ({
  questionIndex,
  kind: "choice",
  options: ["a", "b", "c", "d"],
  selectedOption: 2,
  typedAnswer: null,
  givenOrder: null,
  first: null,
  optionNotes: null,
});

/** A first try: an option (or mask), a typed text or an order given; wrong unless told. */
const firstTry = (over: Partial<FirstAnswer>): FirstAnswer => ({
  selectedOption: -1,
  typedAnswer: null,
  givenOrder: null,
  isCorrect: false,
  ...over,
});

describe("pupilSession", () => {
  it("counts a clue seen only where the question has one and the answer was ever wrong, and lists what was wrong at the first try in question order", () => {
    const session = pupilSession(
      row({
        helpRequested: true,
        answers: [
          {
            ...choice(2),
            isCorrect: false,
            wasEverIncorrect: true,
            questionText: "Three?",
            clue: null,
            first: firstTry({ selectedOption: 1 }),
          },
          {
            ...choice(0),
            isCorrect: true,
            wasEverIncorrect: true,
            questionText: "One?",
            clue: "A fruit",
            first: firstTry({ selectedOption: 3 }),
            optionNotes: [null, "mixes up b and d", "", "thinks d is a fruit"],
          },
          { ...choice(1), isCorrect: false, wasEverIncorrect: true, questionText: "Two?", clue: "", first: null },
          { ...choice(4), isCorrect: true, wasEverIncorrect: false, questionText: "Five?", clue: "A clue" },
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
      needsLook: [
        {
          question: "One?",
          firstAnswer: { kind: "text", text: "d" },
          notes: ["thinks d is a fruit"],
          rightLater: true,
        },
        { question: "Three?", firstAnswer: { kind: "text", text: "b" }, notes: [], rightLater: false },
      ],
    });
  });

  it("gives each question wrong at the first try with that first answer by its kind, and the chosen options' notes", () => {
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
            selectedOption: 1,
            first: firstTry({ selectedOption: 0 }),
            optionNotes: ["thinks anything in the sky is a planet", null],
          },
          {
            ...wrong,
            questionIndex: 1,
            questionText: "Spell 'dog'.",
            kind: "typed",
            options: ["dog"],
            selectedOption: -1,
            typedAnswer: "dgo",
            first: firstTry({ typedAnswer: "dg" }),
            optionNotes: null,
          },
          {
            ...wrong,
            questionIndex: 2,
            questionText: "Smallest first.",
            kind: "order",
            options: ["1", "5", "9"],
            selectedOption: -1,
            givenOrder: [2, 0, 1],
            first: firstTry({ givenOrder: [2, 1, 0] }),
            optionNotes: null,
          },
          {
            ...wrong,
            questionIndex: 3,
            questionText: "Mammals?",
            kind: "multi",
            options: ["cat", "hen", "cow", "eel"],
            selectedOption: 0b0011,
            first: firstTry({ selectedOption: 0b1011 }),
            optionNotes: [null, "thinks hens give milk", null, "thinks an eel is a mammal"],
          },
        ],
      }),
    );
    expect(session.needsLook).toEqual([
      {
        question: "The sun is a planet.",
        firstAnswer: { kind: "truefalse", value: true },
        notes: ["thinks anything in the sky is a planet"],
        rightLater: false,
      },
      { question: "Spell 'dog'.", firstAnswer: { kind: "typed", text: "dg" }, notes: [], rightLater: false },
      {
        question: "Smallest first.",
        firstAnswer: { kind: "order", items: ["9", "5", "1"] },
        notes: [],
        rightLater: false,
      },
      {
        question: "Mammals?",
        firstAnswer: { kind: "options", items: ["cat", "hen", "eel"] },
        notes: ["thinks hens give milk", "thinks an eel is a mammal"],
        rightLater: false,
      },
    ]);
  });
});

describe("chosenNotes", () => {
  it("reads the note of the option chosen first, none for a right option, a blank one or a question without notes", () => {
    const q = { kind: "choice", optionNotes: ["", null, "a note", "  "] };
    expect(chosenNotes(q, { selectedOption: 2 })).toEqual(["a note"]);
    expect(chosenNotes(q, { selectedOption: 1 })).toEqual([]);
    expect(chosenNotes(q, { selectedOption: 3 })).toEqual([]);
    expect(chosenNotes({ kind: "choice", optionNotes: null }, { selectedOption: 2 })).toEqual([]);
    expect(chosenNotes({ kind: "typed", optionNotes: ["x"] }, { selectedOption: 0 })).toEqual([]);
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
