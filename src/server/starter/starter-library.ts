/**
 * The starter hunts (decision 049): every `*.cluehunt.json` under the starter folder
 * (starter-hunts/ at the repository's root, or STARTER_GAMES_DIR), read once at start, each
 * checked exactly as an import is (the game file schema: pictures cleaned as uploads, then the
 * create-game schema) and then by its `starter` object (docs/STARTER-HUNTS.md). A file that fails
 * is named in the log with its first problem and skipped whole, never half loaded. What passes is
 * kept in memory, read-only: the game as an import would store it and its pictures' cleaned bytes,
 * each picture once (the English and the Irish of a pair share theirs) by its SHA-256. Nothing is
 * written to the database until a teacher uses a hunt (starter-routes.ts).
 *
 * The folder is listed at start (a STARTER_GAMES_DIR that cannot be read stops the server); its
 * files are read while the server starts and then answers (cleaning the shipped set's pictures
 * takes a second or two of CPU, one picture per turn of the event loop), and the starter routes
 * wait for them (decision 049 has the figures).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { CLASS_LEVELS, SUBJECTS } from "../../shared/games/curriculum.ts";
import type { SharedQuestion } from "../../shared/sharing/sharing.ts";
import {
  STARTER_LEVELS,
  type StarterHunt,
  type StarterHuntSummary,
  starterPicturePath,
} from "../../shared/starter/starter-hunts.ts";
import { ConfigError } from "../config.ts";
import {
  type FilePicture,
  filePictureRef,
  type GameFileContents,
  GameFileSchema,
  gameFileProblem,
  gameFileSchema,
} from "../games/game-file.ts";
import { inEnglish } from "../i18n.ts";
import { cleanWebp, type WebpCheck } from "../images/webp.ts";
import { projectRoot } from "../project-root.ts";

export const DEFAULT_STARTER_GAMES_DIR = path.join(projectRoot, "starter-hunts");

/** A starter file's name ends so (the shipped set's: `<level>/<subject>.<lang>.cluehunt.json`). */
export const STARTER_FILE_SUFFIX = ".cluehunt.json";

/** The subject a starter hunt that needs no sources file is about: its answers are computed (docs/STARTER-HUNTS.md). */
export const COMPUTED_SUBJECT = "Mathematics";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = (what: string) =>
  z
    .string({ message: `starter.${what} must be text` })
    .max(100, `starter.${what} is longer than 100 characters`)
    .regex(SLUG, `starter.${what} must be lower-case letters, digits and single hyphens`);

/** The top-level `starter` object beside `game` (docs/STARTER-HUNTS.md). Its problems are the log's, in English. */
const StarterFieldsSchema = z.object(
  {
    id: slug("id"),
    pair: slug("pair"),
    irishReviewedBy: z
      .string({ message: "starter.irishReviewedBy must be a name or null" })
      .trim()
      .min(1, "starter.irishReviewedBy must be a name or null")
      .max(100, "starter.irishReviewedBy is longer than 100 characters")
      .nullable()
      .optional(),
    sources: z
      .string({ message: "starter.sources must be a file name" })
      .regex(/^[^/\\]+$/, "starter.sources must name a file beside the hunt's, without a folder")
      .max(200, "starter.sources is longer than 200 characters")
      .nullable()
      .optional(),
  },
  { message: 'the file has no "starter" object (docs/STARTER-HUNTS.md)' },
);

/** One starter hunt as the server keeps it. */
export type StarterHuntEntry = {
  summary: StarterHuntSummary;
  pair: string;
  /** The sources file beside it (non-Mathematics hunts), else null. */
  sources: string | null;
  /** Its path under the starter folder, with `/` (the log names it so). */
  file: string;
  /** The checked file: what "Use this hunt" stores, exactly as an import of it would. */
  contents: GameFileContents;
  /** Each picture of `contents.pictures` by the stand-in id its questions name: its SHA-256 and size. */
  pictureOf: ReadonlyMap<string, { sha256: string; width: number; height: number }>;
};

export type StarterLibrary = {
  /** The folder read. */
  dir: string;
  /** Junior Infants first, then by subject and language. */
  hunts: readonly StarterHuntEntry[];
  byId: ReadonlyMap<string, StarterHuntEntry>;
  /** Every picture of every hunt, once, by the SHA-256 of its cleaned bytes. */
  pictures: ReadonlyMap<string, FilePicture>;
  /** The files left out, each with its first problem (also logged). */
  skipped: readonly { file: string; problem: string }[];
};

