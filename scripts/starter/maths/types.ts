/**
 * A Mathematics starter hunt as code (docs/STARTER-HUNTS.md). `scripts/starter/maths/<level>.ts`
 * exports
 *
 *   export const maths: MathsHunt = { level, topic: { en, ga }, description: { en, ga }, questions };
 *   export const questions: MathsQuestion[];   // the same list
 *
 * the module shape of the infant and 1st Class modules (branch content-a), so that one build
 * script writes every level. Every `answer` is computed in code (`answer: (3 / 4) * 20`), never
 * typed; `check` says the same computation again as data, and `npm run starter:check` works it
 * out its own way and compares it with the files' right option.
 */
import type { LevelSlug } from "../starter-file.ts";

/** A text in both languages of a pair. */
export type Words = { en: string; ga: string };
/** The same, by the name the brief gives it. */
export type Bilingual = Words;

/**
 * An option as written: a whole number (shown as its digits), a text the same in both languages
 * ("€2.50", "20 cm", "15:45", "3,700", "2.4": format.ts writes them), or words that differ by
 * language.
 */
export type MathsOption = string | number | Words;

/**
 * How the answer is worked out, as data, for the check to work it out again its own way. The
 * first kinds are the infant modules' (content-a); the others are the older classes'.
 */
export type Check =
  /** a + b + … (a take-away is a negative term: [52, -17]) */
  | { sum: number[] }
  | { largest: number[] }
  | { smallest: number[] }
  /** the next number of a sequence in equal steps */
  | { next: number[] }
  /** coins or prices in cent, added ("55c", "€5.25", "€51"); a payment taken away is negative */
  | { coins: number[] }
  /** a fact of measure, said in words */
  | { value: number; why: string }
  /** pictures (the infant classes): how many things one shows, the time a clock shows, the option with a picture */
  | { countIn: string }
  | { clock: string }
  | { picture: string }
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
  /** The question in English and in Irish. */
  en: string;
  ga: string;
  /** Four distinct options, exactly one of them the answer, in the order shown (A to D). */
  options: MathsOption[];
  /** The right answer, computed in code: it must equal exactly one option. */
  answer: MathsOption;
  /** A hint after a wrong answer, never the answer itself. */
  clue: Words;
  /** Where the question's card is hidden in the classroom (places.ts). */
  hidingPlace: Words;
  check: Check;
};

export type MathsHunt = {
  level: LevelSlug;
  /** The title's last part ("Fractions" / "Codáin") and the game's topic. */
  topic: Words;
  /** One line, at most 140 characters. */
  description: Words;
  questions: MathsQuestion[];
};
