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
  kindMessages,
  normaliseQuestion,
  type Question,
  questionWarnings,
  titleIsNeeded,
  withKind,
  withOptionAdded,
  withOptionMoved,
  withOptionPicture,
  withOptionRecording,
  withOptionRemoved,
} from "./games.ts";
import { imageMessages } from "./images.ts";
import { recordingMessages } from "./recordings.ts";

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
      missingTrueOrFalse: false,
      multiRightCount: false,
      acceptedTooLong: [],
      repeatedItem: -1,
      notesTooLong: [],
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
        optionNotes: ["", `  ${"n".repeat(120)}  `, "", "n".repeat(121)],
      }),
    ).toEqual({
      missingOptions: true,
      missingCorrectAnswer: true,
      missingTrueOrFalse: false,
      multiRightCount: false,
      acceptedTooLong: [],
      repeatedItem: -1,
      notesTooLong: [3],
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

describe("the teacher's recordings in the editor and on save", () => {
  const voice = "33333333-3333-4333-8333-333333333333";
  const other = "44444444-4444-4444-8444-444444444444";
  const order: Question = {
    kind: "order",
    questionText: "Q",
    options: ["1", "2", "3", "4"],
    correctAnswer: 0,
    clue: "",
  };
  const saved = (q: Question) => CreateGameSchema.safeParse({ title: "Quiz", questions: [q] });
  it("sets and removes one option's recording as a picture: none at all once no option keeps one", () => {
    const one = withOptionRecording(good, 2, voice);
    expect(one).toEqual({ ...good, optionRecordingIds: [null, null, voice, null] });
    expect(withOptionRecording(one, 0, other).optionRecordingIds).toEqual([other, null, voice, null]);
    expect(withOptionRecording(one, 2, null)).toEqual({ ...good, optionRecordingIds: null });
  });
  it("adds, removes and moves items with their recordings, beside their pictures", () => {
    const both = { ...order, optionImageIds: [other, null, null, null], optionRecordingIds: [null, voice, null, null] };
    expect(withOptionAdded(both)).toMatchObject({
      optionImageIds: [other, null, null, null, null],
      optionRecordingIds: [null, voice, null, null, null],
    });
    expect(withOptionAdded(order).optionRecordingIds).toBeUndefined();
    expect(withOptionMoved(both, 1, -1)).toMatchObject({
      options: ["2", "1", "3", "4"],
      optionImageIds: [null, other, null, null],
      optionRecordingIds: [voice, null, null, null],
    });
    expect(withOptionRemoved(both, 1)).toMatchObject({
      options: ["1", "3", "4"],
      optionImageIds: [other, null, null],
      optionRecordingIds: null,
    });
    expect(withOptionRemoved(both, 0)).toMatchObject({ optionImageIds: null, optionRecordingIds: [voice, null, null] });
  });
  it("keeps the question's and the clue's recordings through a change of kind; the options' only between four options and choose all", () => {
    const q: Question = {
      ...good,
      clue: "Count",
      recordingId: voice,
      clueRecordingId: other,
      optionRecordingIds: [voice, null, null, null],
    };
    expect(withKind(q, "multi", "en")).toMatchObject({
      recordingId: voice,
      clueRecordingId: other,
      optionRecordingIds: [voice, null, null, null],
    });
    expect(withKind(withKind(q, "multi", "en"), "choice", "en").optionRecordingIds).toEqual([voice, null, null, null]);
    const statement = withKind(q, "truefalse", "en");
    expect(statement).toMatchObject({ recordingId: voice, clueRecordingId: other });
    expect(statement.optionRecordingIds).toBeUndefined();
  });
  it("loads a stored question's recordings, the options' only where its kind has them and the clue's only with a clue", () => {
    const stored = {
      ...good,
      clue: "Count",
      recordingId: voice,
      clueRecordingId: other,
      optionRecordingIds: [null, voice, null, null],
    };
    expect(normaliseQuestion(stored)).toEqual(stored);
    expect(
      normaliseQuestion({
        ...stored,
        recordingId: null,
        clueRecordingId: null,
        optionRecordingIds: [null, null, null, null],
      }),
    ).toEqual({ ...good, clue: "Count" });
    expect(normaliseQuestion({ ...stored, clue: null }).clueRecordingId).toBeUndefined();
    expect(normaliseQuestion({ ...stored, kind: "typed", options: ["a"] }).optionRecordingIds).toBeUndefined();
    expect(normaliseQuestion({ ...order, optionRecordingIds: [voice] }).optionRecordingIds).toEqual([
      voice,
      null,
      null,
      null,
    ]);
  });
  it("saves recordings as the server stores them; refuses option recordings where the kind has none, or a list of the wrong length", () => {
    const q: Question = {
      ...good,
      recordingId: voice,
      clueRecordingId: other,
      optionRecordingIds: [null, null, null, null],
    };
    const ok = saved(q);
    expect(ok.success && ok.data.questions[0]).toMatchObject({
      recordingId: voice,
      clueRecordingId: null,
      optionRecordingIds: null,
    });
    const withClue = saved({ ...q, clue: "Count", optionRecordingIds: [voice, null, null, other] });
    expect(withClue.success && withClue.data.questions[0]).toMatchObject({
      clueRecordingId: other,
      optionRecordingIds: [voice, null, null, other],
    });
    const statement: Question = { kind: "truefalse", questionText: "S", options: [], correctAnswer: 1, clue: "" };
    expect(saved({ ...statement, recordingId: voice }).success).toBe(true);
    expect(saved({ ...statement, optionRecordingIds: [] }).success).toBe(true);
    expect(gameFormError("Quiz", [{ ...statement, optionRecordingIds: [voice, null] }])).toBe(
      kindMessages.noOptionRecordings,
    );
    expect(inEnglish(kindMessages.noOptionRecordings)).toBe("This kind of question has no recordings on its answers.");
    const typed: Question = { kind: "typed", questionText: "T", options: ["a"], correctAnswer: 0, clue: "" };
    expect(gameFormError("Quiz", [{ ...typed, optionRecordingIds: [voice] }])).toBe(kindMessages.noOptionRecordings);
    expect(gameFormError("Quiz", [{ ...good, optionRecordingIds: [voice, null, null] }])).toBe(
      recordingMessages.notFound,
    );
    expect(gameFormError("Quiz", [{ ...order, optionRecordingIds: [voice, null, null, null, null] }])).toBe(
      recordingMessages.notFound,
    );
    expect(gameFormError("Quiz", [{ ...good, recordingId: "voice.webm" }])).toBe(recordingMessages.notFound);
    expect(gameFormError("Quiz", [{ ...order, optionRecordingIds: [null, voice, null, null] }])).toBeNull();
  });
});

describe("the kinds of question in the editor (decision 050)", () => {
  const picture = "11111111-1111-4111-8111-111111111111";
  const statement: Question = {
    kind: "truefalse",
    questionText: "A spider has eight legs.",
    options: [],
    correctAnswer: 0,
    clue: "",
  };
  const typed: Question = {
    kind: "typed",
    questionText: "Spell 'apple' in Irish",
    options: ["úll", "an t-úll"],
    correctAnswer: 0,
    fadasCount: true,
    clue: "",
  };
  const order: Question = {
    kind: "order",
    questionText: "Smallest first",
    options: ["1", "2", "3", "4"],
    correctAnswer: 0,
    clue: "",
    optionImageIds: [null, picture, null, null],
  };
  const multi: Question = {
    kind: "multi",
    questionText: "Which are mammals?",
    options: ["Cow", "Frog", "Bat", "Robin"],
    correctAnswer: 0,
    correctAnswers: [0, 2],
    clue: "",
  };

  it("accepts a complete question of every kind", () => {
    expect(gameFormError("Quiz", [good, statement, typed, order, multi])).toBeNull();
  });

  it.each([
    ["no accepted answer", { ...typed, options: [] }, kindMessages.acceptedRequired],
    ["a blank accepted answer", { ...typed, options: ["úll", " "] }, kindMessages.acceptedBlank],
    ["six accepted answers", { ...typed, options: ["a", "b", "c", "d", "e", "f"] }, kindMessages.tooManyAccepted],
    ["an accepted answer of 61 characters", { ...typed, options: ["a".repeat(61)] }, kindMessages.acceptedTooLong],
    ["an accepted answer of 250 characters", { ...typed, options: ["a".repeat(250)] }, kindMessages.acceptedTooLong],
    ["two items", { ...order, options: ["1", "2"], optionImageIds: null }, kindMessages.orderItemCount],
    [
      "seven items",
      { ...order, options: ["1", "2", "3", "4", "5", "6", "7"], optionImageIds: null },
      kindMessages.orderItemCount,
    ],
    ["a blank item", { ...order, options: ["1", "", "3"], optionImageIds: null }, kindMessages.orderItemBlank],
    [
      "an item twice",
      { ...order, options: ["Cat", "Dog", " cat. "], optionImageIds: null },
      kindMessages.orderItemRepeated("cat."),
    ],
    ["true or false not chosen", { ...statement, correctAnswer: -1 }, kindMessages.trueOrFalseRequired],
    ["true or false answered 2", { ...statement, correctAnswer: 2 }, kindMessages.trueOrFalseRequired],
    ["one right of four", { ...multi, correctAnswers: [1] }, kindMessages.multiRightCount],
    ["four right of four", { ...multi, correctAnswers: [0, 1, 2, 3] }, kindMessages.multiRightCount],
    ["no right one", { ...multi, correctAnswers: [] }, kindMessages.multiRightCount],
    ["pictures on typed answers", { ...typed, optionImageIds: [picture, null] }, kindMessages.noOptionPictures],
    ["a kind that does not exist", { ...good, kind: "essay" }, kindMessages.kindInvalid],
  ])("names %s as the form's problem", (_label, question, message) => {
    expect(gameFormError("Quiz", [question as Question])).toBe(message);
  });

  it("names the first kind of problem first, whichever question has it", () => {
    const tooLongClue = { ...good, clue: "c".repeat(201) };
    expect(gameFormError("Quiz", [tooLongClue, { ...multi, correctAnswers: [1] }])).toBe(kindMessages.multiRightCount);
    expect(
      gameFormError("Quiz", [
        { ...statement, correctAnswer: -1 },
        { ...order, options: ["a", "b", "a"] },
      ]),
    ).toBe(kindMessages.orderItemRepeated("a"));
  });

  it("warns under each kind's fields", () => {
    expect(questionWarnings({ ...statement, correctAnswer: -1 }).missingTrueOrFalse).toBe(false);
    expect(questionWarnings({ ...statement, correctAnswer: -1 }, { saveTried: true }).missingTrueOrFalse).toBe(true);
    expect(questionWarnings(statement, { saveTried: true })).toMatchObject({
      missingOptions: false,
      missingTrueOrFalse: false,
    });
    expect(questionWarnings({ ...typed, options: ["úll", ""] }).missingOptions).toBe(true);
    expect(questionWarnings({ ...typed, options: [" "] }).missingOptions).toBe(false);
    expect(questionWarnings({ ...typed, options: ["a".repeat(60), ` ${"b".repeat(61)}`] }).acceptedTooLong).toEqual([
      1,
    ]);
    expect(questionWarnings({ ...order, options: ["Cat", "", "Dog", "CAT", ""] }).repeatedItem).toBe(3);
    expect(questionWarnings({ ...order, options: ["", "", "x"] }).repeatedItem).toBe(-1);
    // A first tick already says two or three are wanted; nothing ticked, only once Save was pressed.
    expect(questionWarnings({ ...multi, correctAnswers: [2] }).multiRightCount).toBe(true);
    expect(questionWarnings({ ...multi, correctAnswers: [] }).multiRightCount).toBe(false);
    expect(questionWarnings({ ...multi, correctAnswers: [] }, { saveTried: true }).multiRightCount).toBe(true);
    expect(questionWarnings({ ...multi, correctAnswers: [0, 1, 3] }).multiRightCount).toBe(false);
    expect(questionWarnings({ ...multi, correctAnswers: [0, 1, 2, 3] }).multiRightCount).toBe(true);
    expect(questionWarnings(multi).missingCorrectAnswer).toBe(false);
  });

  it("switches kind keeping the text, clue, picture, hiding place and station card; each kind starts blank", () => {
    const shared = {
      questionText: "Q",
      clue: "A clue",
      imageId: picture,
      imageAlt: "A fox",
      hidingPlace: "Under the globe",
      stationKey: "k1",
    };
    const choice: Question = { ...good, ...shared, optionImageIds: [picture, null, null, null] };
    expect(withKind(choice, "truefalse", "en")).toEqual({
      ...shared,
      kind: "truefalse",
      options: [],
      correctAnswer: -1,
    });
    expect(withKind(choice, "typed", "en")).toEqual({
      ...shared,
      kind: "typed",
      options: [""],
      correctAnswer: 0,
      fadasCount: false,
    });
    // In an Irish game a missing fada is a mistake, unless the teacher says otherwise.
    expect(withKind(choice, "typed", "ga").fadasCount).toBe(true);
    expect(withKind(choice, "order", "en")).toEqual({
      ...shared,
      kind: "order",
      options: ["", "", ""],
      correctAnswer: 0,
    });
    // Four options and "choose all" share their options, pictures and the right one.
    const asMulti = withKind(choice, "multi", "en");
    expect(asMulti).toEqual({ ...choice, kind: "multi", correctAnswer: 0, correctAnswers: [0] });
    expect(withKind({ ...asMulti, correctAnswers: [2, 3] }, "choice", "en")).toEqual({ ...choice, correctAnswer: 2 });
    expect(withKind(blankQuestion(), "multi", "en").correctAnswers).toEqual([]);
    // Back to four options: blank, and no kind field (as every game saved before kinds).
    expect(withKind(withKind(choice, "typed", "en"), "choice", "en")).toEqual({
      ...shared,
      options: ["", "", "", ""],
      correctAnswer: 0,
    });
    expect(withKind(typed, "typed", "en")).toBe(typed);
  });

  it("makes a blank question of every kind", () => {
    expect(blankQuestion()).toEqual({ questionText: "", options: ["", "", "", ""], correctAnswer: 0, clue: "" });
    expect(blankQuestion("truefalse")).toEqual({
      kind: "truefalse",
      questionText: "",
      options: [],
      correctAnswer: -1,
      clue: "",
    });
    expect(blankQuestion("typed", "ga")).toEqual({
      kind: "typed",
      questionText: "",
      options: [""],
      correctAnswer: 0,
      fadasCount: true,
      clue: "",
    });
    expect(blankQuestion("order").options).toEqual(["", "", ""]);
    expect(blankQuestion("multi")).toMatchObject({ options: ["", "", "", ""], correctAnswers: [] });
    // Each is what the editor would make of a blank four-option question.
    for (const kind of ["truefalse", "typed", "order", "multi"] as const)
      expect(withKind(blankQuestion(), kind, "en")).toEqual(blankQuestion(kind, "en"));
  });

  it("adds, removes and moves items with their pictures", () => {
    const second = "22222222-2222-4222-8222-222222222222";
    expect(withOptionAdded(order)).toMatchObject({
      options: ["1", "2", "3", "4", ""],
      optionImageIds: [null, picture, null, null, null],
    });
    expect(withOptionAdded(typed).options).toEqual(["úll", "an t-úll", ""]);
    expect(withOptionAdded(typed).optionImageIds).toBeUndefined();
    expect(withOptionMoved(order, 1, -1)).toMatchObject({
      options: ["2", "1", "3", "4"],
      optionImageIds: [picture, null, null, null],
    });
    expect(withOptionMoved(order, 1, 1)).toMatchObject({
      options: ["1", "3", "2", "4"],
      optionImageIds: [null, null, picture, null],
    });
    expect(withOptionMoved(order, 0, -1)).toBe(order);
    expect(withOptionMoved(order, 3, 1)).toBe(order);
    expect(withOptionRemoved(order, 0)).toMatchObject({
      options: ["2", "3", "4"],
      optionImageIds: [picture, null, null],
    });
    // The last picture gone: none at all, as the server stores it.
    expect(withOptionRemoved(order, 1)).toMatchObject({ options: ["1", "3", "4"], optionImageIds: null });
    expect(withOptionPicture(withOptionAdded(order), 4, second).optionImageIds).toEqual([
      null,
      picture,
      null,
      null,
      second,
    ]);
  });

  it("loads a stored question of every kind intact, as the server reads it back", () => {
    const stored = (q: Question) => ({
      correctAnswers: null,
      fadasCount: false,
      imageId: null,
      imageAlt: null,
      optionImageIds: null,
      hidingPlace: null,
      stationKey: null,
      ...q,
    });
    expect(normaliseQuestion(stored({ ...good, kind: "choice" }))).toEqual(good);
    for (const q of [statement, typed, order, multi]) expect(normaliseQuestion(stored(q))).toEqual(q);
    // Whatever else arrives is made into a question of its kind that can be edited.
    expect(normaliseQuestion({ kind: "truefalse", questionText: "S", options: ["x"], correctAnswer: 3 })).toEqual({
      kind: "truefalse",
      questionText: "S",
      options: [],
      correctAnswer: -1,
      clue: "",
    });
    expect(normaliseQuestion({ kind: "typed", options: [], fadasCount: "yes" })).toMatchObject({
      options: [""],
      fadasCount: false,
    });
    expect(normaliseQuestion({ kind: "order", options: ["a"], optionImageIds: [picture] })).toMatchObject({
      options: ["a", "", ""],
      optionImageIds: [picture, null, null],
    });
    expect(normaliseQuestion({ kind: "order", options: Array(8).fill("x") }).options).toHaveLength(6);
    expect(normaliseQuestion({ kind: "multi", options: ["a"], correctAnswers: [3, 9, 1, 3, "2"] })).toMatchObject({
      options: ["a", "", "", ""],
      correctAnswers: [1, 3],
    });
    expect(
      normaliseQuestion({ kind: "typed", options: ["a"], optionImageIds: [picture] }).optionImageIds,
    ).toBeUndefined();
    expect(normaliseQuestion({ ...good, kind: "poem" })).toEqual(good);
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
  it("keeps only a kind's own fields, and says each kind's problem at its field", () => {
    const parsed = (q: Record<string, unknown>) => CreateGameSchema.parse({ ...base, questions: [q] }).questions[0]!;
    // A question that was "choose all" and became a typed answer keeps nothing of the first.
    expect(
      parsed({
        ...good,
        kind: "typed",
        options: [" úll "],
        correctAnswer: 3,
        correctAnswers: [0, 1],
        fadasCount: true,
      }),
    ).toMatchObject({ kind: "typed", options: [" úll "], correctAnswer: 0, correctAnswers: null, fadasCount: true });
    expect(parsed({ ...good, kind: "multi", correctAnswers: [3, 1, 3], fadasCount: true })).toMatchObject({
      correctAnswer: 0,
      correctAnswers: [1, 3],
      fadasCount: false,
    });
    expect(parsed(good)).toMatchObject({ kind: "choice", correctAnswers: null, fadasCount: false });
    const issue = (q: Record<string, unknown>) => {
      const result = CreateGameSchema.safeParse({ ...base, questions: [q] });
      return result.error && [result.error.issues[0]!.path.join("."), result.error.issues[0]!.message];
    };
    expect(issue({ ...good, kind: "truefalse", options: [], correctAnswer: -1 })).toEqual([
      "questions.0.correctAnswer",
      kindMessages.trueOrFalseRequired,
    ]);
    expect(issue({ ...good, kind: "order", options: ["a", " ", "c"] })).toEqual([
      "questions.0.options.1",
      kindMessages.orderItemBlank,
    ]);
    expect(issue({ ...good, kind: "typed", options: ["a", "b", ""] })).toEqual([
      "questions.0.options.2",
      kindMessages.acceptedBlank,
    ]);
    expect(issue({ ...good, options: ["a", "", "c", "d"] })).toEqual([
      "questions.0.options.1",
      gameMessages.optionsRequired,
    ]);
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
