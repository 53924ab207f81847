/**
 * A Mathematics starter hunt as code (docs/STARTER-HUNTS.md): `scripts/starter/maths/<level>.ts`
 * exports `hunt`, a `MathsHunt`, whose every `answer` is computed (`answer: (3 / 4) * 20`), never
 * typed. `npm run starter:build` (build-maths.ts) writes the English and the Irish game file of each
 * level from it, finding the right option by the answer; `npm run starter:check` computes every
 * answer again and checks the files against it.
 */
import type { ClassLevel } from "../../../src/shared/games/curriculum.ts";

/** A text in both languages of a pair. */
export type Bilingual = { en: string; ga: string };

/**
 * An option as written: a number (shown the same in both languages, see `show` in format.ts), a
 * string (the same in both: "€2.50", "20 cm", "15:45") or words that differ by language.
 */
export type MathsOption = string | number | Bilingual;

export type MathsQuestion = {
  /** The question in English and in Irish. */
  en: string;
  ga: string;
  /** Four distinct options, exactly one of them the answer, in the order shown (A to D). */
  options: Array<MathsOption>;
  /** The right answer, computed in code: it must equal exactly one option. */
  answer: MathsOption;
  /** A hint after a wrong answer, never the answer itself. */
  clue: Bilingual;
  /** Where the question's card is hidden in the classroom (places.ts). */
  hidingPlace: Bilingual;
};

export type MathsHunt = {
  classLevel: ClassLevel;
  /** "Mathematics - 3rd Class - Fractions" / "Matamaitic - Rang 3 - Codáin". */
  title: Bilingual;
  /** One line, at most 140 characters. */
  description: Bilingual;
  topic: Bilingual;
  questions: MathsQuestion[];
};