export type StarterCheck =
  | { ok: true; contents: GameFileContents; starter: z.output<typeof StarterFieldsSchema> }
  | { ok: false; problem: string };

/**
 * One starter file's JSON checked: as an import (the game file schema, its first problem as the
 * import would word it), then its `starter` object and what the starter library needs of the game
 * (a class level, subject and language it can be found by). `sourcesExists` says whether a file of
 * that name is beside it. Pure but for that: the shipped set's test (tests/starter/) runs it too.
 * `schema`: GameFileSchema, or one cleaning pictures through a memory (rememberingCleaner).
 */
export async function checkStarterFile(
  json: unknown,
  sourcesExists: (name: string) => boolean,
  schema: typeof GameFileSchema = GameFileSchema,
): Promise<StarterCheck> {
  const parsed = await schema.safeParseAsync(json);
  if (!parsed.success) return { ok: false, problem: inEnglish(gameFileProblem(parsed.error)) };
  const fields = StarterFieldsSchema.safeParse((json as { starter?: unknown }).starter);
  if (!fields.success) return { ok: false, problem: fields.error.issues[0]!.message };
  const starter = fields.data;
  const { game } = parsed.data;
  if (!game.aiLastUsedLevel || !(STARTER_LEVELS as readonly string[]).includes(game.aiLastUsedLevel))
    return { ok: false, problem: `game.classLevel must be one of ${STARTER_LEVELS.join(", ")}` };
  if (!game.aiLastUsedSubject) return { ok: false, problem: `game.subject must be one of ${SUBJECTS.join(", ")}` };
  if (!game.language) return { ok: false, problem: 'game.language must be "en" or "ga"' };
  if (game.language === "ga" && starter.irishReviewedBy === undefined)
    return { ok: false, problem: "starter.irishReviewedBy is missing: an Irish hunt names its reviewer, or null" };
  if (game.language !== "ga" && starter.irishReviewedBy)
    return { ok: false, problem: "starter.irishReviewedBy is for Irish hunts only" };
  if (game.aiLastUsedSubject === COMPUTED_SUBJECT) {
    if (starter.sources)
      return { ok: false, problem: "starter.sources: a Mathematics hunt has none (its answers are computed)" };
  } else if (!starter.sources) {
    return { ok: false, problem: "starter.sources is missing: a hunt that is not Mathematics names its sources file" };
  } else if (!sourcesExists(starter.sources)) {
    return { ok: false, problem: `starter.sources names ${starter.sources}, which is not beside the hunt` };
  }
  return { ok: true, contents: parsed.data, starter };
}

/** The starter folder's `*.cluehunt.json` files, in every sub-folder, sorted (paths relative to it, with `/`). */
function starterFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(STARTER_FILE_SUFFIX))
    .sort();
}

const orderOf = (list: readonly string[], value: string) => {
  const at = list.indexOf(value);
  return at === -1 ? list.length : at;
};

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * cleanWebp remembering what it answered for each picture's bytes: the English and the Irish file
 * of a pair carry the same pictures, each cleaned once (the shipped set: 283 pictures, 121 different).
 */
function rememberingCleaner(): (bytes: Uint8Array) => WebpCheck {
  const answers = new Map<string, WebpCheck>();
  return (bytes) => {
    const key = sha256Of(bytes);
    const answer = answers.get(key) ?? cleanWebp(bytes);
    answers.set(key, answer);
    return answer;
  };
}

/**
 * Lists the starter folder now and reads its files in the background (the promise). `dir`
 * undefined: the shipped set (a missing folder is an empty library, with a warning). A folder named
 * by STARTER_GAMES_DIR that cannot be read stops the server here, with the reason, as
 * BLOCKED_NAMES_FILE does: a typo must not quietly empty the library.
 */
export function loadStarterLibrary(dir: string | undefined, log: FastifyBaseLogger): Promise<StarterLibrary> {
  const folder = dir ?? DEFAULT_STARTER_GAMES_DIR;
  let files: string[];
  try {
    files = starterFiles(folder);
  } catch (error) {
    if (dir !== undefined)
      throw new ConfigError(
        `Invalid configuration:\n  STARTER_GAMES_DIR: cannot read ${folder} (${(error as Error).message})`,
      );
    log.warn(`No starter hunts: ${folder} cannot be read (${(error as Error).message})`);
    files = [];
  }
  return readStarterFiles(folder, files, log);
}

