import { describe, expect, it } from "vitest";
import { questionFromAiSuggestion } from "../ai/ai-suggestions.ts";
import { isUntouched } from "../spreadsheets/spreadsheet-questions.web.ts";
import { gameFormError, QuestionSchema } from "./game-contracts.ts";
import { isBlankQuestion, normaliseQuestion, type Question, withKind } from "./games.ts";
import {
  editorNotesOf,
  hasControlCharacter,
  noteMessages,
  notesForSave,
  notesInOrder,
  optionNotesProblems,
  rightOptionsOf,
  storedOptionNotes,
} from "./option-notes.ts";

const choice = (optionNotes: (string | null)[] | null, correctAnswer = 0) => ({
  kind: "choice" as const,
  correctAnswer,
  correctAnswers: null,
  optionNotes,
});

describe("option notes' rules", () => {
  it("a note fits a wrong option of four options, choose all and true or false", () => {
    expect(optionNotesProblems(choice(["", "thinks bigger is more", "", ""]))).toEqual([]);
    expect(
      optionNotesProblems({ kind: "multi", correctAnswers: [0, 2], optionNotes: ["", "flies", "", "swims"] }),
    ).toEqual([]);
    expect(optionNotesProblems({ kind: "truefalse", correctAnswer: 1, optionNotes: ["sounds true", ""] })).toEqual([]);
    expect(optionNotesProblems(choice(null))).toEqual([]);
  });

  it("refuses a note on a right option, by where it is", () => {
    expect(optionNotesProblems(choice(["right", "", "", ""]))).toEqual([
      { path: ["optionNotes", 0], message: noteMessages.onRightOption },
    ]);
    expect(optionNotesProblems({ kind: "multi", correctAnswers: [1, 3], optionNotes: ["", "", "", "x"] })).toEqual([
      { path: ["optionNotes", 3], message: noteMessages.onRightOption },
    ]);
    expect(optionNotesProblems({ kind: "truefalse", correctAnswer: 0, optionNotes: ["x", ""] })[0]?.message).toBe(
      noteMessages.onRightOption,
    );
  });

  it("refuses the wrong count, and a note on a kind without options to pick; blanks are no notes", () => {
    expect(optionNotesProblems(choice(["", "x", ""]))[0]?.message).toBe(noteMessages.count);
    expect(
      optionNotesProblems({ kind: "truefalse", correctAnswer: 0, optionNotes: ["", "x", "", ""] })[0]?.message,
    ).toBe(noteMessages.count);
    expect(optionNotesProblems({ kind: "typed", optionNotes: ["looks like 5"] })[0]?.message).toBe(
      noteMessages.notForKind,
    );
    expect(optionNotesProblems({ kind: "order", optionNotes: ["", "  ", ""] })).toEqual([]);
  });

  it("control characters are found, tabs and line breaks among them; fadas and emoji are not", () => {
    for (const bad of ["a\nb", "a\tb", "\u0000", "a\u007f", "a\u0085b"]) expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ["síleann sé", "1/3 😀", "“quoted”"]) expect(hasControlCharacter(good)).toBe(false);
  });

  it("the right options by kind", () => {
    expect(rightOptionsOf({ kind: "choice", correctAnswer: 2 })).toEqual([2]);
    expect(rightOptionsOf({ kind: "multi", correctAnswers: [0, 3] })).toEqual([0, 3]);
    expect(rightOptionsOf({ kind: "truefalse", correctAnswer: 1 })).toEqual([1]);
    expect(rightOptionsOf({ kind: "typed", correctAnswer: 0 })).toEqual([]);
  });

  it("stored: trimmed, null for none, null for a question without any", () => {
    expect(storedOptionNotes("choice", ["", " x ", null, ""])).toEqual([null, "x", null, null]);
    expect(storedOptionNotes("choice", ["", " ", null, ""])).toBeNull();
    expect(storedOptionNotes("typed", ["x"])).toBeNull();
    expect(storedOptionNotes("truefalse", null)).toBeNull();
  });

  it("the editor's: one string per option, from a stored question's nulls", () => {
    expect(editorNotesOf([null, "x", null, null], "choice")).toEqual({ optionNotes: ["", "x", "", ""] });
    expect(editorNotesOf([null, "x"], "truefalse")).toEqual({ optionNotes: ["", "x"] });
    expect(editorNotesOf([null, null, null, null], "multi")).toEqual({});
    expect(editorNotesOf(["x"], "typed")).toEqual({});
    expect(editorNotesOf("x", "choice")).toEqual({});
  });

  it("a save leaves out a note kept in the draft on an option now marked right", () => {
    const q = { kind: "choice" as const, correctAnswer: 1, optionNotes: ["a", "b", "", "d"] };
    expect(notesForSave(q).optionNotes).toEqual(["a", "", "", "d"]);
    const fine = { kind: "choice" as const, correctAnswer: 2, optionNotes: ["a", "b", "", "d"] };
    expect(notesForSave(fine)).toBe(fine);
  });

  it("notes follow their options through a shuffle", () => {
    expect(notesInOrder(["a", null, "c", "d"], [2, 0, 3, 1])).toEqual(["c", "a", "d", null]);
    expect(notesInOrder(null, [1, 0])).toBeNull();
  });
});

