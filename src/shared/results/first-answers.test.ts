import { describe, expect, it } from "vitest";
import { inEnglish } from "../i18n/translator.ts";
import {
  choseSentence,
  type FirstAnswerRow,
  firstAnswerRows,
  firstAnswersFor,
  firstAnswersOf,
  firstAnswerView,
  optionText,
  orderText,
} from "./first-answers.ts";

const GROUPS = ["yellow-square", "red-circle"] as const;
const row = (
  group: FirstAnswerRow[2],
  option: number,
  right: boolean,
  pupils: number,
  text: string | null = null,
  order: number[] | null = null,
): FirstAnswerRow => ["g", 0, group, option, text, order, right, pupils];

const fractions = {
  kind: "choice" as const,
  options: ["1/2", "1/3", "1/4", "2/3"],
  correctAnswer: 0,
  correctAnswers: null,
  optionNotes: [null, "thinks a bigger bottom number means a bigger fraction", null, null],
};

describe("first answers counted per group", () => {
  it("counts each option per group, in the groups' order, leaving out a group with no answers", () => {
    const firstAnswers = firstAnswersOf(
      fractions,
      [row("red-circle", 1, false, 2), row("yellow-square", 0, true, 3), row("yellow-square", 1, false, 5)],
      ["yellow-square", "blue-triangle", "red-circle"],
    );
    expect(firstAnswers).toEqual([
      { groupIdentifier: "yellow-square", pupils: 8, right: 3, options: [3, 5, 0, 0], wrong: null },
      { groupIdentifier: "red-circle", pupils: 2, right: 0, options: [0, 2, 0, 0], wrong: null },
    ]);
  });

  it("true or false counts two options; choose all counts each option ticked in a first answer", () => {
    expect(firstAnswersOf({ kind: "truefalse", options: [] }, [row("red-circle", 1, false, 4)], GROUPS)).toEqual([
      { groupIdentifier: "red-circle", pupils: 4, right: 0, options: [0, 4], wrong: null },
    ]);
    // Masks 0b0101 (right, 2 pupils) and 0b0001 (wrong, 3 pupils).
    const multi = firstAnswersOf(
      { kind: "multi", options: ["2", "3", "4", "5"] },
      [row("red-circle", 5, true, 2), row("red-circle", 1, false, 3)],
      GROUPS,
    );
    expect(multi[0]).toMatchObject({ pupils: 5, right: 2, options: [5, 0, 2, 0] });
  });

  it("folds a typed question's wrong texts and keeps an order question's most common wrong orders", () => {
    const typed = firstAnswersOf(
      { kind: "typed", options: ["scoil"] },
      [
        row("red-circle", -1, true, 4),
        row("red-circle", -1, false, 2, "Scol"),
        row("red-circle", -1, false, 1, "scol."),
        row("red-circle", -1, false, 1, "sgoil"),
      ],
      GROUPS,
    );
    expect(typed[0]).toEqual({
      groupIdentifier: "red-circle",
      pupils: 8,
      right: 4,
      options: null,
      wrong: [
        { answer: "Scol", count: 3 },
        { answer: "sgoil", count: 1 },
      ],
    });
    const order = firstAnswersOf(
      { kind: "order", options: ["a", "b", "c"] },
      [
        row("red-circle", -1, false, 1, null, [1, 0, 2]),
        row("red-circle", -1, false, 3, null, [0, 2, 1]),
        row("red-circle", -1, true, 2),
        row("red-circle", -1, false, 1, null, [2, 1, 0]),
        row("red-circle", -1, false, 1, null, [2, 0, 1]),
      ],
      GROUPS,
    );
    expect(order[0]).toMatchObject({
      pupils: 8,
      right: 2,
      wrong: [
        { answer: "0,2,1", count: 3 },
        { answer: "1,0,2", count: 1 },
        { answer: "2,0,1", count: 1 },
      ],
    });
  });
});

describe("first answers from the answers and their first tries", () => {
  it("takes a wrong first try where there is one, else the latest answer; counts them per group", () => {
    const rows = firstAnswerRows([
      {
        gameId: "g",
        groupIdentifier: "red-circle",
        answers: [
          { questionIndex: 0, selectedOption: 0, isCorrect: true },
          { questionIndex: 1, selectedOption: -1, isCorrect: true, typedAnswer: "scoil" },
        ],
        wrongFirstTries: [[0, 1, null, null]],
      },
      {
        gameId: "g",
        groupIdentifier: "red-circle",
        answers: [
          { questionIndex: 0, selectedOption: 1, isCorrect: false },
          { questionIndex: 1, selectedOption: -1, isCorrect: true, typedAnswer: "Scoil." },
        ],
        wrongFirstTries: [
          [0, 1, null, null],
          [1, -1, "scol", null],
        ],
      },
      {
        gameId: "g",
        groupIdentifier: "yellow-square",
        answers: [{ questionIndex: 1, selectedOption: -1, isCorrect: true, typedAnswer: "SCOIL" }],
        wrongFirstTries: null,
      },
    ]);
    expect(rows).toEqual([
      ["g", 0, "red-circle", 1, null, null, false, 2],
      ["g", 1, "red-circle", -1, null, null, true, 1],
      ["g", 1, "red-circle", -1, "scol", null, false, 1],
      ["g", 1, "yellow-square", -1, null, null, true, 1],
    ]);
  });
});

