/**
 * The game file (docs/GAME-FORMAT.md): a game exported as JSON, to be imported into another
 * account. `format` names it, `version` is bumped only when an old reader would misread a new
 * file; fields added later as optional (a question's picture, say) need no new version, because
 * a reader ignores fields it does not know and validates the ones it does.
 */
import { z } from "zod";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, SUBJECTS } from "./catalogue.ts";
import { CreateGameSchema, gameMessages, type GameDetail } from "./games.ts";
import { GAME_FILE_FORMAT, GAME_FILE_VERSION, gameFileMessages } from "./sharing.ts";

/** The AI fields only remember the editor's last choices: one this version does not offer is dropped, not refused. */
const known = (value: unknown, allowed: readonly unknown[]) => (allowed.includes(value) ? value : null);

/** What an exported file holds. Private and per-account things (ids, owner, dates of sessions) stay out. */
export type GameFile = {
  format: typeof GAME_FILE_FORMAT;
  version: typeof GAME_FILE_VERSION;
  exportedAt: string;
  game: {
    title: string;
    description: string;
    subject: string | null;
    classLevel: string | null;
    topic: string | null;
    context: string | null;
    numQuestions: number | null;
    questions: Array<{ questionText: string; options: string[]; correctAnswer: number; clue?: string }>;
  };
};

/** A stored game as a file. */
export function gameFileOf(game: GameDetail, now: Date = new Date()): GameFile {
  return {
    format: GAME_FILE_FORMAT,
    version: GAME_FILE_VERSION,
    exportedAt: now.toISOString(),
    game: {
      title: game.title,
      description: game.description,
      subject: game.aiLastUsedSubject,
      classLevel: game.aiLastUsedLevel,
      topic: game.aiLastUsedTopic,
      context: game.aiLastUsedContext,
      numQuestions: game.aiLastUsedNumQuestions,
      questions: game.questions.map((q) => ({
        questionText: q.questionText,
        options: q.options,
        correctAnswer: q.correctAnswer,
        ...(q.clue ? { clue: q.clue } : {}),
      })),
    },
  };
}

/** A file name a teacher recognises: the title, made safe for every file system. */
export function gameFileName(title: string): string {
  const safe = title
    .normalize("NFC")
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${safe || "game"}.cluehunt.json`;
}

/**
 * The file's envelope first (is it ours, which version), then its game through the very
 * create-game schema a save goes through: the same limits, the same messages. Unknown fields,
 * at any level, are dropped.
 */
export const GameFileSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const file = (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    if (file.format !== GAME_FILE_FORMAT) ctx.addIssue({ code: "custom", message: gameFileMessages.notAGameFile, path: ["format"], fatal: true });
    else if (file.version !== GAME_FILE_VERSION) ctx.addIssue({ code: "custom", message: gameFileMessages.newerVersion(file.version), path: ["version"], fatal: true });
    else if (!file.game || typeof file.game !== "object" || Array.isArray(file.game)) ctx.addIssue({ code: "custom", message: gameFileMessages.noGame, path: ["game"], fatal: true });
  })
  .transform((file): z.input<typeof CreateGameSchema> => {
    const game = (file as { game: Record<string, unknown> }).game;
    // Field by field as they come: the create-game schema below checks each one. Version 1 carries
    // no pictures (they belong to the uploader's account): a picture id in a file is dropped.
    const questions = Array.isArray(game.questions)
      ? game.questions.map((q: unknown) => (q && typeof q === "object" && !Array.isArray(q) ? { ...(q as object), imageId: undefined, imageAlt: undefined } : q))
      : game.questions;
    return {
      title: game.title,
      description: game.description ?? "",
      questions,
      aiLastUsedSubject: known(game.subject, SUBJECTS),
      aiLastUsedLevel: known(game.classLevel, CLASS_LEVELS),
      aiLastUsedTopic: game.topic ?? null,
      aiLastUsedContext: game.context ?? null,
      aiLastUsedNumQuestions: known(game.numQuestions, AI_QUESTION_COUNTS),
    } as z.input<typeof CreateGameSchema>;
  })
  .pipe(CreateGameSchema);

/** The first problem of a refused file as a sentence, naming the question when it is about one. */
export function gameFileProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return gameMessages.createFailedUnknown;
  const [first, index] = issue.path;
  return first === "questions" && typeof index === "number" ? `Question ${index + 1}: ${issue.message}` : issue.message;
}
