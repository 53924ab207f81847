/**
 * Checks the starter set, every level: `npm run starter:check` (the test starter-hunts.test.ts runs the same).
 *
 * - every file of starter-hunts/ through the import (GameFileSchema) and the set's rules (rules.ts);
 * - every Mathematics question of every maths/<level>.ts worked out again from its `check`
 *   (maths/types.ts), its own way here (not with the modules' or the builders' code): it must give
 *   the module's answer and no other option, and the files' right option must be that answer.
 *
 * Prints one line per file (title, questions, pictures and their sizes) and every problem; exits 1 if any.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMaths, type MathsOption, type MathsQuestion, mathsLevels, optionText } from "./build-maths.ts";
import { huntPath, LANGS, type Lang, type Level, projectRoot } from "./hunt-file.ts";
import { checkStarterSet, PICTURE_AIM_BYTES, type StarterFile } from "./rules.ts";

// --- Working a Mathematics answer out again, from its `check`, apart from the modules' own code ---

/** + − × ÷ ( ) and decimal numbers, by recursive descent (no eval). */
export function evaluate(expression: string): number {
  const tokens =
    expression
      .replace(/\u2212/g, "-")
      .replace(/×/g, "*")
      .replace(/÷/g, "/")
      .match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const primary = (): number => {
    const t = take();
    if (t === "(") {
      const value = sum();
      if (take() !== ")") throw new Error(`no ")" in ${expression}`);
      return value;
    }
    if (t === "-") return -primary();
    if (t !== undefined && /^\d/.test(t)) return Number(t);
    throw new Error(`cannot read "${t}" in ${expression}`);
  };
  const product = (): number => {
    let value = primary();
    while (peek() === "*" || peek() === "/") value = take() === "*" ? value * primary() : value / primary();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === "+" || peek() === "-") value = take() === "+" ? value + product() : value - product();
    return value;
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`cannot read ${expression}`);
  return value;
}

/**
 * An option's number, its unit, euro sign, percent sign or degrees left off: "€5.25" 5.25,
 * "3,700" 3700, "2/4" 0.5, "−3 °C" −3, "4 dots" 4. Null when it is no number.
 */
export function optionNumber(text: string): number | null {
  const bare = text
    .replace(/\u2212/g, "-")
    .replace(/^€/, "")
    .replace(/,(?=\d{3}\b)/g, "")
    .replace(/\s*(°C|°|%|[a-zA-Z]+[²³]?)$/u, "")
    .trim();
  const fraction = /^(-?\d+)\/(\d+)$/.exec(bare);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : null;
}

/** A decimal, fraction or percentage as a value to compare: "58%" 0.58, "5/8" 0.625. */
const valueOf = (text: string) => {
  const n = optionNumber(text);
  return n !== null && text.endsWith("%") ? n / 100 : n;
};

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
};

/** Cent as written: 30 → "30c", 120 → "€1.20", 5100 → "€51". Written again here, apart from the builders and format.ts. */
const moneyText = (cents: number) =>
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

/**
 * Whether the question's `check`, worked out here, gives its answer and only its answer among
 * the options; null when it does, else what is wrong.
 */
