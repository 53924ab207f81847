/**
 * `npm run starter:build`: writes the Mathematics starter hunts, English and Irish, from
 * `scripts/starter/maths/<level>.ts` (docs/STARTER-HUNTS.md; the module shape is in
 * maths/types.ts) into `starter-hunts/<level>/maths.<lang>.cluehunt.json`. Each question's right
 * option is found by its computed answer: the build stops, naming the question, when the answer
 * is not exactly one of four different options, or not the same option in both languages.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { show } from "./maths/format.ts";
import type { MathsHunt, MathsOption } from "./maths/types.ts";
import {
  type Lang,
  LEVELS,
  type LevelSlug,
  ROOT,
  type StarterGameFile,
  starterGameFile,
  starterPath,
  writeStarterFiles,
} from "./starter-file.ts";

export const mathsModule = (level: LevelSlug) => path.join(ROOT, "scripts/starter/maths", `${level}.ts`);

/** The levels that have a Mathematics module, with it. */
export async function mathsHunts(): Promise<Array<{ level: LevelSlug; maths: MathsHunt }>> {
  const found: Array<{ level: LevelSlug; maths: MathsHunt }> = [];
  for (const { slug } of LEVELS) {
    const file = mathsModule(slug);
    if (!existsSync(file)) continue;
    const { maths } = (await import(pathToFileURL(file).href)) as { maths: MathsHunt };
    if (maths.level !== slug) throw new Error(`maths/${slug}.ts says it is ${maths.level}`);
    // The infant classes' modules have pictures, which this script does not draw (content-a's build does).
    if (maths.questions.some((q) => "picture" in q || "optionPictures" in q))
      throw new Error(`maths/${slug}.ts has pictures: build it with the script that draws them`);
    found.push({ level: slug, maths });
  }
  return found;
}

/** The index of the right option in `lang`; throws, naming the question, unless there is exactly one of four different options. */
export function rightOption(level: LevelSlug, maths: MathsHunt, i: number, lang: Lang): number {
  const q = maths.questions[i]!;
  const where = `maths/${level}.ts question ${i + 1}`;
  const shown = (o: MathsOption) => {
    try {
      return show(o, lang);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
  };
  const options = q.options.map(shown);
  if (options.length !== 4) throw new Error(`${where}: ${options.length} options, not 4`);
  if (new Set(options.map((o) => o.trim().toLowerCase())).size !== 4)
    throw new Error(`${where}: options are not all different (${options.join(" | ")})`);
  const answer = shown(q.answer);
  const right = options.flatMap((o, k) => (o === answer ? [k] : []));
  if (right.length !== 1)
    throw new Error(
      `${where}: the computed answer ${answer} is ${right.length} of the options (${options.join(" | ")})`,
    );
  return right[0]!;
}

/** One language's game file of a Mathematics hunt; throws, naming the question, on a wrong answer or options. */
export function mathsGameFile(level: LevelSlug, maths: MathsHunt, lang: Lang): StarterGameFile {
  const questions = maths.questions.map((q, i) => {
    const right = rightOption(level, maths, i, lang);
    if (right !== rightOption(level, maths, i, lang === "en" ? "ga" : "en"))
      throw new Error(`maths/${level}.ts question ${i + 1}: the English and the Irish find different options right`);
    return {
      questionText: q[lang],
      options: q.options.map((o) => show(o, lang)),
      correctAnswer: right,
      clue: q.clue[lang],
      hidingPlace: q.hidingPlace[lang],
    };
  });
  return starterGameFile({
    level,
    subject: "maths",
    lang,
    game: { description: maths.description[lang], subject: "Mathematics", topic: maths.topic[lang], questions },
  });
}

async function main() {
  const files: Array<{ file: string; contents: StarterGameFile }> = [];
  for (const { level, maths } of await mathsHunts())
    for (const lang of ["en", "ga"] as const)
      files.push({ file: starterPath(level, "maths", lang), contents: mathsGameFile(level, maths, lang) });
  writeStarterFiles(files);
  for (const { file } of files) console.log(`wrote ${path.relative(ROOT, file)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
