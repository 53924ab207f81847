/**
 * Writes the starter set's language and SESE hunts (docs/STARTER-HUNTS.md), the hunts whose
 * answers are facts rather than sums:
 *
 *   npm run starter:build                 every level (after build-maths.ts)
 *   npx tsx scripts/starter/build-words.ts [level …]
 *
 * Each level is a module `scripts/starter/words/<level>.ts` exporting `hunts: Hunt[]`, made with
 * the two helpers of words/helpers.ts: `oneLanguage` for a hunt whose two languages are different hunts (the
 * infant classes' English reading and Gaeilge), `bothLanguages` for a pair asked question for
 * question in both (SESE). A question names its pictures by key (pictures.ts); its answer is the
 * right option's text. The facts of each pair are checked against the sources named, question by
 * question, in `<subject>.sources.md` beside its files (written by hand).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Hunt, isLevel, type Level, report, writeHunts } from "./hunt-file.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const WORDS_DIR = path.join(here, "words");

export const wordsLevels = (): Level[] =>
  fs
    .readdirSync(WORDS_DIR)
    .map((f) => f.replace(/\.ts$/, ""))
    .filter(isLevel);

export async function loadWords(level: Level): Promise<Hunt[]> {
  const module = (await import(path.join(WORDS_DIR, `${level}.ts`))) as { hunts: Hunt[] };
  for (const h of module.hunts) if (h.level !== level) throw new Error(`words/${level}.ts has a hunt of ${h.level}`);
  return module.hunts;
}

async function main() {
  const asked = process.argv.slice(2);
  for (const level of asked) if (!isLevel(level)) throw new Error(`No level "${level}"`);
  const levels = asked.length > 0 ? (asked as Level[]) : wordsLevels();
  const hunts: Hunt[] = [];
  for (const level of levels) hunts.push(...(await loadWords(level)));
  report(await writeHunts(hunts));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
