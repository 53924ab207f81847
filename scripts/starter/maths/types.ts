/**
 * A Mathematics starter hunt as code (docs/STARTER-HUNTS.md), the one module shape of every
 * level: `scripts/starter/maths/<level>.ts` exports
 *
 *   export const maths: MathsHunt = { level, topic: { en, ga }, description: { en, ga }, questions };
 *   export const questions: MathsQuestion[];   // the same list
 *
 * and build-maths.ts (`npm run starter:build`) writes its two files. Every `answer` is computed
 * in code (`answer: (3 / 4) * 20`), never typed; `check` says the same computation again as data,
 * and check.ts (`npm run starter:check`, and the test) works it out its own way and compares it
 * with the module's answer and the files' right option.
 */
import type { Level, Words } from "../hunt-file.ts";
import type { PictureKey } from "../pictures.ts";

export type { Words };
/** A text in both languages of a pair (another name for `Words`). */
export type Bilingual = Words;

/**
 * An option as written: a whole number 0–999 (shown as its digits), a text the same in both
 * languages ("10c", "€2.50", "20 cm", "15:45", "3,700", "2.4": format.ts writes them), or words
 * that differ by language (a shape's name).
 */
export type MathsOption = number | string | Words;

/** How the answer is worked out, as data, for the check to work it out again its own way. */
export type Check =
  /** a + b + … (a take-away is a negative term: [16, -9]) */
  | { sum: number[] }
  | { largest: number[] }
  | { smallest: number[] }
  /** the next number of a sequence in equal steps: [2, 4, 6, 8] */
  | { next: number[] }
  /** how many things the picture shows: "dots:4" */
  | { countIn: PictureKey }
  /** coins or prices in cent, added ("30c", "€1.20", "€51"); a payment taken away is negative */
  | { coins: number[] }
  /** the time the clock shows: "clock:4:30" */
  | { clock: PictureKey }
  /** the right option is the one with this picture: "shape:circle" */
  | { picture: PictureKey }
  /** a fact of measure (days in a week), said in words */
  | { value: number; why: string }
  /** an expression of + − × ÷ ( ) and numbers: the one option whose value it is */
  | { arithmetic: string }
  /** the time `minutes` after `from` ("14:15"), on the 12- or the 24-hour clock */
  | { time: { from: string; minutes: number; clock: 12 | 24 } }
  /** the minutes from one time of day to a later one */
  | { minutesBetween: [string, string] }
  /** `n` rounded to the nearest `to` (10, 100, 1000) */
  | { round: { n: number; to: number } }
  /** the one prime number of the list */
  | { prime: number[] }
  /** the option of greatest value, options being decimals, fractions or percentages */
  | { largestValue: string[] };

export type MathsQuestion = {
  /** The question in English and in Irish, numbers as digits. */
  en: string;
  ga: string;
  /** Four different options, in the order shown (A to D). */
  options: MathsOption[];
  /** The right answer, computed in code: exactly one of `options`. */
  answer: MathsOption;
  /** A hint after a wrong answer, never the answer itself. */
  clue: Words;
  /** Where the question's card is hidden in the classroom (hunt-file.ts HIDING_PLACES, or places.ts). */
  hidingPlace: Words;
  /** The question's picture (keys: pictures.ts) and its description. */
  picture?: { key: PictureKey; alt: Words };
  /** Four picture keys (or null), A to D; the option's text describes its picture. */
  optionPictures?: (PictureKey | null)[];
  check: Check;
};

export type MathsHunt = {
  level: Level;
  /** The title's last part ("Fractions" / "Codáin") and the game's topic. */
  topic: Words;
  /** One line, at most 140 characters. */
  description: Words;
  questions: MathsQuestion[];
};
