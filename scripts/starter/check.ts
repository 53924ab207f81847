/**
 * Checks the starter set: `npm run starter:check` (the test starter-hunts.test.ts runs the same).
 *
 * - every file of starter-hunts/ through the import (GameFileSchema) and the set's rules (rules.ts);
 * - every Mathematics question of every maths/<level>.ts worked out again from its `check`, its
 *   own way (not with the builders' code), and the files' right option compared with it.
 *
 * Prints one line per file (title, questions, pictures and their sizes) and every problem; exits 1 if any.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMaths, type MathsQuestion, mathsLevels, optionText } from "./build-maths.ts";
import { huntPath, LANGS, type Lang, type Level, projectRoot } from "./hunt-file.ts";
import { checkStarterSet, PICTURE_AIM_BYTES, type StarterFile } from "./rules.ts";

/** A coin total as written: 30 → "30c", 120 → "€1.20". Written again here, apart from the builders. */
const euro = (cents: number) =>
  cents < 100
    ? `${cents}c`
    : `€${Math.floor(cents / 100)}${cents % 100 ? `.${String(cents % 100).padStart(2, "0")}` : ""}`;

/** What a picture shows, read from its key: how many things, or what time. */
const countInKey = (key: string) => {
  const m = /^(?:dots|count):(\d+)/.exec(key);
  if (!m) throw new Error(`${key} shows no count`);
  return Number(m[1]);
};
const timeOfKey = (key: string, lang: Lang) => {
  const m = /^clock:(\d+):(00|30)$/.exec(key);
  if (!m) throw new Error(`${key} is no clock`);
  const h = Number(m[1]);
  if (m[2] === "00") return lang === "en" ? `${h} o'clock` : `${h} a chlog`;
  return lang === "en" ? `half past ${h}` : `leathuair tar éis a ${h}`;
};

/** The problems of one Mathematics question: its answer worked out again, and its options. */
export function mathsQuestionProblems(q: MathsQuestion): string[] {
  const problems: string[] = [];
  const right = q.options.findIndex((o) => JSON.stringify(o) === JSON.stringify(q.answer));
  if (right < 0) return [`its answer ${JSON.stringify(q.answer)} is not an option`];
  if (q.options.filter((o) => JSON.stringify(o) === JSON.stringify(q.answer)).length > 1)
    problems.push("its answer is two options");
  for (const lang of LANGS) {
    const texts = q.options.map((o) => optionText(o, lang));
    if (new Set(texts).size !== 4)
      problems.push(`its ${lang} options are not four different ones: ${texts.join(" | ")}`);
  }
  const rightText = optionText(q.answer, "en");
  const rightNumbers = (rightText.match(/\d+/g) ?? []).map(Number);
  const expectNumber = (n: number, how: string) => {
    if (!(rightNumbers.length === 1 && rightNumbers[0] === n))
      problems.push(`${how} gives ${n}, but the right option is "${rightText}"`);
  };
  const check = q.check;
  if ("sum" in check)
    expectNumber(
      check.sum.reduce((a, b) => a + b, 0),
      `${check.sum.join(" + ")}`,
    );
  else if ("largest" in check) expectNumber(Math.max(...check.largest), `the largest of ${check.largest.join(", ")}`);
  else if ("smallest" in check)
    expectNumber(Math.min(...check.smallest), `the smallest of ${check.smallest.join(", ")}`);
  else if ("next" in check) {
    const s = check.next;
    const step = s[1]! - s[0]!;
    if (s.some((n, i) => i > 0 && n - s[i - 1]! !== step)) problems.push(`${s.join(", ")} is not in equal steps`);
    expectNumber(s.at(-1)! + step, `the next after ${s.join(", ")}`);
  } else if ("countIn" in check) {
    expectNumber(countInKey(check.countIn), `counting ${check.countIn}`);
    const shown = q.picture?.key ?? q.optionPictures?.[right];
    if (shown !== check.countIn)
      problems.push(`the picture counted (${check.countIn}) is not the one shown (${shown})`);
  } else if ("coins" in check) {
    const total = euro(check.coins.reduce((a, b) => a + b, 0));
    if (rightText !== total) problems.push(`the coins ${check.coins.join(" + ")} make ${total}, not "${rightText}"`);
  } else if ("clock" in check) {
    for (const lang of LANGS)
      if (optionText(q.answer, lang) !== timeOfKey(check.clock, lang))
        problems.push(`${check.clock} shows "${timeOfKey(check.clock, lang)}", not "${optionText(q.answer, lang)}"`);
    if (q.picture?.key !== check.clock) problems.push(`the clock shown is not ${check.clock}`);
  } else if ("picture" in check) {
    if (q.optionPictures?.[right] !== check.picture)
      problems.push(`the right option's picture is ${q.optionPictures?.[right]}, not ${check.picture}`);
  } else if ("value" in check) expectNumber(check.value, check.why);
  return problems;
}

