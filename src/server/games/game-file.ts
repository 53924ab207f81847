/**
 * The game file (docs/GAME-FORMAT.md): a game exported as JSON, to be imported into another
 * account. `format` names it, `version` is bumped only when an old reader would misread a new
 * file; fields added later as optional need no new version, because a reader ignores fields it
 * does not know and validates the ones it does. Pictures travel inside the file: `game.images`
 * holds each picture once, as base64 WebP, and a question names its picture by index
 * (`image`) with its description (`imageAlt`), and its options' pictures by index too
 * (`optionImages`, an entry per option or order item, null where one has none; decision 038). Version 2
 * carries each question's kind and its fields (decision 050); a version 1 file reads as four-option questions.
 * Version 3 is a version 2 file with notes on wrong options (`optionNotes`, option-notes.ts): written
 * only when a question has one, so that an older reader refuses it instead of dropping them.
 * Version 4 is a file with the teacher's recordings (`game.recordings`, each once with its type, the
 * cleaned bytes in base64; a question names its text's, its clue's and its options' by index),
 * written only when a question has one, for the same reason.
 * Server only in practice (the dashboard sends
 * the file as it is); pure, so its rules are tested without a server.
 */

import { z } from "zod";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, SUBJECTS } from "../../shared/games/curriculum.ts";
import { CreateGameSchema } from "../../shared/games/game-contracts.ts";
import type { GameDetail } from "../../shared/games/game-responses.ts";
import { GAME_LIMITS, gameMessages, OPTIONS_PER_QUESTION } from "../../shared/games/games.ts";
import { KIND_LIMITS, type QuestionKind } from "../../shared/games/question-kinds.ts";
import { RECORDING_LIMITS } from "../../shared/games/recordings.ts";
import { LANGUAGES } from "../../shared/i18n/languages.ts";
import { issueMessage, type MessageText, messageText, msg } from "../../shared/i18n/messages.ts";
import {
  base64Length,
  GAME_FILE_FORMAT,
  GAME_FILE_LIMITS,
  GAME_FILE_NOTES_VERSION,
  GAME_FILE_RECORDINGS_VERSION,
  GAME_FILE_VERSION,
  GAME_FILE_VERSIONS_READ,
  gameFileMessages,
} from "../../shared/sharing/sharing.ts";
import { cleanAudio } from "../audio/clean-audio.ts";
import { cleanWebp, type WebpCheck } from "../images/webp.ts";
import type { CheckedRecording } from "../recordings/recording-commands.ts";

/** The AI fields only remember the editor's last choices: one this version does not offer is dropped, not refused. */
const known = (value: unknown, allowed: readonly unknown[]) => (allowed.includes(value) ? value : null);

/** What an exported file holds. Private and per-account things (ids, owner, dates of sessions) stay out. */
export type GameFile = {
  format: typeof GAME_FILE_FORMAT;
  /** 4 when a question has a recording, else 3 when one has notes on its options (each read by no older version), 2 otherwise. */
  version: typeof GAME_FILE_VERSION | typeof GAME_FILE_NOTES_VERSION | typeof GAME_FILE_RECORDINGS_VERSION;
  exportedAt: string;
  game: {
    title: string;
    description: string;
    subject: string | null;
    classLevel: string | null;
    topic: string | null;
    context: string | null;
    numQuestions: number | null;
    /** The questions' language, "en" or "ga"; absent in files written before it. */
    language?: string | null;
    questions: Array<{
      questionText: string;
      /** What `options` and `correctAnswer` hold (question-kinds.ts); absent in version 1, where every question is four options. */
      kind: QuestionKind;
      options: string[];
      /** Four options: the right one, 0–3; true or false: 0 true, 1 false. Absent for the other kinds. */
      correctAnswer?: number;
      /** Choose all that apply: the right options (2 or 3 of 0–3). */
      correctAnswers?: number[];
      /** Type the answer: whether a missing or wrong fada makes an answer wrong. */
      fadasCount?: boolean;
      clue?: string;
      /** Where its station card is hidden; absent when not said, and in files written before. */
      hidingPlace?: string;
      image?: number;
      imageAlt?: string;
      /** The options' (or order items') pictures by index into `images`, one per option, null where none; absent when none has one. */
      optionImages?: (number | null)[];
      /** "Why a child might pick this", one per option (four; true or false: True, False), null where none; absent when none (version 3). */
      optionNotes?: (string | null)[];
      /** The teacher's recordings by index into `recordings`: the question text's, the clue's, one per option (null where none); absent when none (version 4). */
      recording?: number;
      clueRecording?: number;
      optionRecordings?: (number | null)[];
    }>;
    /** Each picture once, in order of first use: WebP bytes in base64. Absent when no question has one. */
    images?: string[];
    /** Each recording once, in order of first use: its type and its cleaned bytes in base64. Absent when none. */
    recordings?: FileRecordingEntry[];
  };
};