describe("first answers as the teacher reads them", () => {
  const question = {
    ...fractions,
    firstAnswers: [
      { groupIdentifier: "yellow-square" as const, pupils: 8, right: 3, options: [3, 5, 0, 0], wrong: null },
      { groupIdentifier: "red-circle" as const, pupils: 4, right: 1, options: [1, 0, 0, 3], wrong: null },
    ],
  };

  it("adds the groups together for all groups, or shows one group's", () => {
    expect(firstAnswersFor(question, "all")).toEqual({ pupils: 12, right: 4, options: [4, 5, 0, 3], wrong: null });
    expect(firstAnswersFor(question, "red-circle")).toMatchObject({ pupils: 4, options: [1, 0, 0, 3] });
    expect(firstAnswersFor(question, "blue-triangle")).toBeNull();
  });

  it("marks the right option and the most chosen wrong one, each wrong option with its note", () => {
    expect(firstAnswerView(question, "all")?.options).toEqual([
      { option: 0, count: 4, right: true, mostChosenWrong: false, note: null },
      { option: 1, count: 5, right: false, mostChosenWrong: true, note: fractions.optionNotes[1] },
      { option: 2, count: 0, right: false, mostChosenWrong: false, note: null },
      { option: 3, count: 3, right: false, mostChosenWrong: false, note: null },
    ]);
    // Per group: red circle's most chosen wrong answer is another option.
    const red = firstAnswerView(question, "red-circle")!.options!;
    expect(red.filter((o) => o.mostChosenWrong).map((o) => o.option)).toEqual([3]);
  });

  it("marks no wrong option when nobody chose one; the first of a tie when two tie", () => {
    const allRight = { ...question, firstAnswers: [{ ...question.firstAnswers[0]!, options: [8, 0, 0, 0] }] };
    expect(firstAnswerView(allRight, "all")!.options!.some((o) => o.mostChosenWrong)).toBe(false);
    const tie = { ...question, firstAnswers: [{ ...question.firstAnswers[0]!, options: [2, 3, 0, 3] }] };
    expect(firstAnswerView(tie, "all")!.options!.findIndex((o) => o.mostChosenWrong)).toBe(1);
  });

  it("choose all marks every right option; a typed question's texts from two groups fold as one", () => {
    const multi = {
      kind: "multi" as const,
      options: ["2", "3", "4", "5"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
      optionNotes: null,
      firstAnswers: [
        { groupIdentifier: "red-circle" as const, pupils: 5, right: 2, options: [5, 1, 2, 3], wrong: null },
      ],
    };
    const view = firstAnswerView(multi, "all")!;
    expect(view.options!.map((o) => [o.right, o.mostChosenWrong])).toEqual([
      [true, false],
      [false, false],
      [true, false],
      [false, true],
    ]);
    const typed = {
      kind: "typed" as const,
      options: ["scoil"],
      correctAnswer: 0,
      correctAnswers: null,
      optionNotes: null,
      firstAnswers: [
        {
          groupIdentifier: "red-circle" as const,
          pupils: 3,
          right: 1,
          options: null,
          wrong: [{ answer: "scol", count: 2 }],
        },
        {
          groupIdentifier: "yellow-square" as const,
          pupils: 2,
          right: 0,
          options: null,
          wrong: [{ answer: "Scol ", count: 2 }],
        },
      ],
    };
    expect(firstAnswerView(typed, "all")).toEqual({
      pupils: 5,
      right: 1,
      options: null,
      wrong: [{ answer: "Scol", count: 4 }],
    });
  });

  it("says the count, the answer and the note in one sentence", () => {
    expect(inEnglish(choseSentence(7, "1/3", "thinks a bigger bottom number means a bigger fraction"))).toBe(
      "7 chose 1/3 — thinks a bigger bottom number means a bigger fraction",
    );
    expect(inEnglish(choseSentence(2, "1/4", null))).toBe("2 chose 1/4");
  });
});

describe("first answers' words", () => {
  it("names true or false in the reader's language, an option by its text, an order by its items", () => {
    expect(optionText({ kind: "truefalse", options: [] }, 1, inEnglish)).toBe("False");
    expect(optionText(fractions, 1, inEnglish)).toBe("1/3");
    expect(orderText({ options: ["Seed", "Sprout", "Tree"] }, "1,0,2")).toBe("Sprout → Seed → Tree");
  });
});
