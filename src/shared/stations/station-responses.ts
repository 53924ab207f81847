/**
 * Shapes of the station API (types only, so any bundle may import it). The routes:
 * - GET  /api/games/:id/station-cards          (the game's creator) → StationCardsResponse
 * - POST /api/games/:id/station-cards/printed  (creator) marks the current cards printed → StationCardsResponse
 * - POST /api/games/:id/station-cards/renew    (creator) "New cards": every card a new token, word
 *                                              and number; the old ones stop working → StationCardsResponse
 * - POST /api/play/:progressId/stations, POST /api/stations/visit: the pupil's finds (play-responses.ts)
 * A card's printed address is `${cardBaseUrl}/s/${token}` (stationCardPath).
 */
import type { Language } from "../i18n/languages.ts";
import type { FindOutcome, HuntMode, StationSymbol } from "./station-rules.ts";

export type { FindOutcome, HuntMode, StationSymbol };

/** The path a card's QR code opens, under the server's public address. */
export const stationCardPath = (token: string) => `/s/${encodeURIComponent(token)}`;

/** One card as its teacher prints it: never the question's text or answer. */
export type StationCard = {
  /** Where the question is in the game now (0-based): the print page orders cards by it. */
  position: number;
  number: number;
  symbol: StationSymbol;
  /** The station word, in capitals as printed (e.g. OTTER), in the game's language. */
  word: string;
  token: string;
  hidingPlace: string | null;
  /** Made since the teacher last printed (a new question, or "New cards"): to print. */
  isNew: boolean;
};

export type StationCardsResponse = {
  gameId: string;
  gameTitle: string;
  language: Language;
  /** The address the cards' QR codes hold (APP_URL, or the one the teacher's browser used). */
  cardBaseUrl: string;
  /** The address is a bare network address (e.g. a laptop's Wi-Fi address) that can change: the page warns. */
  baseUrlIsBareAddress: boolean;
  cards: StationCard[];
};

/** One station on a pupil's (or a group's) route, in route order. */
export type StationStop = {
  questionIndex: number;
  number: number;
  symbol: StationSymbol;
  hidingPlace: string | null;
  /** toFind: not found yet; found: found, its question not yet answered right; answered: answered right. */
  status: "toFind" | "found" | "answered";
};

/**
 * A pupil's hunt around the room (PlayState.hunt; null on screen). `next` is the station to look
 * for (or whose question is open, when found); null when the route is done. Until `next` is
 * found, PlayState.current is null: the server has not sent its question.
 */
export type PupilHunt = { route: StationStop[]; next: StationStop | null };

/** A group's trail on the codes page and the projector: per station on its route, how many found and answered it. */
export type GroupTrailStop = {
  questionIndex: number;
  number: number;
  symbol: StationSymbol;
  /** Pupils of the group who found this station (answered or not). */
  found: number;
  /** Pupils of the group who answered its question right. */
  answered: number;
};