/** A recording as a file holds it. */
export type FileRecordingEntry = { mimeType: string; data: string };

/**
 * A stored game as a file. `pictures` holds the base64 WebP bytes of the game's pictures by
 * image id; a question whose picture is not in it goes without (it cannot happen for a game
 * read with its pictures, and a file never names an id).
 */
export function gameFileOf(
  game: GameDetail,
  pictures: ReadonlyMap<string, string> = new Map(),
  now: Date = new Date(),
  voices: ReadonlyMap<string, FileRecordingEntry> = new Map(),
): GameFile {
  const images: string[] = [];
  const indexOf = new Map<string, number>();
  const imageOf = (imageId: string | null) => {
    const base64 = imageId ? pictures.get(imageId) : undefined;
    if (!imageId || base64 === undefined) return undefined;
    if (!indexOf.has(imageId)) indexOf.set(imageId, images.push(base64) - 1);
    return indexOf.get(imageId);
  };
  const recordings: FileRecordingEntry[] = [];
  const recordingIndex = new Map<string, number>();
  const recordingOf = (recordingId: string | null) => {
    const entry = recordingId ? voices.get(recordingId) : undefined;
    if (!recordingId || entry === undefined) return undefined;
    if (!recordingIndex.has(recordingId)) recordingIndex.set(recordingId, recordings.push(entry) - 1);
    return recordingIndex.get(recordingId);
  };
  const questions = game.questions.map((q) => {
    const image = imageOf(q.imageId);
    const optionImages = (q.optionImageIds ?? []).map((id) => imageOf(id) ?? null);
    const recording = recordingOf(q.recordingId);
    const clueRecording = q.clue ? recordingOf(q.clueRecordingId) : undefined;
    const optionRecordings = (q.optionRecordingIds ?? []).map((id) => recordingOf(id) ?? null);
    return {
      questionText: q.questionText,
      kind: q.kind,
      options: q.options,
      // Each kind's own fields only: a reader of this version needs no other.
      ...(q.kind === "choice" || q.kind === "truefalse" ? { correctAnswer: q.correctAnswer } : {}),
      ...(q.kind === "multi" ? { correctAnswers: q.correctAnswers ?? [] } : {}),
      ...(q.kind === "typed" ? { fadasCount: q.fadasCount } : {}),
      ...(q.clue ? { clue: q.clue } : {}),
      ...(q.hidingPlace ? { hidingPlace: q.hidingPlace } : {}),
      ...(image !== undefined ? { image, imageAlt: q.imageAlt ?? "" } : {}),
      ...(optionImages.some((k) => k !== null) ? { optionImages } : {}),
      ...(q.optionNotes ? { optionNotes: q.optionNotes } : {}),
      ...(recording !== undefined ? { recording } : {}),
      ...(clueRecording !== undefined ? { clueRecording } : {}),
      ...(optionRecordings.some((k) => k !== null) ? { optionRecordings } : {}),
    };
  });
  return {
    format: GAME_FILE_FORMAT,
    // Recordings make the file version 4, notes version 3: an older reader refuses it rather than drop them unseen.
    version:
      recordings.length > 0
        ? GAME_FILE_RECORDINGS_VERSION
        : questions.some((q) => q.optionNotes)
          ? GAME_FILE_NOTES_VERSION
          : GAME_FILE_VERSION,
    exportedAt: now.toISOString(),
    game: {
      title: game.title,
      description: game.description,
      subject: game.aiLastUsedSubject,
      classLevel: game.aiLastUsedLevel,
      topic: game.aiLastUsedTopic,
      context: game.aiLastUsedContext,
      numQuestions: game.aiLastUsedNumQuestions,
      // The questions' language: optional, so files written before it still read.
      language: game.language,
      questions,
      ...(images.length > 0 ? { images } : {}),
      ...(recordings.length > 0 ? { recordings } : {}),
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

/** A picture read from a file: checked like an upload (images/webp.ts), ready to keep. */
export type FilePicture = { bytes: Uint8Array; width: number; height: number };

/**
 * Until the import keeps a file's pictures, a question refers to picture `k` of the file by
 * this stand-in id, so the create-game schema checks its description like any picture's. A
 * version 4 UUID whose random part is all zeros: `gen_random_uuid()` does not make it in practice,
 * and the import replaces every stand-in before anything is stored.
 */
export const filePictureRef = (k: number) => `00000000-0000-4000-8000-${k.toString(16).padStart(12, "0")}`;

/** The same for recording `k` of the file: checked as owned only once the import has kept it under a real id. */
export const fileRecordingRef = (k: number) => `00000000-0000-4000-9000-${k.toString(16).padStart(12, "0")}`;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 to bytes, or null when it is not base64 (atob is in every browser and Node). */
function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * Lets the server answer others before the next picture is cleaned. Cleaning reads a lossy
 * bitstream in full (webp-vp8.ts, ~45 ms for a 400 KB picture of noise), and a file may hold 50
 * of them: in one go that held every other request (pupils' answers, /api/health) for 2.3 s.
 * Three turns of the event loop, not one: a request that needs a few turns whose
 * bytes are already there (a client on the same machine, as in the tests) is answered between
 * two pictures instead of across several. Measured with 15 pictures on a busy 2-core machine: /api/health waited at
 * most 240–360 ms with one turn, 130–250 ms with three, 0.8–1.5 s with none. A turn with
 * nothing waiting costs microseconds. setImmediate: the file is read on the server only.
 */
const TURNS_BETWEEN_PICTURES = 3;
async function nextTurn() {
  for (let turn = 0; turn < TURNS_BETWEEN_PICTURES; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The file's envelope first (is it ours, which version), then its pictures (each checked like
 * an upload, together within GAME_FILE_LIMITS), then its game through the very create-game
 * schema a save goes through: the same limits, the same messages. Unknown fields, at any level,
 * are dropped; so is a picture id from another account (`imageId`: a file names pictures by index).
 * Asynchronous (parse it with `safeParseAsync`): the pictures are cleaned one per turn of the
 * event loop, see `nextTurn`.
 * `cleanPicture` is how a picture is checked and cleaned: cleanWebp, or (the starter library, which
 * reads the same picture in a pair's two files) a remembering cleanWebp.
 */
export const gameFileSchema = (cleanPicture: (bytes: Uint8Array) => WebpCheck = cleanWebp) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const file = isObject(value) ? value : {};
      if (file.format !== GAME_FILE_FORMAT)
        ctx.addIssue({ code: "custom", message: gameFileMessages.notAGameFile, path: ["format"], fatal: true });
      else if (!GAME_FILE_VERSIONS_READ.includes(file.version as number))
        ctx.addIssue({
          code: "custom",
          message: gameFileMessages.newerVersion(file.version),
          path: ["version"],
          fatal: true,
        });
      else if (!isObject(file.game))
        ctx.addIssue({ code: "custom", message: gameFileMessages.noGame, path: ["game"], fatal: true });
    })
    .transform(async (file, ctx) => {
      const { game, version } = file as { game: Record<string, unknown>; version: number };
      // Version 1 knew only four options: a kind in such a file (no Cluehunt wrote one) is not read.
      const kindsRead = version >= 2;
      const images = Array.isArray(game.images) ? (game.images as unknown[]) : [];
      const fileRecordings = Array.isArray(game.recordings) ? (game.recordings as unknown[]) : [];
      // Picture k of the file → its place among the pictures kept (each once, only those used).
      const kept = new Map<number, number>();
      const pictures: FilePicture[] = [];
      let picturesBytes = 0;
      const pictureFor = async (
        index: unknown,
        question: number,
        at: (string | number)[] = ["image"],
      ): Promise<string | null> => {
        const problem = (message: string) => (
          ctx.addIssue({ code: "custom", message, path: ["questions", question, ...at] }), null
        );
        if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= images.length)
          return problem(gameFileMessages.pictureMissing);
        const k = index as number;
        if (!kept.has(k)) {
          // Past a teacher's storage the file is refused below: the pictures after are not parsed (each costs a full read of its bitstream).
          if (picturesBytes > GAME_FILE_LIMITS.picturesBytes) return null;
          await nextTurn();
          const text = images[k];
          const bytes =
            typeof text === "string" && text.length <= base64Length(GAME_FILE_LIMITS.pictureBytes)
              ? fromBase64(text)
              : null;
          const checked = bytes && bytes.length <= GAME_FILE_LIMITS.pictureBytes ? cleanPicture(bytes) : null;
          if (!checked?.ok) return problem(gameFileMessages.badPicture);
          picturesBytes += checked.bytes.length;
          kept.set(k, pictures.push({ bytes: checked.bytes, width: checked.width, height: checked.height }) - 1);
        }
        return filePictureRef(kept.get(k)!);
      };
      // Recording k of the file → its place among the recordings kept, each cleaned again as an upload is.
      const keptRecordings = new Map<number, number>();
      const recordings: CheckedRecording[] = [];
      const recordingFor = async (
        index: unknown,
        question: number,
        at: (string | number)[],
      ): Promise<string | null> => {
        const problem = (message: string) => (
          ctx.addIssue({ code: "custom", message, path: ["questions", question, ...at] }), null
        );
        if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= fileRecordings.length)
          return problem(gameFileMessages.recordingMissing);
        const k = index as number;
        if (!keptRecordings.has(k)) {
          if (picturesBytes > GAME_FILE_LIMITS.picturesBytes) return null;
          await nextTurn();
          const entry = fileRecordings[k];
          const text = isObject(entry) ? entry.data : undefined;
          const bytes =
            typeof text === "string" && text.length <= base64Length(RECORDING_LIMITS.maxBytes)
              ? fromBase64(text)
              : null;
          // Its type is read from its bytes, as an upload's: the file's `mimeType` is for other readers.
          const checked = bytes ? cleanAudio(bytes, RECORDING_LIMITS) : null;
          if (!checked?.ok) return problem(gameFileMessages.badRecording);
          picturesBytes += checked.bytes.length;
          keptRecordings.set(
            k,
            recordings.push({ bytes: checked.bytes, mimeType: checked.mimeType, durationMs: checked.durationMs }) - 1,
          );
        }
        return fileRecordingRef(keptRecordings.get(k)!);
      };
      // A list longer than a game can be is refused before anything is read from it.
      if (Array.isArray(game.questions) && game.questions.length > GAME_LIMITS.maxQuestions) {
        ctx.addIssue({ code: "custom", message: gameMessages.tooManyQuestions, path: ["questions"], fatal: true });
        return z.NEVER;
      }
      // Field by field as they come: the create-game schema below checks each one. One question
      // after another, so that the pictures are kept, and their problems told, in the file's order.
      let questions: unknown = game.questions;
      if (Array.isArray(game.questions)) {
        const read: unknown[] = [];
        for (const [i, q] of (game.questions as unknown[]).entries()) {
          if (!isObject(q)) {
            read.push(q);
            continue;
          }
          // A station key is the exporting game's (decision 031): the imported game gets cards of its own.
          const {
            image,
            imageAlt,
            optionImages,
            imageId: _fromAnotherAccount,
            optionImageIds: _alsoFromAnotherAccount,
            recordingId: _recordingOfAnotherAccount,
            clueRecordingId: _clueRecordingOfAnotherAccount,
            optionRecordingIds: _optionRecordingsOfAnotherAccount,
            stationKey: _anotherGames,
            recording,
            clueRecording,
            optionRecordings,
            kind,
            correctAnswers,
            fadasCount,
            ...rest
          } = q;
          const kindFields = kindsRead ? { kind, correctAnswers, fadasCount } : {};
          const imageId = image === undefined || image === null ? null : await pictureFor(image, i);
          // The options' pictures by index, like the question's; anything but a list is left for the schema to refuse.
          let optionImageIds: unknown = optionImages ?? null;
          // Only a list a question may have is read (four in version 1, up to an order's six items since):
          // anything else is refused by the schema before anything in it is read.
          if (
            Array.isArray(optionImages) &&
            (kindsRead
              ? optionImages.length <= KIND_LIMITS.orderItems.max
              : optionImages.length === OPTIONS_PER_QUESTION)
          ) {
            const ids: (string | null)[] = [];
            // One after another: a picture used twice is read once, and kept in the file's order.
            for (const [option, k] of (optionImages as unknown[]).entries())
              ids.push(k === undefined || k === null ? null : await pictureFor(k, i, ["optionImages", option]));
            optionImageIds = ids;
          }
          // The recordings by index the same way, whatever the file's version.
          const recordingId =
            recording === undefined || recording === null ? null : await recordingFor(recording, i, ["recording"]);
          const clueRecordingId =
            // Without a clue its recording is not kept (a save drops it).
            clueRecording === undefined || clueRecording === null || typeof rest.clue !== "string" || !rest.clue.trim()
              ? null
              : await recordingFor(clueRecording, i, ["clueRecording"]);
          let optionRecordingIds: unknown = optionRecordings ?? null;
          if (Array.isArray(optionRecordings) && optionRecordings.length <= KIND_LIMITS.orderItems.max) {
            const ids: (string | null)[] = [];
            for (const [option, k] of (optionRecordings as unknown[]).entries())
              ids.push(k === undefined || k === null ? null : await recordingFor(k, i, ["optionRecordings", option]));
            optionRecordingIds = ids;
          }
          read.push({
            ...(imageId ? { ...rest, imageId, imageAlt } : rest),
            ...kindFields,
            optionImageIds,
            recordingId,
            clueRecordingId,
            optionRecordingIds,
          });
        }
        questions = read;
      }
      if (picturesBytes > GAME_FILE_LIMITS.picturesBytes)
        ctx.addIssue({ code: "custom", message: gameFileMessages.picturesTooLarge, path: ["images"] });
      return {
        game: {
          title: game.title,
          description: game.description ?? "",
          questions,
          aiLastUsedSubject: known(game.subject, SUBJECTS),
          aiLastUsedLevel: known(game.classLevel, CLASS_LEVELS),
          aiLastUsedTopic: game.topic ?? null,
          aiLastUsedContext: game.context ?? null,
          aiLastUsedNumQuestions: known(game.numQuestions, AI_QUESTION_COUNTS),
          language: known(game.language, LANGUAGES),
        } as z.input<typeof CreateGameSchema>,
        pictures,
        recordings,
      };
    })
    .pipe(
      z.object({
        game: CreateGameSchema,
        pictures: z.array(z.custom<FilePicture>()),
        recordings: z.array(z.custom<CheckedRecording>()),
      }),
    );

/** The game file as an import reads it (docs/GAME-FORMAT.md). */
export const GameFileSchema = gameFileSchema();

export type GameFileContents = z.output<typeof GameFileSchema>;

/** The first problem of a refused file as a sentence, naming the question when it is about one. */
export function gameFileProblem(error: z.ZodError): MessageText {
  const issue = error.issues[0];
  if (!issue) return gameMessages.createFailedUnknown;
  // The game's own problems sit under "game" once the file is read; the pictures' under "questions" already.
  const [first, index] = issue.path[0] === "game" ? issue.path.slice(1) : issue.path;
  // The problem is itself a message: a value that is a catalogue key is translated too (i18n.ts, translator.ts).
  return first === "questions" && typeof index === "number"
    ? messageText(msg("games.file.questionProblem", { number: index + 1, problem: issueMessage(issue) }))
    : issueMessage(issue);
}
