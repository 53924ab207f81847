import { describe, expect, it } from "vitest";
import { CHROMIUM_WEBP, CHROMIUM_WEBP_ALPHA, webpWithExif } from "../../../tests/support/webp-files.ts";
import type { GameDetail } from "../../shared/games/game-responses.ts";
import { GAME_LIMITS, gameMessages, kindMessages } from "../../shared/games/games.ts";
import { imageMessages } from "../../shared/games/images.ts";
import { inEnglish } from "../../shared/i18n/translator.ts";
import {
  GAME_FILE_FORMAT,
  GAME_FILE_LIMITS,
  GAME_FILE_VERSION,
  gameFileMessages,
} from "../../shared/sharing/sharing.ts";
import { cleanWebp } from "../images/webp.ts";
import { filePictureRef, GameFileSchema, gameFileName, gameFileOf, gameFileProblem } from "./game-file.ts";

const stored: GameDetail = {
  id: "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1c",
  title: "Mata - 2nd Class - Suimiú",
  description: "Áthas",
  createdAt: "2026-11-20T10:00:00.000Z",
  questionCount: 2,
  archived: false,
  sessionCount: 0,
  questions: [
    {
      questionText: "2 + 2?",
      options: ["3", "4", "5", "6"],
      correctAnswer: 1,
      clue: "Count on your fingers.",
      imageId: null,
      imageAlt: null,
      optionImageIds: null,
      recordingId: null,
      clueRecordingId: null,
      optionRecordingIds: null,
      optionNotes: null,
      hidingPlace: null,
      kind: "choice" as const,
      correctAnswers: null,
      fadasCount: false,
      stationKey: "00000000-0000-4000-8000-000000000001",
    },
    {
      questionText: "3 + 3?",
      options: ["6", "7", "8", "9"],
      correctAnswer: 0,
      clue: null,
      imageId: null,
      imageAlt: null,
      optionImageIds: null,
      recordingId: null,
      clueRecordingId: null,
      optionRecordingIds: null,
      optionNotes: null,
      hidingPlace: "Under the globe",
      kind: "choice" as const,
      correctAnswers: null,
      fadasCount: false,
      stationKey: "00000000-0000-4000-8000-000000000002",
    },
  ],
  aiLastUsedSubject: "Mathematics",
  aiLastUsedLevel: "2nd Class",
  language: "en",
  aiLastUsedTopic: "Addition",
  aiLastUsedContext: null,
  aiLastUsedNumQuestions: 5,
};

