import { describe, expect, it } from "vitest";
import { GenerateQuestionsSchema } from "../ai/ai-suggestions.ts";
import { effectiveTitle } from "../games/games.ts";
import {
  alikeRequest,
  type FollowedQuestion,
  followUpQuestion,
  followUpScopes,
  followUpTitleFields,
  playerCount,
  preTicked,
  rankByMissed,
  scopeStudents,
} from "./follow-up-hunt.web.ts";
import type { ResultAnswer } from "./results.ts";

const question = (index: number, over: Partial<FollowedQuestion> = {}): FollowedQuestion => ({
  gameId: "g1",
  index,
  questionText: `Question ${index + 1}?`,
  kind: "choice",
  options: ["a", "b", "c", "d"],
  correctAnswer: 0,
  correctAnswers: null,
  fadasCount: false,
  clue: null,
  picture: null,
  optionPictures: null,
  recordingId: null,
  clueRecordingId: null,
  optionRecordingIds: null,
  ...over,
});

/** A pupil's answers: per question index, "first" right at the first try, "later" wrong first then right, "wrong" still wrong. */
const pupil = (answers: Record<number, "first" | "later" | "wrong">) => ({
  answers: Object.entries(answers).map(
    ([index, how]): ResultAnswer => ({
      questionIndex: Number(index),
      selectedOption: 0,
      isCorrect: how !== "wrong",
      wasEverIncorrect: how !== "first",
      attempts: how === "first" ? 1 : 2,
      clueShown: false,
    }),
  ),
});

describe("rankByMissed and preTicked", () => {
  const questions = [question(0), question(1), question(2), question(3)];

  it("ranks by how many got each question wrong at their first try (right later counts), ties in question order", () => {
    const students = [
      pupil({ 0: "first", 1: "later", 2: "wrong", 3: "first" }),
      pupil({ 0: "first", 1: "wrong", 2: "first", 3: "later" }),
      pupil({ 0: "first", 1: "first", 2: "later" }),
      pupil({}),
    ];
    const ranked = rankByMissed(questions, students);
    expect(ranked.map((r) => [r.question.index, r.missed, r.tried])).toEqual([
      [1, 2, 3],
      [2, 2, 3],
      [3, 1, 2],
      [0, 0, 3],
    ]);
    expect(playerCount(students)).toBe(3);
    // A third of 3 players is 1: every question anybody missed starts ticked.
    expect(preTicked(ranked, 3)).toEqual([1, 2, 3]);
  });

  it("ticks those at least a third of the class missed, and at least the single most missed", () => {
    const nine = Array.from({ length: 9 }, (_, k) =>
      pupil({ 0: k < 3 ? "later" : "first", 1: k < 2 ? "wrong" : "first", 2: k < 5 ? "later" : "first", 3: "first" }),
    );
    const ranked = rankByMissed(questions, nine);
    expect(ranked.map((r) => [r.question.index, r.missed])).toEqual([
      [2, 5],
      [0, 3],
      [1, 2],
      [3, 0],
    ]);
    expect(preTicked(ranked, 9)).toEqual([2, 0]);
    // Thirty players: nobody reaches a third, so only the most missed.
    expect(preTicked(ranked, 30)).toEqual([2]);
    // Nobody missed anything: nothing ticked.
    expect(preTicked(rankByMissed(questions, [pupil({ 0: "first" })]), 1)).toEqual([]);
    expect(preTicked([], 0)).toEqual([]);
  });
});

