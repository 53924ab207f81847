import { describe, expect, it } from "vitest";
import { GenerateQuestionsSchema, questionFromAiSuggestion } from "../ai/ai-suggestions.ts";
import { inEnglish } from "../i18n/translator.ts";
import { CreateGameSchema, gameFormError } from "./game-contracts.ts";
import {
  blankQuestion,
  clueLength,
  effectiveTitle,
  GAME_LIMITS,
  gameMessages,
  normaliseQuestion,
  type Question,
  questionWarnings,
  titleIsNeeded,
  withOptionPicture,
} from "./games.ts";
import { imageMessages } from "./images.ts";

const good: Question = { questionText: "2 + 2?", options: ["4", "3", "5", "22"], correctAnswer: 0, clue: "" };

describe("effective title", () => {
  it("is 'Subject - Level - Topic'", () => {
    expect(effectiveTitle({ subject: "Mathematics", level: "3rd Class", topic: "Fractions" })).toBe(
      "Mathematics - 3rd Class - Fractions",
    );
  });
  it("is prefixed with the optional title part and ' - '", () => {
    expect(effectiveTitle({ customTitle: "Friday Quiz", subject: "Irish", level: "1st Class", topic: "Bia" })).toBe(
      "Friday Quiz - Irish - 1st Class - Bia",
    );
  });
  it("is the title part alone when no AI field is filled, and empty when nothing is", () => {
    expect(effectiveTitle({ customTitle: "  Friday Quiz " })).toBe("Friday Quiz");
    expect(effectiveTitle({})).toBe("");
    expect(effectiveTitle({ customTitle: "   " })).toBe("");
  });
  it("leaves out AI fields not chosen yet", () => {
    expect(effectiveTitle({ subject: "Music", level: "" })).toBe("Music");
  });
  it("names the subject and level as the teacher reads them; the topic as typed", () => {
    const irish = (kind: "subject" | "level", value: string) =>
      (
        ({ subject: { Science: "Eolaíocht" }, level: { "5th Class": "Rang a 5" } }) as Record<
          string,
          Record<string, string>
        >
      )[kind]![value] ?? value;
    expect(
      effectiveTitle(
        { customTitle: "Seachtain 3", subject: "Science", level: "5th Class", topic: "An corp daonna" },
        irish,
      ),
    ).toBe("Seachtain 3 - Eolaíocht - Rang a 5 - An corp daonna");
    expect(effectiveTitle({ subject: "Science", level: "" }, irish)).toBe("Eolaíocht");
  });
});

