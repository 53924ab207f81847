/**
 * Sharing a game with another teacher (decision 018): the creator turns on a link
 * (/shared/<id>), a signed-in teacher who opens it reads the game and may add a copy of it to
 * their own games; and the game file's name, version and sentences (its schema, which needs
 * zod, is game-file.ts: the dashboard loads only these). Types and sentences of both sides.
 */
import type { StoredQuestion } from "./games.ts";
import { IMAGE_LIMITS, type QuestionPicture } from "./images.ts";

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
  sharedBy: string;
  questions: SharedQuestion[];
};

/** A shared question: its picture as screens show it (address, description, size); the copy gets pictures of its own. */
export type SharedQuestion = Omit<StoredQuestion, "imageId" | "imageAlt"> & { picture: QuestionPicture | null };

export const shareMessages = {
  linkOff: "This share link is turned off, or the game is no longer there. Ask the teacher who shared it for a new link.",
  gameNotFound: "Game not found.",
  copied: (title: string) => `A copy of "${title}" was added to your games.`,
  linkOn: "Anyone signed in as a teacher who has this link can see this game, its answers and clues, and add a copy to their own games.",
  linkOffState: "The share link is off. Turn it on to let another teacher add a copy of this game to their games.",
} as const;

export const GAME_FILE_FORMAT = "cluehunt-game";
export const GAME_FILE_VERSION = 1;

const MiB = 1024 * 1024;
/** Base64 characters of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * What a game file may carry (docs/GAME-FORMAT.md). Its pictures travel inside it, as base64
 * WebP: each at most a stored picture's size, together at most a teacher's whole storage
 * (20 MiB; a file past it could never be imported anyway). The file's limit is what that
 * takes in base64 (26.7 MiB) plus the largest game's text (680 KiB) and the JSON around it,
 * rounded up: 28 MiB. The dashboard refuses a larger file before sending it; the server's
 * body limit for POST /api/games/import is the same.
 */
export const GAME_FILE_LIMITS = {
  pictureBytes: IMAGE_LIMITS.maxBytes,
  picturesBytes: 20 * MiB,
  fileBytes: 28 * MiB,
} as const;

export const gameFileMessages = {
  notAGameFile: 'This is not a Cluehunt game file (it has no "format": "cluehunt-game"). Choose a file made with "Download game file".',
  newerVersion: (version: unknown) => `This game file was made by a newer version of Cluehunt (format version ${String(version)}); this one reads version ${GAME_FILE_VERSION}.`,
  noGame: 'The game file has no "game" in it.',
  notJson: "This file is not a game file: it is not JSON. Choose a file made with \"Download game file\".",
  tooBig: "This file is too large to be a Cluehunt game.",
  pictureMissing: "The picture it names is not in the file.",
  badPicture: `Its picture is not one Cluehunt can show (a still WebP picture of at most ${IMAGE_LIMITS.maxSide} pixels a side and ${IMAGE_LIMITS.maxBytes / 1024} KB, with no hidden information). Download the game file again.`,
  picturesTooLarge: `The pictures in this file come to more than ${GAME_FILE_LIMITS.picturesBytes / MiB} MB, more than a teacher can keep.`,
  imported: (title: string) => `"${title}" was added to your games.`,
} as const;
