/**
 * Sharing a game with another teacher (decision 018): the creator turns on a link
 * (/shared/<id>), a signed-in teacher who opens it reads the game and may add a copy of it to
 * their own games; and the game file's name, version and sentences (its schema, which needs
 * zod, is server/games/game-file.ts: the dashboard loads only these). Types and sentences of both sides.
 */
import type { StoredQuestion } from "../games/game-responses.ts";
import { IMAGE_LIMITS, type OptionPictures, type QuestionPicture } from "../games/images.ts";
import { RECORDING_LIMITS } from "../games/recordings.ts";
import type { Language } from "../i18n/languages.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";

/** The page a share link opens. */
export const sharedGamePath = (shareLinkId: string) => `/shared/${encodeURIComponent(shareLinkId)}`;

/** The creator's view of their link: the path to copy, or null while the link is off. */
export type ShareLinkState = { sharePath: string | null };

/**
 * A shared game as another teacher reads it: answers and clues included (it is for teachers
 * deciding whether to use it); no ids, no email, nothing of the creator's account but the name
 * they chose to show.
 */
export type SharedGame = {
  title: string;
  description: string;
  subject: string | null;
  classLevel: string | null;
  /** The questions' language: the view marks them with it, and the copy keeps it. */
  language: Language;
  sharedBy: string;
  questions: SharedQuestion[];
};

/**
 * A shared question: its picture and its options' pictures (decision 038) as screens show them
 * (address, description, size); the copy gets pictures of its own.
 */
export type SharedQuestion = Omit<
  StoredQuestion,
  "imageId" | "imageAlt" | "optionImageIds" | "recordingId" | "clueRecordingId" | "optionRecordingIds" | "stationKey"
> & {
  picture: QuestionPicture | null;
  optionPictures: OptionPictures;
  /** The teacher's recordings by address, as a pupil receives them (a copy gets recordings of its own): the question's, one per option, the clue's. */
  recording: string | null;
  optionRecordings: (string | null)[] | null;
  clueRecording: string | null;
};

/** Catalogue keys; a function gives its key with values, encoded (it travels as a navigation notice). */
export const shareMessages = {
  linkOff: "sharing.linkOff",
  gameNotFound: "library.gameNotFound",
  copied: (title: string) => messageText(msg("sharing.copied", { title })),
  linkOn: "sharing.linkOn",
  linkOffState: "sharing.linkOffState",
} as const satisfies MessageTable;

export const GAME_FILE_FORMAT = "cluehunt-game";
/**
 * The file's version: 2 carries the kinds of question (decision 050; docs/GAME-FORMAT.md). A file of
 * version 1 still reads, every question of it four options.
 */
export const GAME_FILE_VERSION = 2;
/**
 * A file whose questions have notes on their wrong options ("why a child might pick this") is
 * version 3: a reader of version 2 would drop the notes without a word, so it refuses the file
 * instead ("made by a newer version"). A file without a note stays version 2, which every reader since kinds reads.
 */
export const GAME_FILE_NOTES_VERSION = 3;
/**
 * A file carrying the teacher's recordings is version 4, for the same reason: an older reader
 * would import the game and drop her voice without a word. A file without one stays 3 or 2.
 */
export const GAME_FILE_RECORDINGS_VERSION = 4;
/** The versions an import reads; any other is refused as "made by a newer version". */
export const GAME_FILE_VERSIONS_READ: readonly number[] = [1, 2, 3, 4];

const MiB = 1024 * 1024;
/** Base64 characters of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * What a game file may carry (docs/GAME-FORMAT.md). Its pictures travel inside it, as base64
 * WebP: each at most a stored picture's size, together at most a teacher's whole storage
 * (20 MiB; a file past it could never be imported anyway). The file's limit is what that
 * takes in base64 (26.7 MiB) plus the largest game's text (about 800 KiB) and the JSON around it,
 * rounded up: 28 MiB. The dashboard refuses a larger file before sending it; the server's
 * body limit for POST /api/games/import is the same.
 */
export const GAME_FILE_LIMITS = {
  pictureBytes: IMAGE_LIMITS.maxBytes,
  picturesBytes: 20 * MiB,
  fileBytes: 28 * MiB,
} as const;

/** Catalogue keys; the functions and the limits' sentences carry their values, encoded (zod issues are strings). */
export const gameFileMessages = {
  notAGameFile: "games.file.notAGameFile",
  newerVersion: (version: unknown) =>
    messageText(msg("games.file.newerVersion", { version: String(version), current: GAME_FILE_RECORDINGS_VERSION })),
  noGame: "games.file.noGame",
  notJson: "games.file.notJson",
  tooBig: "games.file.tooBig",
  pictureMissing: "games.file.pictureMissing",
  badPicture: messageText(
    msg("games.file.badPicture", { maxSide: IMAGE_LIMITS.maxSide, maxKb: IMAGE_LIMITS.maxBytes / 1024 }),
  ),
  picturesTooLarge: messageText(msg("games.file.picturesTooLarge", { mb: GAME_FILE_LIMITS.picturesBytes / MiB })),
  recordingMissing: "games.file.recordingMissing",
  badRecording: messageText(
    msg("games.file.badRecording", {
      seconds: RECORDING_LIMITS.maxSeconds,
      maxKb: RECORDING_LIMITS.maxBytes / 1024,
    }),
  ),
  imported: (title: string) => messageText(msg("games.file.imported", { title })),
} as const satisfies MessageTable;