describe("create-game validation (SPEC section 5), first problem first", () => {
  it("accepts a complete game", () => {
    expect(gameFormError("Quiz", [good])).toBeNull();
  });
  it.each([
    ["", [good], gameMessages.titleEmpty],
    ["  ", [good], gameMessages.titleEmpty],
    ["Quiz", [], gameMessages.atLeastOneQuestion],
    ["Quiz", [{ ...good, questionText: " " }], gameMessages.questionTextsRequired],
    ["Quiz", [{ ...good, options: ["4", "", "5", "22"] }], gameMessages.optionsRequired],
    ["Quiz", [{ ...good, options: ["4", "3", "5"] }], gameMessages.optionsRequired],
    ["Quiz", [{ ...good, correctAnswer: 4 }], gameMessages.correctAnswerRequired],
    ["Quiz", [{ ...good, correctAnswer: -1 }], gameMessages.correctAnswerRequired],
    ["Quiz", [{ ...good, correctAnswer: 1.5 }], gameMessages.correctAnswerRequired],
    ["Quiz", Array(101).fill(good), gameMessages.tooManyQuestions],
    ["Quiz", [{ ...good, clue: "c".repeat(201) }], gameMessages.clueTooLong],
  ])("title %j with %j → %s", (title, questions, message) => {
    expect(gameFormError(title, questions as Question[])).toBe(message);
  });

  it("points out blank options only once the teacher started on them or tried to save", () => {
    const blank = { questionText: "", options: ["", "", "", ""], correctAnswer: 0, clue: "" };
    expect(questionWarnings(blank).missingOptions).toBe(false);
    expect(questionWarnings({ ...blank, questionText: "Typed" }).missingOptions).toBe(false);
    expect(questionWarnings({ ...blank, options: ["8", "", "", ""] }).missingOptions).toBe(true);
    expect(questionWarnings(blank, { saveTried: true }).missingOptions).toBe(true);
    expect(questionWarnings(good, { saveTried: true }).missingOptions).toBe(false);
  });

  it("says plainly which fields make a title, and needs the title only without Subject, Class Level and Topic", () => {
    expect(inEnglish(gameMessages.titleEmpty)).not.toMatch(/title part/);
    expect(inEnglish(gameMessages.titleEmpty)).toMatch(/Game Title/);
    expect(titleIsNeeded({})).toBe(true);
    expect(titleIsNeeded({ customTitle: "Friday Quiz" } as { subject?: string })).toBe(true);
    expect(titleIsNeeded({ subject: "Science", level: "", topic: "" })).toBe(false);
    expect(titleIsNeeded({ subject: "Science", level: "1st Class", topic: "Plants" })).toBe(false);
  });

  it("warns per question about blank options, a missing correct answer and a clue or hiding place that is too long", () => {
    expect(questionWarnings(good)).toEqual({
      missingOptions: false,
      missingCorrectAnswer: false,
      clueTooLong: false,
      hidingPlaceTooLong: false,
      missingAlt: false,
      altTooLong: false,
    });
    expect(
      questionWarnings({
        ...good,
        options: ["a", " ", "c", "d"],
        correctAnswer: 7,
        clue: "c".repeat(201),
        hidingPlace: `  ${"h".repeat(121)}  `,
      }),
    ).toEqual({
      missingOptions: true,
      missingCorrectAnswer: true,
      clueTooLong: true,
      hidingPlaceTooLong: true,
      missingAlt: false,
      altTooLong: false,
    });
  });

  it("asks for a description with a picture, of at most 300 characters after trimming, and for none without one", () => {
    const picture = "8f14e45f-ceea-467f-a8f5-0d0c8b3a9e21";
    expect(questionWarnings({ ...good, imageId: picture, imageAlt: "  " })).toMatchObject({
      missingAlt: true,
      altTooLong: false,
    });
    expect(questionWarnings({ ...good, imageId: picture, imageAlt: ` ${"a".repeat(300)} ` })).toMatchObject({
      missingAlt: false,
      altTooLong: false,
    });
    expect(questionWarnings({ ...good, imageId: picture, imageAlt: "a".repeat(301) })).toMatchObject({
      missingAlt: false,
      altTooLong: true,
    });
    expect(questionWarnings({ ...good, imageId: null, imageAlt: "" })).toMatchObject({
      missingAlt: false,
      altTooLong: false,
    });
    expect(gameFormError("Quiz", [{ ...good, imageId: picture, imageAlt: "" }])).toBe(imageMessages.altRequired);
    expect(gameFormError("Quiz", [{ ...good, imageId: picture, imageAlt: "A fox in the snow" }])).toBeNull();
    expect(gameFormError("Quiz", [{ ...good, imageId: "lion.jpg", imageAlt: "A fox" }])).toBe(
      imageMessages.imageNotFound,
    );
    // A duplicated game keeps its pictures and their descriptions; a question without one gets none.
    expect(normaliseQuestion({ ...good, imageId: picture, imageAlt: null })).toEqual({
      ...good,
      imageId: picture,
      imageAlt: "",
    });
    expect(normaliseQuestion({ ...good, imageId: null, imageAlt: null })).toEqual(good);
  });

  it("lets a clue be empty or up to 200 characters, counted after trimming", () => {
    expect(GAME_LIMITS.clue).toBe(200);
    expect(inEnglish(gameMessages.clueTooLong)).toBe("A clue can be at most 200 characters.");
    expect(gameFormError("Quiz", [{ ...good, clue: "" }])).toBeNull();
    expect(gameFormError("Quiz", [{ ...good, clue: "c".repeat(200) }])).toBeNull();
    expect(gameFormError("Quiz", [{ ...good, clue: `  ${"c".repeat(200)}\n ` }])).toBeNull();
    expect(clueLength(`  ${"c".repeat(200)}\n `)).toBe(200);
    expect(clueLength("Ná déan dearmad ar na fadaí")).toBe(27);
    expect(questionWarnings({ ...good, clue: "c".repeat(200) }).clueTooLong).toBe(false);
  });
});

