/** Request schemas of the pupil's station routes (server-side validation: the pupils' bundle does not load zod). */
import { z } from "zod";
import { stationMessages } from "./station-texts.ts";

/** Every card's token is base64url (16 random bytes). */
const CARD_TOKEN_ALPHABET = /^[A-Za-z0-9_-]+$/;

/**
 * A card's token as its QR code holds it; a token that is no card's is "not part of this hunt",
 * not an error. One with a character no card's token has (a NUL, which PostgreSQL cannot hold in
 * text) is looked up as the empty token, which no card has.
 */
const token = z
  .string({ message: stationMessages.tokenOrWord })
  .min(1, stationMessages.tokenOrWord)
  .max(200, stationMessages.tokenOrWord)
  .transform((t) => (CARD_TOKEN_ALPHABET.test(t) ? t : ""));

/** A station word as a child types it: folded before it is matched (case, accents, spaces do not matter). */
const word = z
  .string({ message: stationMessages.tokenOrWord })
  .max(60, stationMessages.tokenOrWord)
  .refine((s) => s.trim().length > 0, stationMessages.tokenOrWord);

/** POST /api/play/:progressId/stations: the card scanned (its token) or its word typed. */
export const FindStationSchema = z.union([z.object({ token }).strict(), z.object({ word }).strict()], {
  message: stationMessages.tokenOrWord,
});

/** POST /api/stations/visit: a card's QR address opened on a device (/s/<token>). */
export const VisitStationSchema = z.object({ token });