async function readStarterFiles(folder: string, files: string[], log: FastifyBaseLogger): Promise<StarterLibrary> {
  const startedAt = performance.now();
  const hunts: StarterHuntEntry[] = [];
  const byId = new Map<string, StarterHuntEntry>();
  const pictures = new Map<string, FilePicture>();
  const skipped: { file: string; problem: string }[] = [];
  const schema = gameFileSchema(rememberingCleaner());
  const pairs = new Set<string>();
  for (const file of files) {
    const full = path.join(folder, file);
    const problem = await (async (): Promise<string | null> => {
      let text: string;
      let json: unknown;
      try {
        text = fs.readFileSync(full, "utf8");
      } catch (error) {
        return `cannot be read (${(error as Error).message})`;
      }
      try {
        json = JSON.parse(text);
      } catch (error) {
        return `not a JSON file (${(error as Error).message})`;
      }
      const checked = await checkStarterFile(
        json,
        (name) => fs.existsSync(path.join(path.dirname(full), name)),
        schema,
      );
      if (!checked.ok) return checked.problem;
      const { contents, starter } = checked;
      const { game } = contents;
      if (byId.has(starter.id)) return `starter.id ${starter.id} is already ${byId.get(starter.id)!.file}'s`;
      const pairKey = `${starter.pair} ${game.language}`;
      if (pairs.has(pairKey)) return `starter.pair ${starter.pair} already has a hunt in "${game.language}"`;
      pairs.add(pairKey);
      // Each picture once across the library: a picture already kept is shared, not held twice.
      const pictureOf = new Map<string, { sha256: string; width: number; height: number }>();
      contents.pictures = contents.pictures.map((picture, k) => {
        const sha256 = sha256Of(picture.bytes);
        const kept = pictures.get(sha256) ?? picture;
        pictures.set(sha256, kept);
        pictureOf.set(filePictureRef(k), { sha256, width: kept.width, height: kept.height });
        return kept;
      });
      const entry: StarterHuntEntry = {
        summary: {
          id: starter.id,
          title: game.title,
          description: game.description,
          subject: game.aiLastUsedSubject!,
          classLevel: game.aiLastUsedLevel!,
          language: game.language!,
          questionCount: game.questions.length,
          irishReviewedBy: game.language === "ga" ? (starter.irishReviewedBy ?? null) : null,
        },
        pair: starter.pair,
        sources: starter.sources ?? null,
        file,
        contents,
        pictureOf,
      };
      hunts.push(entry);
      byId.set(entry.summary.id, entry);
      return null;
    })();
    if (problem !== null) {
      skipped.push({ file, problem });
      log.warn({ file: path.join(folder, file) }, `Starter hunt ${file} skipped: ${problem}`);
    }
  }
  hunts.sort(
    (a, b) =>
      orderOf(CLASS_LEVELS, a.summary.classLevel) - orderOf(CLASS_LEVELS, b.summary.classLevel) ||
      orderOf(SUBJECTS, a.summary.subject) - orderOf(SUBJECTS, b.summary.subject) ||
      a.summary.language.localeCompare(b.summary.language) ||
      a.summary.id.localeCompare(b.summary.id),
  );
  log.info(
    `${hunts.length} starter hunts read from ${folder} in ${Math.round(performance.now() - startedAt)} ms, ${skipped.length} skipped`,
  );
  return { dir: folder, hunts, byId, pictures, skipped };
}

/** A starter hunt as the preview reads it: answers, clues and hiding places; each picture by its address and size. */
export function starterHuntView(entry: StarterHuntEntry): StarterHunt {
  const pictureAt = (ref: string | null, alt: string) => {
    const picture = ref ? entry.pictureOf.get(ref) : undefined;
    return picture
      ? { src: starterPicturePath(picture.sha256), alt, width: picture.width, height: picture.height }
      : null;
  };
  const questions: SharedQuestion[] = entry.contents.game.questions.map((q) => ({
    questionText: q.questionText,
    kind: q.kind,
    options: q.options,
    correctAnswer: q.correctAnswer,
    correctAnswers: q.correctAnswers,
    fadasCount: q.fadasCount,
    clue: q.clue,
    optionNotes: q.optionNotes,
    hidingPlace: q.hidingPlace,
    picture: pictureAt(q.imageId, q.imageAlt ?? ""),
    // As the play screens describe them (decision 038): each option's picture by the option's text.
    optionPictures: q.optionImageIds ? q.optionImageIds.map((ref, k) => pictureAt(ref, q.options[k] ?? "")) : null,
    // A starter hunt is read by the synthesised voice: it carries no teacher's recordings.
    recording: null,
    optionRecordings: null,
    clueRecording: null,
  }));
  return { ...entry.summary, questions };
}