describe("normalising a duplicated game's questions", () => {
  it("keeps a valid question as it is, with its clue", () => {
    expect(normaliseQuestion(good)).toEqual(good);
    expect(normaliseQuestion({ ...good, clue: "Count on your fingers." })).toEqual({
      ...good,
      clue: "Count on your fingers.",
    });
  });
  it("reads a stored question without a clue (null) as an empty clue", () => {
    expect(normaliseQuestion({ ...good, clue: null }).clue).toBe("");
  });
  it("pads or trims to exactly four options and fixes a bad answer index to 0", () => {
    expect(normaliseQuestion({ questionText: "Q", options: ["a", "b"], correctAnswer: 9 })).toEqual({
      questionText: "Q",
      options: ["a", "b", "", ""],
      correctAnswer: 0,
      clue: "",
    });
    expect(
      normaliseQuestion({ questionText: "Q", options: ["a", "b", "c", "d", "e"], correctAnswer: 3 }).options,
    ).toEqual(["a", "b", "c", "d"]);
  });
  it("turns garbage into a blank question", () => {
    expect(normaliseQuestion(null)).toEqual(blankQuestion());
    expect(normaliseQuestion({ questionText: 5, options: "abcd", correctAnswer: "1" })).toEqual(blankQuestion());
    expect(normaliseQuestion({ questionText: "Q", options: [1, null, "c", "d"] }).options).toEqual(["", "", "c", "d"]);
  });
});

describe("an option's picture in the editor (decision 038)", () => {
  const triangle = "11111111-1111-4111-8111-111111111111";
  const circle = "22222222-2222-4222-8222-222222222222";
  it("sets one option's picture, keeping the others' and everything typed", () => {
    const one = withOptionPicture(good, 1, triangle);
    expect(one).toEqual({ ...good, optionImageIds: [null, triangle, null, null] });
    expect(withOptionPicture(one, 3, triangle).optionImageIds).toEqual([null, triangle, null, triangle]);
    expect(withOptionPicture(one, 1, circle).optionImageIds).toEqual([null, circle, null, null]);
  });
  it("removes one, and leaves none at all once no option has a picture", () => {
    const two = { ...good, optionImageIds: [triangle, null, circle, null] };
    expect(withOptionPicture(two, 0, null).optionImageIds).toEqual([null, null, circle, null]);
    expect(withOptionPicture(withOptionPicture(two, 0, null), 2, null)).toEqual({ ...good, optionImageIds: null });
  });
});