/** A level's Mathematics questions checked, and its two files compared with them. */
export async function mathsProblems(level: Level): Promise<string[]> {
  const maths = await loadMaths(level);
  const problems: string[] = [];
  maths.questions.forEach((q, i) => {
    for (const p of mathsQuestionProblems(q)) problems.push(`maths/${level}.ts question ${i + 1}: ${p}`);
  });
  for (const lang of LANGS) {
    const file = huntPath({ level, subject: "maths", lang });
    if (!fs.existsSync(file)) {
      problems.push(`${path.relative(projectRoot, file)} is missing: npm run starter:build`);
      continue;
    }
    const content = JSON.parse(fs.readFileSync(file, "utf8")) as StarterFile;
    const questions = content.game.questions;
    if (questions.length !== maths.questions.length)
      problems.push(
        `${path.relative(projectRoot, file)}: ${questions.length} questions, maths/${level}.ts ${maths.questions.length}`,
      );
    maths.questions.forEach((q, i) => {
      const f = questions[i];
      const where = `${path.relative(projectRoot, file)} question ${i + 1}`;
      if (!f) return;
      if (f.questionText !== q[lang])
        problems.push(`${where}: not the question of maths/${level}.ts (npm run starter:build)`);
      if (f.options[f.correctAnswer] !== optionText(q.answer, lang))
        problems.push(
          `${where}: the right option is "${f.options[f.correctAnswer]}", the answer worked out "${optionText(q.answer, lang)}"`,
        );
      if (JSON.stringify(f.options) !== JSON.stringify(q.options.map((o) => optionText(o, lang))))
        problems.push(`${where}: options differ from maths/${level}.ts (npm run starter:build)`);
    });
  }
  return problems;
}

async function main() {
  const checked = await checkStarterSet();
  let failed = false;
  for (const c of checked) {
    const sizes = c.pictureBytes;
    const over = sizes.filter((b) => b > PICTURE_AIM_BYTES).length;
    const q = c.content.game.questions.length;
    const picturesLine =
      sizes.length > 0
        ? `${sizes.length} picture${sizes.length === 1 ? "" : "s"} ${(Math.min(...sizes) / 1024).toFixed(1)}–${(Math.max(...sizes) / 1024).toFixed(1)} KB${over ? ` (${over} over ${PICTURE_AIM_BYTES / 1024} KB)` : ""}`
        : "no pictures";
    console.info(`${path.relative(projectRoot, c.file)}: "${c.content.game.title}", ${q} questions, ${picturesLine}`);
    for (const p of c.problems) {
      console.info(`  ✗ ${p}`);
      failed = true;
    }
  }
  for (const level of mathsLevels()) {
    const problems = await mathsProblems(level);
    console.info(
      `maths/${level}.ts: ${problems.length === 0 ? "every answer worked out again and found in its files" : ""}`,
    );
    for (const p of problems) {
      console.info(`  ✗ ${p}`);
      failed = true;
    }
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
