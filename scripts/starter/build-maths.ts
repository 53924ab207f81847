/**
 * Writes the starter set's Mathematics hunts (docs/STARTER-HUNTS.md) from their code:
 *
 *   npm run starter:build                 every level (and the other hunts: build-words.ts)
 *   npx tsx scripts/starter/build-maths.ts [level …]
 *
 * Each level is a module `scripts/starter/maths/<level>.ts` (the folder names of LEVELS in
 * hunt-file.ts: junior-infants, senior-infants, 1st-class … 6th-class) exporting
 *
 *   export const maths: MathsHunt = { level, topic: { en, ga }, description: { en, ga }, questions };
 *   export const questions: MathsQuestion[];   // the same list, for the test to compute again
 *
 * and this script writes `starter-hunts/<level>/maths.en.cluehunt.json` and `maths.ga…` from it:
 * the same numbers in both, each question's words in each language.
 *
 * A question (`MathsQuestion`):
 *
 *   en, ga         the question in English and as Irish ("Cé mhéad…?", "Cad é 5 móide 3?"), numbers as digits
 *   options        four, in the order shown: a number or a text the same in both languages
 *                  ("10c", "€1"), or { en, ga } (a shape's name)
 *   answer         the right option, COMPUTED in code (answer: a + b, not typed): one of `options`
 *   clue           { en, ga }: a hint that helps a child think, never the answer
 *   hidingPlace    { en, ga }: where its card is hidden in the classroom (HIDING_PLACES)
 *   picture        optional: the question's picture, { key, alt: { en, ga } } (keys: pictures.ts)
 *   optionPictures optional: four picture keys (or null), A to D; the option's text describes its picture
 *   check          how the answer is worked out, as data: the test (starter-hunts.test.ts) works it
 *                  out again its own way and compares, then checks the file's right option is it:
 *                  { sum: [8, 7] }              8 + 7 (a take-away is a negative term: [16, -9])
 *                  { largest: […] } / { smallest: […] }
 *                  { next: [2, 4, 6, 8] }       the next number of a sequence in equal steps
 *                  { countIn: "dots:4" }        how many things the picture shows
 *                  { coins: [20, 10] }          the coins' total ("30c", "€1.20")
 *                  { clock: "clock:4:30" }      the time the clock shows
 *                  { picture: "shape:circle" }  the right option is the one with this picture
 *                  { value: n, why: "…" }       a fact of measure (days in a week), said in words
 *
 * The small builders that make such questions are in maths/builders.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Hunt,
  type HuntQuestion,
  isLevel,
  LANGS,
  type Lang,
  type Level,
  report,
  type Words,
  writeHunts,
} from "./hunt-file.ts";
import type { PictureKey } from "./pictures.ts";

/** A number or a text the same in both languages ("10c"), or words in each. */
export type MathsOption = number | string | Words;

export type Check =
  | { sum: number[] }
  | { largest: number[] }
  | { smallest: number[] }
  | { next: number[] }
  | { countIn: PictureKey }
  | { coins: number[] }
  | { clock: PictureKey }
  | { picture: PictureKey }
  | { value: number; why: string };

export type MathsQuestion = {
  en: string;
  ga: string;
  options: MathsOption[];
  answer: MathsOption;
  clue: Words;
  hidingPlace: Words;
  picture?: { key: PictureKey; alt: Words };
  optionPictures?: (PictureKey | null)[];
  check: Check;
};

export type MathsHunt = {
  level: Level;
  topic: Words;
  description: Words;
  questions: MathsQuestion[];
};

/** An option's text in one language. */
export const optionText = (option: MathsOption, lang: Lang): string =>
  typeof option === "number" ? String(option) : typeof option === "string" ? option : option[lang];

const here = path.dirname(fileURLToPath(import.meta.url));
export const MATHS_DIR = path.join(here, "maths");

/** The levels that have a maths module. */
export const mathsLevels = (): Level[] =>
  fs
    .readdirSync(MATHS_DIR)
    .map((f) => f.replace(/\.ts$/, ""))
    .filter(isLevel);

export async function loadMaths(level: Level): Promise<MathsHunt> {
  const module = (await import(path.join(MATHS_DIR, `${level}.ts`))) as { maths: MathsHunt };
  if (module.maths.level !== level) throw new Error(`maths/${level}.ts says it is ${module.maths.level}`);
  return module.maths;
}

/** The hunt in one language. */
export function mathsHunt(maths: MathsHunt, lang: Lang): Hunt {
  return {
    level: maths.level,
    subject: "maths",
    lang,
    gameSubject: "Mathematics",
    topic: maths.topic[lang],
    description: maths.description[lang],
    questions: maths.questions.map(
      (q): HuntQuestion => ({
        question: q[lang],
        options: q.options.map((o) => optionText(o, lang)),
        answer: optionText(q.answer, lang),
        clue: q.clue[lang],
        hidingPlace: q.hidingPlace[lang],
        ...(q.picture ? { picture: { key: q.picture.key, alt: q.picture.alt[lang] } } : {}),
        ...(q.optionPictures ? { optionPictures: q.optionPictures } : {}),
      }),
    ),
  };
}

async function main() {
  const asked = process.argv.slice(2);
  for (const level of asked) if (!isLevel(level)) throw new Error(`No level "${level}"`);
  const levels = asked.length > 0 ? (asked as Level[]) : mathsLevels();
  const hunts: Hunt[] = [];
  for (const level of levels) {
    const maths = await loadMaths(level);
    for (const lang of LANGS) hunts.push(mathsHunt(maths, lang));
  }
  report(await writeHunts(hunts));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
