/**
 * Pictures in questions (decision 019): the limits both sides keep, where a picture is
 * served, and the sentences a teacher reads. No zod and no runtime beyond constants, so the
 * pupils' bundle may import the types at no cost.
 */
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";

export const IMAGE_LIMITS = {
  /** The long side, in pixels: the editor shrinks to it, the server refuses more. */
  maxSide: 1280,
  /** Bytes of one stored picture. The editor re-encodes until it fits (a 1280 px photo is typically 100–250 KB as WebP). */
  maxBytes: 400 * 1024,
  /** Characters of a picture's description (alt text). */
  alt: 300,
  /** The only format stored: every browser's canvas writes it, and it carries no metadata unless asked to. */
  contentType: "image/webp",
} as const;

/** Where a stored picture is served. Ids are random UUIDs and a picture never changes, so the address is cached for good. */
export const IMAGE_PATH = "/api/images/";
export const imageSrc = (imageId: string) => `${IMAGE_PATH}${imageId}`;

/** A question's picture as a screen shows it: `width`/`height` let the page keep its place before the bytes arrive. */
export type QuestionPicture = { src: string; alt: string; width: number; height: number };

/**
 * The four options' pictures as a screen shows them (decision 038): one entry per
 * option, A to D, null where that option has none; `alt` is the option's text. The whole is
 * null when no option of the question has a picture (a question of words).
 */
export type OptionPictures = (QuestionPicture | null)[] | null;

/** What POST /api/images answers. */
export type UploadedImage = { id: string; src: string; width: number; height: number; bytes: number };

/** Catalogue keys: the server answers with them, the editor shows them in the teacher's language; limits travel as values. */
export const imageMessages = {
  altRequired: "games.picture.altRequired",
  altTooLong: messageText(msg("games.picture.altTooLong", { max: IMAGE_LIMITS.alt })),
  imageNotFound: "games.picture.imageNotFound",
  notWebp: "games.picture.notWebp",
  empty: "games.picture.empty",
  tooLarge: messageText(msg("games.picture.tooLarge", { kb: IMAGE_LIMITS.maxBytes / 1024 })),
  tooWide: messageText(msg("games.picture.tooWide", { max: IMAGE_LIMITS.maxSide })),
  hasMetadata: "games.picture.hasMetadata",
  unreadable: "games.picture.unreadable",
  stillTooLarge: "games.picture.stillTooLarge",
  animated: "games.picture.animated",
  cannotWriteWebp: "games.picture.cannotWriteWebp",
  notFound: "games.picture.notFound",
} as const satisfies MessageTable;