describe("AI suggestions", () => {
  it("shuffles the four options and points the answer at the correct one (listed first)", () => {
    const suggestion = { questionText: "Capital of Ireland?", options: ["Dublin", "Cork", "Galway", "Sligo"] };
    const seen = new Set<number>();
    for (let seed = 0; seed < 50; seed++) {
      let x = seed / 50;
      const random = () => (x = (x * 9301 + 0.49297) % 1);
      const q = questionFromAiSuggestion(suggestion, random);
      expect([...q.options].sort()).toEqual([...suggestion.options].sort());
      expect(q.options[q.correctAnswer]).toBe("Dublin");
      seen.add(q.correctAnswer);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
  it("carries the suggestion's clue into the question, trimmed; none becomes an empty clue", () => {
    const options = ["Dublin", "Cork", "Galway", "Sligo"];
    expect(
      questionFromAiSuggestion({ questionText: "Capital of Ireland?", options, clue: "  It is on the River Liffey. " })
        .clue,
    ).toBe("It is on the River Liffey.");
    expect(questionFromAiSuggestion({ questionText: "Capital of Ireland?", options }).clue).toBe("");
    expect(questionFromAiSuggestion({ questionText: "Capital of Ireland?", options, clue: 7 }).clue).toBe("");
  });
  it("makes each kind's question of a mix: choose all's right options follow the shuffle; the others keep their order", () => {
    let seed = 3;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const options = ["otter", "robin", "bat", "eel"];
    for (let i = 0; i < 10; i++) {
      const multi = questionFromAiSuggestion(
        { kind: "multi", questionText: "Mammals?", options, correctAnswers: [0, 2], clue: "" },
        random,
      );
      expect(multi.correctAnswers!.map((k) => multi.options[k]).sort()).toEqual(["bat", "otter"]);
      expect(CreateGameSchema.safeParse({ title: "x", questions: [multi] }).success).toBe(true);
    }
    expect(
      questionFromAiSuggestion({ kind: "truefalse", questionText: "Q", options: [], correctAnswer: 1, clue: "" }),
    ).toEqual({ kind: "truefalse", questionText: "Q", options: [], correctAnswer: 1, clue: "" });
    expect(
      questionFromAiSuggestion({ kind: "typed", questionText: "Q", options: [" bó "], fadasCount: true, clue: "" }),
    ).toEqual({ kind: "typed", questionText: "Q", options: ["bó"], correctAnswer: 0, fadasCount: true, clue: "" });
    expect(
      questionFromAiSuggestion({ kind: "order", questionText: "Q", options: ["1", "2", "3"], clue: "" }, random),
    ).toEqual({ kind: "order", questionText: "Q", options: ["1", "2", "3"], correctAnswer: 0, clue: "" });
    // Malformed for its kind: blank, never half a question.
    expect(questionFromAiSuggestion({ kind: "multi", questionText: "Q", options, clue: "" })).toEqual(blankQuestion());
    expect(questionFromAiSuggestion({ kind: "essay", questionText: "Q", options, clue: "" })).toEqual(blankQuestion());
  });
  it.each([
    [{ questionText: "Q", options: ["a", "b", "c"] }],
    [{ questionText: "", options: ["a", "b", "c", "d"] }],
    [{ questionText: "Q", options: ["a", "", "c", "d"] }],
    [{ questionText: "Q" }],
    [null],
    ["text"],
  ])("makes a blank question of %j", (raw) => {
    expect(questionFromAiSuggestion(raw)).toEqual(blankQuestion());
  });
});

describe("server-side schemas", () => {
  const base = { title: "Quiz", questions: [good] };
  it("accepts a minimal game and fills defaults", () => {
    expect(CreateGameSchema.parse(base)).toMatchObject({
      title: "Quiz",
      description: "",
      aiLastUsedSubject: null,
      aiLastUsedNumQuestions: null,
    });
  });
  it.each([
    [{ ...base, title: "" }, gameMessages.titleRequired],
    [{ questions: [good] }, gameMessages.titleRequired],
    [{ ...base, title: "x".repeat(201) }, gameMessages.titleTooLong],
    [{ ...base, description: "x".repeat(1001) }, gameMessages.descriptionTooLong],
    [{ ...base, questions: [] }, gameMessages.atLeastOneQuestion],
    [{ title: "Quiz" }, gameMessages.atLeastOneQuestion],
    [{ ...base, questions: Array(101).fill(good) }, gameMessages.tooManyQuestions],
    [{ ...base, questions: [{ ...good, questionText: "x".repeat(501) }] }, gameMessages.questionTooLong],
    [{ ...base, questions: [{ ...good, options: ["x".repeat(201), "b", "c", "d"] }] }, gameMessages.optionTooLong],
    [{ ...base, questions: [{ ...good, options: ["a", "b", "c"] }] }, gameMessages.optionsRequired],
    [{ ...base, questions: [{ ...good, correctAnswer: 4 }] }, gameMessages.correctAnswerRequired],
    [{ ...base, aiLastUsedContext: "x".repeat(2001) }, gameMessages.contextTooLong],
    [{ ...base, aiLastUsedSubject: "Latin" }, undefined],
  ])("rejects %#", (input, message) => {
    const result = CreateGameSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(result.error!.issues[0]!.message).toBe(message);
  });
  it("stores a clue trimmed, and no clue (absent, null, blank) as null", () => {
    const clueOf = (clue: unknown) =>
      CreateGameSchema.parse({ ...base, questions: [{ ...good, clue }] }).questions[0]!.clue;
    expect(clueOf("  Think of a pair of twos.  ")).toBe("Think of a pair of twos.");
    expect(clueOf("   ")).toBeNull();
    expect(clueOf(null)).toBeNull();
    expect(clueOf(undefined)).toBeNull();
    expect(clueOf("c".repeat(200))).toBe("c".repeat(200));
    expect(clueOf(`Line\u0007 one`)).toBe("Line one");
  });
  it.each([
    ["201 characters", "c".repeat(201), gameMessages.clueTooLong],
    ["a number", 5, gameMessages.clueNotText],
  ])("refuses a clue of %s", (_label, clue, message) => {
    const result = CreateGameSchema.safeParse({ ...base, questions: [{ ...good, clue }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
  it("requires subject, level and topic for AI generation", () => {
    for (const input of [
      {},
      { subject: "Mathematics", level: "3rd Class" },
      { subject: "Mathematics", topic: "x" },
      { level: "3rd Class", topic: "x" },
    ]) {
      const result = GenerateQuestionsSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(gameMessages.aiFieldsRequired);
    }
    expect(GenerateQuestionsSchema.parse({ subject: "Irish", level: "4th Class", topic: "An aimsir" })).toEqual({
      subject: "Irish",
      level: "4th Class",
      topic: "An aimsir",
      contextText: "",
      numQuestions: 5,
      // Four options only unless the teacher asks for a mix of the kinds.
      kinds: "choice",
    });
  });
});
