import { describe, expect, it } from "vitest";
import { gameFileName, gameFileOf, GameFileSchema, gameFileProblem } from "./game-file.ts";
import { GAME_FILE_FORMAT, GAME_FILE_VERSION, gameFileMessages } from "./sharing.ts";
import { GAME_LIMITS, gameMessages, type GameDetail } from "./games.ts";

const stored: GameDetail = {
  id: "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1c",
  title: "Mata - 2nd Class - Suimiú",
  description: "Áthas",
  createdAt: "2026-11-20T10:00:00.000Z",
  questionCount: 2,
  archived: false,
  sessionCount: 0,
  questions: [
    { questionText: "2 + 2?", options: ["3", "4", "5", "6"], correctAnswer: 1, clue: "Count on your fingers.", imageId: null, imageAlt: null },
    { questionText: "3 + 3?", options: ["6", "7", "8", "9"], correctAnswer: 0, clue: null, imageId: null, imageAlt: null },
  ],
  aiLastUsedSubject: "Mathematics",
  aiLastUsedLevel: "2nd Class",
  language: "en",
  aiLastUsedTopic: "Addition",
  aiLastUsedContext: null,
  aiLastUsedNumQuestions: 5,
};

describe("the game file", () => {
  it("holds the game without ids or dates of the account, and reads back into the same game", () => {
    const file = gameFileOf(stored, new Date("2026-11-23T09:00:00Z"));
    expect(file).toEqual({
      format: GAME_FILE_FORMAT,
      version: GAME_FILE_VERSION,
      exportedAt: "2026-11-23T09:00:00.000Z",
      game: {
        title: stored.title,
        description: "Áthas",
        subject: "Mathematics",
        classLevel: "2nd Class",
        topic: "Addition",
        context: null,
        numQuestions: 5,
        questions: [
          { questionText: "2 + 2?", options: ["3", "4", "5", "6"], correctAnswer: 1, clue: "Count on your fingers." },
          { questionText: "3 + 3?", options: ["6", "7", "8", "9"], correctAnswer: 0 },
        ],
      },
    });
    expect(JSON.stringify(file)).not.toContain(stored.id);
    const parsed = GameFileSchema.parse(JSON.parse(JSON.stringify(file)));
    expect(parsed).toEqual({
      title: stored.title,
      description: "Áthas",
      questions: [
        { questionText: "2 + 2?", options: ["3", "4", "5", "6"], correctAnswer: 1, clue: "Count on your fingers.", imageId: null, imageAlt: null },
        { questionText: "3 + 3?", options: ["6", "7", "8", "9"], correctAnswer: 0, clue: null, imageId: null, imageAlt: null },
      ],
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "2nd Class",
      aiLastUsedTopic: "Addition",
      aiLastUsedContext: null,
      aiLastUsedNumQuestions: 5,
    });
  });

  it("ignores fields it does not know (a later picture, say) at every level, and drops AI choices this version does not offer", () => {
    const file = gameFileOf(stored) as unknown as { game: Record<string, unknown> & { questions: Array<Record<string, unknown>> } } & Record<string, unknown>;
    file.generator = "Cluehunt 2";
    file.game.theme = "space";
    file.game.subject = "Astrophysics";
    file.game.numQuestions = 12;
    file.game.questions[0]!.picture = { src: "x.png", alt: "A fox" };
    // Version 1 carries no pictures: another account's picture id is dropped, not refused.
    file.game.questions[0]!.imageId = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1d";
    file.game.questions[0]!.imageAlt = "A fox";
    const parsed = GameFileSchema.parse(file);
    expect(parsed.questions[0]).toEqual({ questionText: "2 + 2?", options: ["3", "4", "5", "6"], correctAnswer: 1, clue: "Count on your fingers.", imageId: null, imageAlt: null });
    expect(parsed).toMatchObject({ aiLastUsedSubject: null, aiLastUsedNumQuestions: null });
    expect(parsed).not.toHaveProperty("theme");
  });

  it("refuses what is not ours, a newer version, a file without a game, with sentences that say so", () => {
    const problem = (value: unknown) => {
      const result = GameFileSchema.safeParse(value);
      return result.success ? null : gameFileProblem(result.error);
    };
    expect(problem({ title: "x" })).toBe(gameFileMessages.notAGameFile);
    expect(problem([1, 2])).toBe(gameFileMessages.notAGameFile);
    expect(problem("cluehunt-game")).toBe(gameFileMessages.notAGameFile);
    expect(problem({ format: "kahoot", version: 1, game: {} })).toBe(gameFileMessages.notAGameFile);
    expect(problem({ format: GAME_FILE_FORMAT, version: 2, game: {} })).toBe(gameFileMessages.newerVersion(2));
    expect(problem({ format: GAME_FILE_FORMAT, version: "1", game: {} })).toBe(gameFileMessages.newerVersion("1"));
    expect(problem({ format: GAME_FILE_FORMAT, version: 1 })).toBe(gameFileMessages.noGame);
    expect(problem({ format: GAME_FILE_FORMAT, version: 1, game: [] })).toBe(gameFileMessages.noGame);
  });

  it("applies the save's own limits and messages, naming the question", () => {
    const withGame = (game: Record<string, unknown>) => {
      const result = GameFileSchema.safeParse({ format: GAME_FILE_FORMAT, version: 1, game: { ...gameFileOf(stored).game, ...game } });
      return result.success ? null : gameFileProblem(result.error);
    };
    expect(withGame({ title: "" })).toBe(gameMessages.titleRequired);
    expect(withGame({ title: "t".repeat(GAME_LIMITS.title + 1) })).toBe(gameMessages.titleTooLong);
    expect(withGame({ questions: [] })).toBe(gameMessages.atLeastOneQuestion);
    const q = { questionText: "Q", options: ["a", "b", "c", "d"], correctAnswer: 0 };
    expect(withGame({ questions: Array.from({ length: GAME_LIMITS.maxQuestions + 1 }, () => q) })).toBe(gameMessages.tooManyQuestions);
    expect(withGame({ questions: [q, { ...q, options: ["a", "b", "", "d"] }] })).toBe(`Question 2: ${gameMessages.optionsRequired}`);
    expect(withGame({ questions: [{ ...q, correctAnswer: 4 }] })).toBe(`Question 1: ${gameMessages.correctAnswerRequired}`);
    expect(withGame({ questions: [{ ...q, clue: "c".repeat(GAME_LIMITS.clue + 1) }] })).toBe(`Question 1: ${gameMessages.clueTooLong}`);
  });

  it("names the file after the game, safe for every file system", () => {
    expect(gameFileName("Mata - 2nd Class")).toBe("Mata - 2nd Class.cluehunt.json");
    expect(gameFileName('a/b\\c:d*e?"f<g>h|i\u0007')).toBe("a b c d e f g h i.cluehunt.json");
    expect(gameFileName("  ")).toBe("game.cluehunt.json");
  });
});