export function checkProblem(q: MathsQuestion): string | null {
  const options = q.options.map((o) => optionText(o, "en"));
  const answer = optionText(q.answer, "en");
  const right = options.indexOf(answer);
  const check = q.check;
  const byText = (expected: string, how: string) =>
    expected === answer ? null : `${how} gives ${expected}, but the answer is ${answer}`;
  const byNumber = (expected: number, how: string) => {
    const matching = options.filter((o) => {
      const n = optionNumber(o);
      return n !== null && sameNumber(n, expected);
    });
    if (matching.length !== 1) return `${how} gives ${expected}, which is ${matching.length} of the options`;
    return matching[0] === answer ? null : `${how} gives ${matching[0]}, but the answer is ${answer}`;
  };
  if ("sum" in check)
    return byNumber(
      check.sum.reduce((a, b) => a + b, 0),
      check.sum.join(" + "),
    );
  if ("largest" in check) return byNumber(Math.max(...check.largest), `the largest of ${check.largest.join(", ")}`);
  if ("smallest" in check) return byNumber(Math.min(...check.smallest), `the smallest of ${check.smallest.join(", ")}`);
  if ("next" in check) {
    const s = check.next;
    const step = s[1]! - s[0]!;
    if (s.some((n, i) => i > 0 && n - s[i - 1]! !== step)) return `${s.join(", ")} is not in equal steps`;
    return byNumber(s.at(-1)! + step, `the next after ${s.join(", ")}`);
  }
  if ("coins" in check) return byText(moneyText(check.coins.reduce((a, b) => a + b, 0)), check.coins.join(" + "));
  if ("value" in check) return byNumber(check.value, check.why);
  if ("arithmetic" in check) return byNumber(evaluate(check.arithmetic), check.arithmetic);
  if ("round" in check) {
    const { n, to } = check.round;
    return byNumber(Math.floor(n / to + 0.5) * to, `${n} to the nearest ${to}`);
  }
  if ("time" in check) {
    const { from, minutes, clock } = check.time;
    const total = (minutesOf(from) + minutes) % (24 * 60);
    const hours = Math.floor(total / 60);
    const mm = String(total % 60).padStart(2, "0");
    const text = clock === 24 ? `${String(hours).padStart(2, "0")}:${mm}` : `${hours % 12 || 12}:${mm}`;
    return byText(text, `${minutes} minutes after ${from}`);
  }
  if ("minutesBetween" in check) {
    const [from, to] = check.minutesBetween;
    return byNumber(minutesOf(to) - minutesOf(from), `the minutes from ${from} to ${to}`);
  }
  if ("prime" in check) {
    const primes = check.prime.filter(
      (n) => n > 1 && Array.from({ length: n - 2 }, (_, k) => k + 2).every((d) => n % d !== 0),
    );
    if (primes.length !== 1) return `${check.prime.join(", ")} has ${primes.length} prime numbers`;
    return byNumber(primes[0]!, `the prime of ${check.prime.join(", ")}`);
  }
  if ("largestValue" in check) {
    const values = check.largestValue.map(valueOf);
    if (values.some((v) => v === null)) return `cannot read the values of ${check.largestValue.join(", ")}`;
    const most = Math.max(...(values as number[]));
    if (values.filter((v) => sameNumber(v!, most)).length !== 1)
      return `${check.largestValue.join(", ")} has no one largest`;
    return byText(check.largestValue[values.indexOf(most)]!, `the largest of ${check.largestValue.join(", ")}`);
  }
  // The infant classes' pictures: what the key of the picture shown says.
  if ("countIn" in check) {
    const shown = q.picture?.key ?? q.optionPictures?.[right];
    if (shown !== check.countIn) return `the picture counted (${check.countIn}) is not the one shown (${shown})`;
    return byNumber(countInKey(check.countIn), `counting ${check.countIn}`);
  }
  if ("clock" in check) {
    if (q.picture?.key !== check.clock) return `the clock shown is not ${check.clock}`;
    for (const lang of LANGS)
      if (optionText(q.answer, lang) !== timeOfKey(check.clock, lang))
        return `${check.clock} shows "${timeOfKey(check.clock, lang)}", not "${optionText(q.answer, lang)}"`;
    return null;
  }
  if ("picture" in check) {
    if (q.optionPictures?.filter((k) => k === check.picture).length !== 1)
      return `${check.picture} is not the picture of exactly one option`;
    return q.optionPictures[right] === check.picture
      ? null
      : `the right option's picture is ${q.optionPictures[right]}, not ${check.picture}`;
  }
  const unknown: never = check;
  return `no way to work out ${JSON.stringify(unknown)}`;
}

/** The problems of one Mathematics question: its options, and its answer worked out again. */
export function mathsQuestionProblems(q: MathsQuestion): string[] {
  const problems: string[] = [];
  const same = (o: MathsOption) => JSON.stringify(o) === JSON.stringify(q.answer);
  if (!q.options.some(same)) return [`its answer ${JSON.stringify(q.answer)} is not an option`];
  if (q.options.filter(same).length > 1) problems.push("its answer is two options");
  for (const lang of LANGS) {
    let texts: string[];
    try {
      texts = q.options.map((o) => optionText(o, lang));
    } catch (error) {
      problems.push((error as Error).message);
      return problems;
    }
    if (q.options.length !== 4 || new Set(texts.map((t) => t.trim().toLowerCase())).size !== 4)
      problems.push(`its ${lang} options are not four different ones: ${texts.join(" | ")}`);
  }
  const worked = checkProblem(q);
  if (worked) problems.push(worked);
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
      if (f.clue !== q.clue[lang] || f.hidingPlace !== q.hidingPlace[lang])
        problems.push(`${where}: clue or hiding place differs from maths/${level}.ts (npm run starter:build)`);
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
