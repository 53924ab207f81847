/**
 * Sharing a game with another teacher (decision 018): the creator turns on a link
 * (/shared/<id>), a signed-in teacher who opens it reads the game and may add a copy of it to
 * their own games; and the game file's name, version and sentences (its schema, which needs
 * zod, is game-file.ts: the dashboard loads only these). Types and sentences of both sides.
 */
import type { StoredQuestion } from "./games.ts";

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

/** A shared question: pictures are not shared yet (they belong to their uploader's account; decision 018). */
export type SharedQuestion = Omit<StoredQuestion, "imageId" | "imageAlt">;

export const shareMessages = {
  linkOff: "This share link is turned off, or the game is no longer there. Ask the teacher who shared it for a new link.",
  gameNotFound: "Game not found.",
  copied: (title: string) => `A copy of "${title}" was added to your games.`,
  linkOn: "Anyone signed in as a teacher who has this link can see this game, its answers and clues, and add a copy to their own games.",
  linkOffState: "The share link is off. Turn it on to let another teacher add a copy of this game to their games.",
} as const;

export const GAME_FILE_FORMAT = "cluehunt-game";
export const GAME_FILE_VERSION = 1;

export const gameFileMessages = {
  notAGameFile: 'This is not a Cluehunt game file (it has no "format": "cluehunt-game"). Choose a file made with "Download game file".',
  newerVersion: (version: unknown) => `This game file was made by a newer version of Cluehunt (format version ${String(version)}); this one reads version ${GAME_FILE_VERSION}.`,
  noGame: 'The game file has no "game" in it.',
  notJson: "This file is not a game file: it is not JSON. Choose a file made with \"Download game file\".",
  tooBig: "This file is too large to be a Cluehunt game.",
  imported: (title: string) => `"${title}" was added to your games.`,
} as const;
