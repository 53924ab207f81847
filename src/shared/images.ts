/**
 * Pictures in questions (decision 019): the limits both sides keep, where a picture is
 * served, and the sentences a teacher reads. No zod and no runtime beyond constants, so the
 * pupils' bundle may import the types at no cost.
 */

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

/** What POST /api/images answers. */
export type UploadedImage = { id: string; src: string; width: number; height: number; bytes: number };

export const imageMessages = {
  altRequired: "Describe each picture for a pupil who cannot see it.",
  altTooLong: `A picture's description can be at most ${IMAGE_LIMITS.alt} characters.`,
  imageNotFound: "A picture in this game could not be found. Choose it again.",
  notWebp: "A picture must be sent as a WebP image. Choose it again in the editor, which converts it.",
  empty: "The picture is empty.",
  tooLarge: `A picture can be at most ${IMAGE_LIMITS.maxBytes / 1024} KB.`,
  tooWide: `A picture can be at most ${IMAGE_LIMITS.maxSide} pixels on its long side.`,
  hasMetadata: "The picture carries hidden information (EXIF, XMP or a colour profile). Choose it again in the editor, which removes it.",
  unreadable: "This file could not be read as a picture. Try a photo or drawing saved as JPEG, PNG or WebP.",
  stillTooLarge: "This picture is still too large after shrinking it. Try another picture.",
  animated: "Moving pictures (animations) cannot be used. Choose a still picture.",
  notFound: "Picture not found.",
} as const;
