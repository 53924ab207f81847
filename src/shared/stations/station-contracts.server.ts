/**
 * Request schemas of the pupil's station routes (server-side validation: the pupils' bundle does not load zod),
 * the station shapes other responses hold, and the station cards' contracts (decision 045).
 */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { stationEndpoints } from "./station-endpoints.ts";
import type { GroupTrailStop, PupilHunt, StationCard, StationCardsResponse, StationStop } from "./station-responses.ts";
import { type FindOutcome, STATION_SYMBOLS } from "./station-rules.ts";
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

// Responses (decision 045): each schema exactly its type in station-responses.ts.

const symbol = z.enum(STATION_SYMBOLS);

export const StationStopSchema = exactly<StationStop>()(
  z.object({
    questionIndex: z.number(),
    number: z.number(),
    symbol,
    hidingPlace: z.string().nullable(),
    status: z.enum(["toFind", "found", "answered"]),
  }),
);
export const PupilHuntSchema = exactly<PupilHunt>()(
  z.object({ route: z.array(StationStopSchema), next: StationStopSchema.nullable() }),
);
export const GroupTrailStopSchema = exactly<GroupTrailStop>()(
  z.object({ questionIndex: z.number(), number: z.number(), symbol, found: z.number(), answered: z.number() }),
);
/** Which station a card is, as a find or a results question names it. */
export const StationMarkSchema = z.object({ number: z.number(), symbol });
export const FindOutcomeSchema = exactly<FindOutcome>()(z.enum(["found", "alreadyFound", "notNext", "notInHunt"]));

const StationCardsResponseSchema = exactly<StationCardsResponse>()(
  z.object({
    gameId: z.string(),
    gameTitle: z.string(),
    language: z.enum(LANGUAGES),
    cardBaseUrl: z.string(),
    baseUrlIsBareAddress: z.boolean(),
    cards: z.array(
      exactly<StationCard>()(
        z.object({
          position: z.number(),
          number: z.number(),
          symbol,
          word: z.string(),
          token: z.string(),
          hidingPlace: z.string().nullable(),
          isNew: z.boolean(),
        }),
      ),
    ),
  }),
);

const cardsOf = { caller: "teacher", params: z.object({ gameId: z.string() }) } as const;

export const stationContracts = {
  cards: contract(stationEndpoints.cards, {
    ...cardsOf,
    summary: "The game's station cards to print (its creator only)",
    responses: { 200: StationCardsResponseSchema },
  }),
  printed: contract(stationEndpoints.printed, {
    ...cardsOf,
    summary: "Mark the game's current cards printed",
    responses: { 200: StationCardsResponseSchema },
  }),
  renew: contract(stationEndpoints.renew, {
    ...cardsOf,
    summary: "New cards: every card a new token, word and number; the old ones stop working",
    responses: { 200: StationCardsResponseSchema },
  }),
} as const;
