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
 *   options        four, in the order shown: a whole number 0–999, a text the same in both languages
 *                  ("10c", "€2.50", "2.4", "3,700", "15:45": written with maths/format.ts), or
 *                  { en, ga } (a shape's name)
 *   answer         the right option, COMPUTED in code (answer: a + b, not typed): one of `options`
 *   clue           { en, ga }: a hint that helps a child think, never the answer
 *   hidingPlace    { en, ga }: where its card is hidden in the classroom (HIDING_PLACES, or places.ts)
 *   picture        optional: the question's picture, { key, alt: { en, ga } } (keys: pictures.ts)
 *   optionPictures optional: four picture keys (or null), A to D; the option's text describes its picture
 *   check          how the answer is worked out, as data: check.ts (npm run starter:check, and the
 *                  test starter-hunts.test.ts) works it out again its own way, apart from the
 *                  module's code, and finds it as the one right option of the module and both files:
 *                  { sum: [8, 7] }              8 + 7 (a take-away is a negative term: [16, -9])
 *                  { largest: […] } / { smallest: […] }
 *                  { next: [2, 4, 6, 8] }       the next number of a sequence in equal steps
 *                  { countIn: "dots:4" }        how many things the picture shows
 *                  { coins: [20, 10] }          the coins' total ("30c", "€1.20")
 *                  { clock: "clock:4:30" }      the time the clock shows
 *                  { picture: "shape:circle" }  the right option is the one with this picture
 *                  { value: n, why: "…" }       a fact of measure (days in a week), said in words
 *                  { arithmetic: "3 / 4 * 20" } + − × ÷ ( ) and numbers: the one option of its value
 *                  { time: { from: "14:15", minutes: 40, clock: 12 } }  the time so long after
 *                  { minutesBetween: ["09:50", "11:15"] }  the minutes from one time to the other
 *                  { round: { n: 3684, to: 100 } }  rounded to the nearest 10, 100, 1000
 *                  { prime: [21, 27, 29, 33] }  the one prime number of the list
 *                  { largestValue: ["0.6", "5/8", "58%"] }  the option of greatest value
 *
 * The types are in maths/types.ts; the small builders the infant modules use are in
 * maths/builders.ts; the older classes write their options with maths/format.ts (num, euro, unit,
 * clock24 …) and hide their cards at places.ts's PLACES.
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
  LEVELS,
  type Level,
  report,
  writeHunts,
} from "./hunt-file.ts";
import { show } from "./maths/format.ts";
import type { MathsHunt, MathsOption } from "./maths/types.ts";

export type { Check, MathsHunt, MathsOption, MathsQuestion } from "./maths/types.ts";

/** An option's text in one language: a whole number 0–999 as its digits (others as text: format.ts). */
export const optionText = (option: MathsOption, lang: Lang): string => show(option, lang);

const here = path.dirname(fileURLToPath(import.meta.url));
export const MATHS_DIR = path.join(here, "maths");

/** The levels that have a maths module, Junior Infants first. */
export const mathsLevels = (): Level[] =>
  (Object.keys(LEVELS) as Level[]).filter((level) => fs.existsSync(path.join(MATHS_DIR, `${level}.ts`)));

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
