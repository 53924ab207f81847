/**
 * `npm run starter:build`: writes the Mathematics starter hunts, English and Irish, from
 * `scripts/starter/maths/<level>.ts` (docs/STARTER-HUNTS.md) into
 * `starter-hunts/<level>/maths.<lang>.cluehunt.json`. Each question's right option is found by
 * its computed answer: the build stops, naming the question, when the answer is not exactly one
 * of the four options, or the options are not four different ones.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { show } from "./maths/format.ts";
import type { MathsHunt } from "./maths/types.ts";
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
export async function mathsHunts(): Promise<Array<{ level: LevelSlug; hunt: MathsHunt }>> {
  const found: Array<{ level: LevelSlug; hunt: MathsHunt }> = [];
  for (const { slug } of LEVELS) {
    const file = mathsModule(slug);
    if (!existsSync(file)) continue;
    const { hunt } = (await import(pathToFileURL(file).href)) as { hunt: MathsHunt };
    found.push({ level: slug, hunt });
  }
  return found;
}

/** One language's game file of a Mathematics hunt; throws, naming the question, on a wrong answer or options. */
export function mathsGameFile(level: LevelSlug, hunt: MathsHunt, lang: Lang): StarterGameFile {
  const questions = hunt.questions.map((q, i) => {
    const where = `${level} maths question ${i + 1}`;
    const options = q.options.map((o) => show(o, lang));
    if (options.length !== 4) throw new Error(`${where}: ${options.length} options, not 4`);
    if (new Set(options.map((o) => o.trim().toLowerCase())).size !== 4)
      throw new Error(`${where}: options are not all different (${options.join(" | ")})`);
    const answer = show(q.answer, lang);
    const right = options.flatMap((o, k) => (o === answer ? [k] : []));
    if (right.length !== 1)
      throw new Error(
        `${where}: the computed answer ${answer} is ${right.length} of the options (${options.join(" | ")})`,
      );
    return {
      questionText: q[lang],
      options,
      correctAnswer: right[0]!,
      clue: q.clue[lang],
      hidingPlace: q.hidingPlace[lang],
    };
  });
  return starterGameFile({
    level,
    subject: "maths",
    lang,
    game: {
      title: hunt.title[lang],
      description: hunt.description[lang],
      subject: "Mathematics",
      classLevel: hunt.classLevel,
      topic: hunt.topic[lang],
      questions,
    },
  });
}

async function main() {
  const files: Array<{ file: string; contents: StarterGameFile }> = [];
  for (const { level, hunt } of await mathsHunts()) {
    const en = mathsGameFile(level, hunt, "en");
    const ga = mathsGameFile(level, hunt, "ga");
    // Options that are words differ by language: the same one must be right in both.
    en.game.questions.forEach((q, i) => {
      if (q.correctAnswer !== ga.game.questions[i]!.correctAnswer)
        throw new Error(`${level} maths question ${i + 1}: the English and the Irish find different options right`);
    });
    files.push({ file: starterPath(level, "maths", "en"), contents: en });
    files.push({ file: starterPath(level, "maths", "ga"), contents: ga });
  }
  writeStarterFiles(files);
  for (const { file } of files) console.log(`wrote ${path.relative(ROOT, file)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