describe("followUpScopes", () => {
  it("offers the whole class alone for one group, each group of a game played by several, and a group's own game", () => {
    const games = [{ id: "g1" }, { id: "g2" }];
    expect(
      followUpScopes({ games: [games[0]!], groups: [{ gameId: "g1", groupIdentifier: "yellow-square" }] }),
    ).toEqual([{ gameId: "g1", group: null }]);
    expect(
      followUpScopes({
        games,
        groups: [
          { gameId: "g1", groupIdentifier: "yellow-square" },
          { gameId: "g2", groupIdentifier: "red-circle" },
          { gameId: "g1", groupIdentifier: "blue-triangle" },
        ],
      }),
    ).toEqual([
      { gameId: "g1", group: null },
      { gameId: "g1", group: "yellow-square" },
      { gameId: "g1", group: "blue-triangle" },
      { gameId: "g2", group: "red-circle" },
    ]);
    const students = [
      { gameId: "g1", groupIdentifier: "yellow-square" as const },
      { gameId: "g2", groupIdentifier: "red-circle" as const },
      { gameId: "g1", groupIdentifier: "blue-triangle" as const },
    ];
    expect(scopeStudents(students, { gameId: "g1", group: null })).toEqual([students[0], students[2]]);
    expect(scopeStudents(students, { gameId: "g1", group: "blue-triangle" })).toEqual([students[2]]);
  });
});

