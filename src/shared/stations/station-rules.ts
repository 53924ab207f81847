/**
 * The rules of a hunt played around the room, as pure functions: each question is a
 * station whose card the teacher hid; each group follows its own route (the same stations in a
 * rotated order, so six groups are never crowded at one card); a child finds the next station on
 * the route (by the card's QR code or its word) before its question is shown. The SPEC's rules of
 * play (progress-rules.ts) hold unchanged: a station's question is answered until right.
 */
import { nameKey } from "../text.ts";

/** How a session's hunt is played: on the device only (the SPEC's), or at cards around the room. */
export const HUNT_MODES = ["screen", "room"] as const;
export type HuntMode = (typeof HUNT_MODES)[number];

/**
 * A station's symbol, for a child who cannot read its number yet: one of twelve simple pictures,
 * by the station's number (1 → star, 13 → star again). Drawn in black and white on the card.
 */
export const STATION_SYMBOLS = [
  "star",
  "moon",
  "sun",
  "heart",
  "leaf",
  "fish",
  "bell",
  "key",
  "boat",
  "tree",
  "flower",
  "apple",
] as const;
export type StationSymbol = (typeof STATION_SYMBOLS)[number];

export const stationSymbolOf = (stationNumber: number): StationSymbol =>
  STATION_SYMBOLS[(((stationNumber - 1) % STATION_SYMBOLS.length) + STATION_SYMBOLS.length) % STATION_SYMBOLS.length]!;

/**
 * A group's route: the indices of the session's questions in the order the group visits them.
 * Group 1 starts at the first question, group 2 at the second, …, wrapping round; a group past the
 * question count starts again from the first (7 questions, 6 groups: all start apart).
 */
export function routeOf(groupNumber: number, questionCount: number): number[] {
  if (questionCount <= 0) return [];
  const start = (((groupNumber - 1) % questionCount) + questionCount) % questionCount;
  return Array.from({ length: questionCount }, (_, step) => (start + step) % questionCount);
}

/** The station a pupil looks for next: the first on their route not yet answered right; null when all are. */
export function nextOnRoute(route: readonly number[], correct: ReadonlySet<number>): number | null {
  for (const questionIndex of route) if (!correct.has(questionIndex)) return questionIndex;
  return null;
}

/**
 * A station word as typed, folded for matching: case, accents, look-alike letters, spaces,
 * hyphens and apostrophes do not matter ("  Otter ", "OT TER" and "ottér" are OTTER).
 */
export const stationWordKey = (typed: string): string => nameKey(typed).replace(/[\s'’‘`-]/gu, "");

/**
 * What finding a station means for a pupil:
 * - found: it is the next on their route (finding it again is harmless: it brings its question back);
 * - alreadyFound: its question is answered right already;
 * - notNext: a station of this hunt, but not the one to look for now (nothing is counted);
 * - notInHunt: no station of this session's questions (another game's card, a card from before
 *   "New cards", a removed question's card, or a word on no card).
 */
export type FindOutcome = "found" | "alreadyFound" | "notNext" | "notInHunt";

export function findOutcome(
  questionIndex: number | null,
  route: readonly number[],
  correct: ReadonlySet<number>,
): FindOutcome {
  if (questionIndex === null || !route.includes(questionIndex)) return "notInHunt";
  if (correct.has(questionIndex)) return "alreadyFound";
  return questionIndex === nextOnRoute(route, correct) ? "found" : "notNext";
}