describe("option notes in the create-game schema", () => {
  const base: Question = {
    questionText: "Which is the biggest?",
    options: ["1/2", "1/3", "1/4", "1/8"],
    correctAnswer: 0,
    clue: "",
  };

  it("stores them as null for none and accepts null entries (a question read back)", () => {
    const parsed = QuestionSchema.parse({ ...base, optionNotes: [null, " bigger bottom ", "", null] });
    expect(parsed.optionNotes).toEqual([null, "bigger bottom", null, null]);
    expect(QuestionSchema.parse({ ...base }).optionNotes).toBeNull();
  });

  it("refuses 121 characters and accepts 120, counted after trimming", () => {
    expect(QuestionSchema.safeParse({ ...base, optionNotes: ["", "x".repeat(120), "", ""] }).success).toBe(true);
    expect(QuestionSchema.safeParse({ ...base, optionNotes: ["", ` ${"x".repeat(120)} `, "", ""] }).success).toBe(true);
    const long = QuestionSchema.safeParse({ ...base, optionNotes: ["", "x".repeat(121), "", ""] });
    expect(long.error?.issues[0]?.message).toBe(noteMessages.tooLong);
  });

  it("the form's check names a note's problem as the server does", () => {
    expect(gameFormError("Fractions", [{ ...base, optionNotes: ["right", "", "", ""] }])).toBe(
      noteMessages.onRightOption,
    );
    expect(gameFormError("Fractions", [{ ...base, optionNotes: ["", "x".repeat(121), "", ""] }])).toBe(
      noteMessages.tooLong,
    );
    expect(gameFormError("Fractions", [{ ...base, optionNotes: ["", "fine", "", ""] }])).toBeNull();
  });

  it("a duplicated question keeps its notes; another kind keeps them only where they still fit", () => {
    const stored = { ...base, kind: "choice", optionNotes: [null, "bigger bottom", null, null] };
    const q = normaliseQuestion(stored);
    expect(q.optionNotes).toEqual(["", "bigger bottom", "", ""]);
    expect(withKind(q, "multi", "en").optionNotes).toEqual(["", "bigger bottom", "", ""]);
    expect(withKind(q, "truefalse", "en").optionNotes).toBeUndefined();
    expect(withKind(q, "typed", "en").optionNotes).toBeUndefined();
    expect(normaliseQuestion({ ...stored, kind: "typed", options: ["4"] }).optionNotes).toBeUndefined();
  });
});

describe("the AI's notes in the editor's question", () => {
  it("follow their options through every shuffle; none stays on a right option", () => {
    const options = ["otter", "robin", "bat", "eel"];
    const optionNotes = ["", "flies", "", "swims"];
    for (let seed = 1; seed < 40; seed++) {
      let state = seed;
      const random = () => ((state = (state * 48271) % 2147483647) / 2147483647) % 1;
      const q = questionFromAiSuggestion(
        { kind: "multi", questionText: "Mammals?", options, correctAnswers: [0, 2], optionNotes, clue: "" },
        random,
      );
      q.options.forEach((option, k) => expect(q.optionNotes![k]).toBe(optionNotes[options.indexOf(option)]));
      expect(QuestionSchema.safeParse(q).success).toBe(true);
      const choice = questionFromAiSuggestion(
        { questionText: "Biggest?", options: ["1/2", "1/3", "1/4", "1/8"], optionNotes: ["x", "a", "b", ""], clue: "" },
        random,
      );
      expect(choice.optionNotes![choice.correctAnswer]).toBe("");
      expect(QuestionSchema.safeParse(choice).success).toBe(true);
    }
    const tf = questionFromAiSuggestion({
      kind: "truefalse",
      questionText: "Q",
      options: [],
      correctAnswer: 1,
      optionNotes: ["sounds true", "on the right one"],
      clue: "",
    });
    expect(tf.optionNotes).toEqual(["sounds true", ""]);
  });
});

describe("a question with only a note written", () => {
  it("is not blank: an AI suggestion or an import does not take its place; an emptied note is no note", () => {
    const q: Question = { questionText: "", options: ["", "", "", ""], correctAnswer: 0, clue: "" };
    expect(isBlankQuestion({ ...q, optionNotes: ["", "a note", "", ""] })).toBe(false);
    expect(isUntouched({ ...q, optionNotes: ["", "a note", "", ""] })).toBe(false);
    expect(isBlankQuestion({ ...q, optionNotes: ["", " ", "", ""] })).toBe(true);
    expect(isUntouched({ ...q, optionNotes: ["", "", "", ""] })).toBe(true);
  });
});