describe("followUpQuestion", () => {
  it("copies a question whole as the session asked it: kind, answer, clue, pictures, recordings, notes", () => {
    const picture = { src: "/api/images/11111111-1111-4111-8111-111111111111", alt: "A cake", width: 10, height: 10 };
    const optionPicture = { ...picture, src: "/api/images/22222222-2222-4222-8222-222222222222", alt: "b" };
    const voice = "33333333-3333-4333-8333-333333333333";
    const clueVoice = "44444444-4444-4444-8444-444444444444";
    const optionVoice = "55555555-5555-4555-8555-555555555555";
    expect(
      followUpQuestion(
        question(0, {
          questionText: "Which is bigger?",
          options: ["1/2", "1/3", "1/4", "1/5"],
          correctAnswer: 0,
          clue: "Cut a cake.",
          picture,
          optionPictures: [null, optionPicture, null, null],
          recordingId: voice,
          clueRecordingId: clueVoice,
          optionRecordingIds: [null, null, optionVoice, null],
          optionNotes: [null, "thinks a bigger bottom number means a bigger fraction", null, null],
        }),
      ),
    ).toEqual({
      questionText: "Which is bigger?",
      options: ["1/2", "1/3", "1/4", "1/5"],
      correctAnswer: 0,
      clue: "Cut a cake.",
      imageId: "11111111-1111-4111-8111-111111111111",
      imageAlt: "A cake",
      optionImageIds: [null, "22222222-2222-4222-8222-222222222222", null, null],
      recordingId: voice,
      clueRecordingId: clueVoice,
      optionRecordingIds: [null, null, optionVoice, null],
      optionNotes: ["", "thinks a bigger bottom number means a bigger fraction", "", ""],
    });
    expect(
      followUpQuestion(question(1, { kind: "multi", correctAnswer: 5, correctAnswers: [0, 2], optionNotes: null })),
    ).toEqual({
      kind: "multi",
      questionText: "Question 2?",
      options: ["a", "b", "c", "d"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
      clue: "",
    });
    expect(
      followUpQuestion(
        question(2, {
          kind: "truefalse",
          options: [],
          correctAnswer: 1,
          clue: "Think.",
          recordingId: voice,
          clueRecordingId: clueVoice,
        }),
      ),
    ).toMatchObject({ kind: "truefalse", correctAnswer: 1, recordingId: voice, clueRecordingId: clueVoice });
    expect(followUpQuestion(question(3, { kind: "typed", options: ["dog"], fadasCount: true }))).toMatchObject({
      kind: "typed",
      options: ["dog"],
      fadasCount: true,
    });
  });
});

describe("followUpTitleFields", () => {
  const suffix = " — follow-up";
  const names = (_kind: "subject" | "level", value: string) => value;
  const titleOf = (game: Parameters<typeof followUpTitleFields>[0]) =>
    effectiveTitle(followUpTitleFields(game, suffix, "Follow-up", names), names);
  const none = { aiLastUsedSubject: null, aiLastUsedLevel: null, aiLastUsedTopic: null };
  const fields = { aiLastUsedSubject: "Mathematics", aiLastUsedLevel: "3rd Class", aiLastUsedTopic: "Fractions" };

  it("puts '— follow-up' after the original's title, its subject, level and topic kept", () => {
    expect(titleOf({ title: "Fractions", ...none })).toBe("Fractions — follow-up");
    expect(
      followUpTitleFields({ title: "Mathematics - 3rd Class - Fractions", ...fields }, suffix, "Follow-up", names),
    ).toEqual({ customTitle: "", subject: "Mathematics", level: "3rd Class", topic: "Fractions — follow-up" });
    expect(titleOf({ title: "Week 3 - Mathematics - 3rd Class - Fractions", ...fields })).toBe(
      "Week 3 - Mathematics - 3rd Class - Fractions — follow-up",
    );
    expect(titleOf({ title: "Week 3 - Mathematics - 3rd Class", ...fields, aiLastUsedTopic: null })).toBe(
      "Week 3 — follow-up - Mathematics - 3rd Class",
    );
    expect(titleOf({ title: "Mathematics - 3rd Class", ...fields, aiLastUsedTopic: null })).toBe(
      "Mathematics - 3rd Class - Follow-up",
    );
    // A title not made of its fields is made of them again, as a duplicate's is.
    expect(titleOf({ title: "Halves", ...fields })).toBe("Mathematics - 3rd Class - Fractions — follow-up");
  });

  it("does not add a second '— follow-up', and keeps within the title's length", () => {
    expect(titleOf({ title: "Fractions — follow-up", ...none })).toBe("Fractions — follow-up");
    expect(
      titleOf({
        title: "Mathematics - 3rd Class - Fractions — follow-up",
        ...fields,
        aiLastUsedTopic: "Fractions — follow-up",
      }),
    ).toBe("Mathematics - 3rd Class - Fractions — follow-up");
    const long = followUpTitleFields({ title: "x".repeat(200), ...none }, suffix, "Follow-up", names).customTitle;
    expect(long.endsWith(suffix)).toBe(true);
    expect(long.length).toBeLessThanOrEqual(200);
  });
});

describe("alikeRequest", () => {
  it("asks for 3 questions like the one, of its kind, in the game's language and class level, as the server checks it", () => {
    const request = alikeRequest(
      {
        title: "Codáin",
        language: "ga",
        aiLastUsedSubject: "Mathematics",
        aiLastUsedLevel: "4th Class",
        aiLastUsedTopic: null,
      },
      { questionText: "Cé acu is mó?\n1/2 nó 1/3", kind: "truefalse" },
    );
    expect(request).toEqual({
      subject: "Mathematics",
      level: "4th Class",
      topic: "Codáin",
      numQuestions: 3,
      language: "ga",
      basedOn: ["Cé acu is mó? 1/2 nó 1/3"],
      alike: "truefalse",
    });
    expect(GenerateQuestionsSchema.parse(request)).toMatchObject({ numQuestions: 3, kinds: "mix", alike: "truefalse" });
    // No subject or level of its own: Other, Other/Mixed.
    expect(
      alikeRequest(
        { title: "Quiz", language: "en", aiLastUsedSubject: null, aiLastUsedLevel: null, aiLastUsedTopic: null },
        { questionText: "2 + 2?", kind: "choice" },
      ),
    ).toMatchObject({ subject: "Other", level: "Other/Mixed", topic: "Quiz", alike: "choice" });
  });

  it("is refused with more than one question, or another number than 3", () => {
    const base = { subject: "Mathematics", level: "4th Class", topic: "Sums", alike: "choice" };
    expect(GenerateQuestionsSchema.safeParse({ ...base, basedOn: ["a?", "b?"] }).error?.issues[0]?.message).toBe(
      "games.ai.alikeOneQuestion",
    );
    expect(GenerateQuestionsSchema.safeParse({ ...base, basedOn: ["a?"], numQuestions: 5 }).success).toBe(false);
    expect(GenerateQuestionsSchema.parse({ ...base, basedOn: ["a?"] })).toMatchObject({
      numQuestions: 3,
      kinds: "choice",
    });
  });
});