describe("the game file", () => {
  it("holds the game without ids or dates of the account, and reads back into the same game", async () => {
    const file = gameFileOf(stored, new Map(), new Date("2026-11-23T09:00:00Z"));
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
        language: "en",
        questions: [
          {
            questionText: "2 + 2?",
            kind: "choice",
            options: ["3", "4", "5", "6"],
            correctAnswer: 1,
            clue: "Count on your fingers.",
          },
          {
            questionText: "3 + 3?",
            kind: "choice",
            options: ["6", "7", "8", "9"],
            correctAnswer: 0,
            hidingPlace: "Under the globe",
          },
        ],
      },
    });
    expect(JSON.stringify(file)).not.toContain(stored.id);
    const parsed = await GameFileSchema.parseAsync(JSON.parse(JSON.stringify(file)));
    expect(parsed.pictures).toEqual([]);
    expect(parsed.game).toEqual({
      title: stored.title,
      description: "Áthas",
      questions: [
        {
          questionText: "2 + 2?",
          kind: "choice",
          options: ["3", "4", "5", "6"],
          correctAnswer: 1,
          correctAnswers: null,
          fadasCount: false,
          clue: "Count on your fingers.",
          imageId: null,
          imageAlt: null,
          optionImageIds: null,
          recordingId: null,
          clueRecordingId: null,
          optionRecordingIds: null,
          optionNotes: null,
          hidingPlace: null,
          stationKey: null,
        },
        {
          questionText: "3 + 3?",
          kind: "choice",
          options: ["6", "7", "8", "9"],
          correctAnswer: 0,
          correctAnswers: null,
          fadasCount: false,
          clue: null,
          imageId: null,
          imageAlt: null,
          optionImageIds: null,
          recordingId: null,
          clueRecordingId: null,
          optionRecordingIds: null,
          optionNotes: null,
          hidingPlace: "Under the globe",
          stationKey: null,
        },
      ],
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "2nd Class",
      aiLastUsedTopic: "Addition",
      aiLastUsedContext: null,
      aiLastUsedNumQuestions: 5,
      language: "en",
    });
  });

  it("carries every kind of question with its own fields (version 2), an order's six items' pictures too, and reads them back", async () => {
    const fox = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c10";
    const owl = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c11";
    const base = { ...stored.questions[0]!, clue: null, correctAnswer: 0, correctAnswers: null, fadasCount: false };
    const kinds: GameDetail = {
      ...stored,
      questions: [
        { ...base, questionText: "The Shannon is the longest river in Ireland.", kind: "truefalse", options: [] },
        { ...base, questionText: "Dublin is in Munster.", kind: "truefalse", options: [], correctAnswer: 1 },
        {
          ...base,
          questionText: "Cad é 'rain'?",
          kind: "typed",
          options: ["báisteach", "an bháisteach"],
          fadasCount: true,
        },
        { ...base, questionText: "7 × 8?", kind: "typed", options: ["56"] },
        {
          ...base,
          questionText: "Smallest first",
          kind: "order",
          options: ["1", "2", "3", "4", "5", "6"],
          optionImageIds: [fox, null, null, null, null, owl],
          optionNotes: null,
        },
        {
          ...base,
          questionText: "Mammals?",
          kind: "multi",
          options: ["otter", "robin", "bat", "eel"],
          correctAnswers: [0, 2],
        },
      ],
    };
    const pictures = new Map([
      [fox, CHROMIUM_WEBP.toString("base64")],
      [owl, CHROMIUM_WEBP_ALPHA.toString("base64")],
    ]);
    const file = gameFileOf(kinds, pictures);
    expect(file.version).toBe(2);
    expect(file.game.questions.map(({ questionText: _text, ...q }) => q)).toEqual([
      { kind: "truefalse", options: [], correctAnswer: 0 },
      { kind: "truefalse", options: [], correctAnswer: 1 },
      { kind: "typed", options: ["báisteach", "an bháisteach"], fadasCount: true },
      { kind: "typed", options: ["56"], fadasCount: false },
      { kind: "order", options: ["1", "2", "3", "4", "5", "6"], optionImages: [0, null, null, null, null, 1] },
      { kind: "multi", options: ["otter", "robin", "bat", "eel"], correctAnswers: [0, 2] },
    ]);
    const read = await GameFileSchema.parseAsync(JSON.parse(JSON.stringify(file)));
    expect(read.pictures).toHaveLength(2);
    expect(
      read.game.questions.map((q) => [q.kind, q.options, q.correctAnswer, q.correctAnswers, q.fadasCount]),
    ).toEqual(kinds.questions.map((q) => [q.kind, q.options, q.correctAnswer, q.correctAnswers, q.fadasCount]));
    expect(read.game.questions[4]!.optionImageIds).toEqual([
      filePictureRef(0),
      null,
      null,
      null,
      null,
      filePictureRef(1),
    ]);

    // A kind's own rules hold on import as on a save, naming the question.
    const broken = JSON.parse(JSON.stringify(file));
    broken.game.questions[5].correctAnswers = [1];
    const result = await GameFileSchema.safeParseAsync(broken);
    expect(result.success).toBe(false);
    expect(inEnglish(gameFileProblem(result.error!))).toBe(`Question 6: ${inEnglish(kindMessages.multiRightCount)}`);
  });

  it("reads a version 1 file as four-option questions, whatever kind fields it holds", async () => {
    const v1 = {
      format: GAME_FILE_FORMAT,
      version: 1,
      game: {
        title: "Old game",
        questions: [
          // No Cluehunt of version 1 wrote these: such a reader ignored them, and so does this one.
          {
            questionText: "2 + 2?",
            options: ["3", "4", "5", "6"],
            correctAnswer: 1,
            kind: "multi",
            correctAnswers: [1, 2],
          },
          { questionText: "Name?", options: ["a", "b", "c", "d"], correctAnswer: 3, kind: "typed", fadasCount: true },
        ],
      },
    };
    const read = await GameFileSchema.parseAsync(v1);
    expect(read.game.questions.map((q) => [q.kind, q.correctAnswer, q.correctAnswers, q.fadasCount])).toEqual([
      ["choice", 1, null, false],
      ["choice", 3, null, false],
    ]);
    // Version 1 knew four option pictures only: a list of six is refused, as it was.
    const six = structuredClone(v1);
    (six.game.questions[0] as Record<string, unknown>).optionImages = [0, null, null, null, null, null];
    const result = await GameFileSchema.safeParseAsync(six);
    expect(result.success).toBe(false);
  });

  it("ignores fields it does not know (a later picture, say) at every level, and drops AI choices this version does not offer", async () => {
    const file = gameFileOf(stored) as unknown as {
      game: Record<string, unknown> & { questions: Array<Record<string, unknown>> };
    } & Record<string, unknown>;
    file.generator = "Cluehunt 2";
    file.game.theme = "space";
    file.game.subject = "Astrophysics";
    file.game.numQuestions = 12;
    file.game.questions[0]!.picture = { src: "x.png", alt: "A fox" };
    // A file names pictures by index: another account's picture id is dropped, not refused, and so is a description without a picture.
    file.game.questions[0]!.imageId = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1d";
    file.game.questions[0]!.imageAlt = "A fox";
    // Recordings the same: a file carries them by index.
    file.game.questions[0]!.recordingId = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1e";
    file.game.questions[0]!.clueRecordingId = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1e";
    file.game.questions[0]!.optionRecordingIds = ["6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1e", null, null, null];
    // A station key is the exporting game's: the imported game gets cards of its own (decision 031).
    file.game.questions[0]!.stationKey = stored.questions[0]!.stationKey;
    const { game: parsed } = await GameFileSchema.parseAsync(file);
    expect(parsed.questions[0]).toEqual({
      questionText: "2 + 2?",
      kind: "choice",
      options: ["3", "4", "5", "6"],
      correctAnswer: 1,
      correctAnswers: null,
      fadasCount: false,
      clue: "Count on your fingers.",
      imageId: null,
      imageAlt: null,
      optionImageIds: null,
      recordingId: null,
      clueRecordingId: null,
      optionRecordingIds: null,
      optionNotes: null,
      hidingPlace: null,
      stationKey: null,
    });
    expect(parsed).toMatchObject({ aiLastUsedSubject: null, aiLastUsedNumQuestions: null });
    expect(parsed).not.toHaveProperty("theme");
  });

  it("refuses what is not ours, a newer version, a file without a game, with sentences that say so", async () => {
    const problem = async (value: unknown) => {
      const result = await GameFileSchema.safeParseAsync(value);
      return result.success ? null : inEnglish(gameFileProblem(result.error));
    };
    expect(await problem({ title: "x" })).toBe(inEnglish(gameFileMessages.notAGameFile));
    expect(await problem([1, 2])).toBe(inEnglish(gameFileMessages.notAGameFile));
    expect(await problem("cluehunt-game")).toBe(inEnglish(gameFileMessages.notAGameFile));
    expect(await problem({ format: "kahoot", version: 1, game: {} })).toBe(inEnglish(gameFileMessages.notAGameFile));
    expect(await problem({ format: GAME_FILE_FORMAT, version: 5, game: {} })).toBe(
      inEnglish(gameFileMessages.newerVersion(5)),
    );
    expect(inEnglish(gameFileMessages.newerVersion(5))).toContain("version 4");
    expect(await problem({ format: GAME_FILE_FORMAT, version: "1", game: {} })).toBe(
      inEnglish(gameFileMessages.newerVersion("1")),
    );
    expect(await problem({ format: GAME_FILE_FORMAT, version: 1 })).toBe(inEnglish(gameFileMessages.noGame));
    expect(await problem({ format: GAME_FILE_FORMAT, version: 1, game: [] })).toBe(inEnglish(gameFileMessages.noGame));
  });

  it("applies the save's own limits and messages, naming the question", async () => {
    const withGame = async (game: Record<string, unknown>) => {
      const result = await GameFileSchema.safeParseAsync({
        format: GAME_FILE_FORMAT,
        version: 1,
        game: { ...gameFileOf(stored).game, ...game },
      });
      return result.success ? null : inEnglish(gameFileProblem(result.error));
    };
    expect(await withGame({ title: "" })).toBe(inEnglish(gameMessages.titleRequired));
    expect(await withGame({ title: "t".repeat(GAME_LIMITS.title + 1) })).toBe(inEnglish(gameMessages.titleTooLong));
    expect(await withGame({ questions: [] })).toBe(inEnglish(gameMessages.atLeastOneQuestion));
    const q = { questionText: "Q", options: ["a", "b", "c", "d"], correctAnswer: 0 };
    expect(await withGame({ questions: Array.from({ length: GAME_LIMITS.maxQuestions + 1 }, () => q) })).toBe(
      inEnglish(gameMessages.tooManyQuestions),
    );
    expect(await withGame({ questions: [q, { ...q, options: ["a", "b", "", "d"] }] })).toBe(
      `Question 2: ${inEnglish(gameMessages.optionsRequired)}`,
    );
    expect(await withGame({ questions: [{ ...q, correctAnswer: 4 }] })).toBe(
      `Question 1: ${inEnglish(gameMessages.correctAnswerRequired)}`,
    );
    expect(await withGame({ questions: [{ ...q, clue: "c".repeat(GAME_LIMITS.clue + 1) }] })).toBe(
      `Question 1: ${inEnglish(gameMessages.clueTooLong)}`,
    );
  });

  it("carries each picture once, as base64 WebP named by index with its description, and reads them back checked", async () => {
    const fox = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c10";
    const owl = "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c11";
    const withPictures: GameDetail = {
      ...stored,
      questions: [
        { ...stored.questions[0]!, imageId: fox, imageAlt: "A red fox in the snow" },
        { ...stored.questions[1]!, imageId: owl, imageAlt: "An owl on a branch" },
        { ...stored.questions[0]!, imageId: fox, imageAlt: "The fox again" },
      ],
    };
    const pictures = new Map([
      [fox, CHROMIUM_WEBP.toString("base64")],
      [owl, CHROMIUM_WEBP_ALPHA.toString("base64")],
    ]);
    const file = gameFileOf(withPictures, pictures);
    expect(file.game.images).toEqual([CHROMIUM_WEBP.toString("base64"), CHROMIUM_WEBP_ALPHA.toString("base64")]);
    expect(file.game.questions.map((q) => [q.image, q.imageAlt])).toEqual([
      [0, "A red fox in the snow"],
      [1, "An owl on a branch"],
      [0, "The fox again"],
    ]);
    expect(JSON.stringify(file)).not.toContain(fox);

    const read = await GameFileSchema.parseAsync(JSON.parse(JSON.stringify(file)));
    // Checked as an upload is: the colour profile Chromium writes is removed.
    expect(read.pictures).toEqual(
      [cleanWebp(CHROMIUM_WEBP), cleanWebp(CHROMIUM_WEBP_ALPHA)].map((c) =>
        c.ok ? { bytes: c.bytes, width: c.width, height: c.height } : null,
      ),
    );
    expect(read.game.questions.map((q) => [q.imageId, q.imageAlt])).toEqual([
      [filePictureRef(0), "A red fox in the snow"],
      [filePictureRef(1), "An owl on a branch"],
      [filePictureRef(0), "The fox again"],
    ]);
    // A game without pictures has no "images" at all.
    expect(gameFileOf(stored, pictures).game).not.toHaveProperty("images");
  });

  it("refuses a picture that is missing, not a clean WebP, too large, or without a description, naming the question", async () => {
    const q = { questionText: "Which animal is this?", options: ["fox", "owl", "cat", "dog"], correctAnswer: 0 };
    const withGame = async (game: Record<string, unknown>) => {
      const result = await GameFileSchema.safeParseAsync({
        format: GAME_FILE_FORMAT,
        version: 1,
        game: { ...gameFileOf(stored).game, ...game },
      });
      return result.success ? null : inEnglish(gameFileProblem(result.error));
    };
    const images = [CHROMIUM_WEBP.toString("base64")];
    expect(await withGame({ images, questions: [q, { ...q, image: 0, imageAlt: "A fox" }] })).toBeNull();
    expect(await withGame({ images, questions: [q, { ...q, image: 1, imageAlt: "A fox" }] })).toBe(
      `Question 2: ${inEnglish(gameFileMessages.pictureMissing)}`,
    );
    expect(await withGame({ questions: [{ ...q, image: 0, imageAlt: "A fox" }] })).toBe(
      `Question 1: ${inEnglish(gameFileMessages.pictureMissing)}`,
    );
    expect(await withGame({ images, questions: [{ ...q, image: "0", imageAlt: "A fox" }] })).toBe(
      `Question 1: ${inEnglish(gameFileMessages.pictureMissing)}`,
    );
    expect(await withGame({ images, questions: [{ ...q, image: 0 }] })).toBe(
      `Question 1: ${inEnglish(imageMessages.altRequired)}`,
    );
    expect(await withGame({ images, questions: [{ ...q, image: 0, imageAlt: "   " }] })).toBe(
      `Question 1: ${inEnglish(imageMessages.altRequired)}`,
    );
    for (const bad of [
      webpWithExif().toString("base64"),
      "not base64!",
      Buffer.from("PNG").toString("base64"),
      42,
      "A".repeat(Math.ceil((GAME_FILE_LIMITS.pictureBytes + 3) / 3) * 4),
    ]) {
      expect(await withGame({ images: [bad], questions: [q, q, { ...q, image: 0, imageAlt: "A fox" }] })).toBe(
        `Question 3: ${inEnglish(gameFileMessages.badPicture)}`,
      );
    }
    // An unused picture is not looked at, and not kept.
    const unused = await GameFileSchema.parseAsync({
      format: GAME_FILE_FORMAT,
      version: 1,
      game: { ...gameFileOf(stored).game, images: ["not base64!"] },
    });
    expect(unused.pictures).toEqual([]);
  });

  it("names the file after the game, safe for every file system", () => {
    expect(gameFileName("Mata - 2nd Class")).toBe("Mata - 2nd Class.cluehunt.json");
    expect(gameFileName('a/b\\c:d*e?"f<g>h|i\u0007')).toBe("a b c d e f g h i.cluehunt.json");
    expect(gameFileName("  ")).toBe("game.cluehunt.json");
  });
});
