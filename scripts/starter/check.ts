/**
 * `npm run starter:check`: checks the shipped starter set (starter-hunts/, docs/STARTER-HUNTS.md)
 * and prints every problem, exiting 1 if there is one. Each file:
 *
 * - imports: it goes through GameFileSchema exactly as an imported file does;
 * - is where and what its name says: `<level>/<subject>.<lang>.cluehunt.json`, its `starter` id
 *   and pair, its class level, language and subject, a title "Subject - Level - Topic" in its
 *   language, a one-line description of at most 140 characters, `irishReviewedBy` in an Irish
 *   file only, `sources` naming a file beside it except for Mathematics;
 * - has 8 to 12 questions, each of four different options, one right, a question of at most 20
 *   words (to 2nd Class) or 30 (3rd to 6th), a clue that does not give the right option's text
 *   (whole, or without its article or a note in brackets, or a word of it that neither the question
 *   nor a wrong option says),
 *   and a hiding place of its own within the hunt; the right options are not mostly in one place;
 * - has its pair: the same hunt in the other language, with as many questions; for maths and SESE,
 *   asked question for question: the same right option, the same numbers;
 * - a sources file that names every question's number (a line starting "1." or "| 1 |");
 * - Mathematics: every question's `check` (maths/types.ts) worked out again here, apart from the
 *   module's own code, gives its answer and no other option; and each file is exactly what
 *   build-maths.ts writes from scripts/starter/maths/<level>.ts now.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { GameFileSchema, gameFileProblem } from "../../src/server/games/game-file.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { mathsGameFile, mathsHunts } from "./build-maths.ts";
import { show } from "./maths/format.ts";
import type { MathsQuestion } from "./maths/types.ts";
import {
  type HuntSubject,
  type Lang,
  LEVELS,
  type LevelSlug,
  ROOT,
  STARTER_DIR,
  type StarterGameFile,
  SUBJECT_TITLES,
} from "./starter-file.ts";

const MIN_QUESTIONS = 8;
const MAX_QUESTIONS = 12;
const DESCRIPTION_MAX = 140;
/** Words in a question: short for the younger classes. */
const maxWords = (level: LevelSlug) => (["3rd-class", "4th-class", "5th-class", "6th-class"].includes(level) ? 30 : 20);
const SUBJECTS_OF: Record<HuntSubject, readonly string[]> = {
  maths: ["Mathematics"],
  // English reading in the infant classes' English file; Gaeilge otherwise (docs/STARTER-HUNTS.md).
  language: ["Irish", "English"],
  sese: ["History", "Geography", "Science"],
};
const INFANTS: readonly string[] = ["junior-infants", "senior-infants"];

const problems: string[] = [];
const problem = (file: string, text: string) => problems.push(`${file}: ${text}`);

const normal = (s: string) => s.normalize("NFC").toLocaleLowerCase("ga-IE").trim();
/** Whether `text` holds `phrase` as words of its own (not inside a longer word or number). */
function holds(text: string, phrase: string): boolean {
  const core = normal(phrase).replace(/[.!?]+$/, "");
  if (!core) return false;
  const escaped = core.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u").test(normal(text));
}
/** The right option's text as a clue might give it away: whole, without a leading article, without a note in brackets. */
function giveaways(option: string): string[] {
  const whole = option.trim();
  const bare = whole.replace(/^(a|an|the|na)\s+/i, "");
  const unbracketed = whole.replace(/\s*\(.*\)\s*$/, "");
  return [...new Set([whole, bare, unbracketed])].filter((text) => text.length >= (text === whole ? 1 : 3));
}
/** Words compared without case or fadas ("Prátaí" and "pratai"). */
const plainWords = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}'-]+/gu) ?? [];

/**
 * A word of the right option that neither the question nor a wrong option says, said by the clue
 * (a word of three letters or more, or a number): "iron" for "an iron nail". A word they share
 * tells nothing. The same rule as the infant hunts' checker (content-a).
 */
function clueWordGiveaway(q: { questionText: string; options: string[]; correctAnswer: number; clue?: string }) {
  const elsewhere = new Set([
    ...plainWords(q.questionText),
    ...q.options.filter((_, k) => k !== q.correctAnswer).flatMap(plainWords),
  ]);
  const clue = new Set(plainWords(q.clue ?? ""));
  return plainWords(q.options[q.correctAnswer] ?? "").find(
    (w) => !elsewhere.has(w) && (/^\d/.test(w) || w.length >= 3) && clue.has(w),
  );
}

const words = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** English words a question in Irish would not have. */
const ENGLISH_WORDS = /\b(the|what|which|how|does|with|this)\b/i;

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

/** An option's number, its unit, euro sign, percent sign or degrees left off: "€5.25" 5.25, "3,700" 3700, "2/4" 0.5, "−3 °C" −3. */
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
const valueOf = (text: string) => (text.endsWith("%") ? optionNumber(text)! / 100 : optionNumber(text));

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
};
/** Written again here, apart from format.ts: "55c", "€5.25", "€51". */
const moneyText = (cents: number) =>
  cents < 100
    ? `${cents}c`
    : `€${Math.floor(cents / 100)}${cents % 100 ? `.${String(cents % 100).padStart(2, "0")}` : ""}`;

/** Whether the question's `check`, worked out here, gives its answer and only its answer among the options. */
export function checkProblem(q: MathsQuestion): string | null {
  const options = q.options.map((o) => show(o, "en"));
  const answer = show(q.answer, "en");
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
    const values = check.largestValue.map((t) => valueOf(t));
    if (values.some((v) => v === null)) return `cannot read the values of ${check.largestValue.join(", ")}`;
    const most = Math.max(...(values as number[]));
    const at = values.filter((v) => sameNumber(v!, most));
    if (at.length !== 1) return `${check.largestValue.join(", ")} has no one largest`;
    return byText(check.largestValue[values.indexOf(most)]!, `the largest of ${check.largestValue.join(", ")}`);
  }
  // countIn, clock, picture: what a picture shows (the infant classes), checked where the pictures are drawn.
  return null;
}

type Loaded = { rel: string; level: LevelSlug; subject: HuntSubject; lang: Lang; json: StarterGameFile };

function starterFiles(): string[] {
  if (!existsSync(STARTER_DIR)) return [];
  return readdirSync(STARTER_DIR, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".cluehunt.json"))
    .sort();
}

async function checkFile(rel: string): Promise<Loaded | null> {
  const name = /^([^/]+)\/(maths|language|sese)\.(en|ga)\.cluehunt\.json$/.exec(rel);
  const levelInfo = LEVELS.find((l) => l.slug === name?.[1]);
  if (!name || !levelInfo) {
    problem(rel, "not named <level>/<maths|language|sese>.<en|ga>.cluehunt.json");
    return null;
  }
  const level = levelInfo.slug;
  const subject = name[2] as HuntSubject;
  const lang = name[3] as Lang;
  let json: StarterGameFile;
  try {
    json = JSON.parse(readFileSync(path.join(STARTER_DIR, rel), "utf8")) as StarterGameFile;
  } catch (error) {
    problem(rel, `not JSON (${(error as Error).message})`);
    return null;
  }
  const parsed = await GameFileSchema.safeParseAsync(json);
  if (!parsed.success) problem(rel, `refused on import: ${inEnglish(gameFileProblem(parsed.error))}`);

  const { game, starter } = json;
  if (!starter) {
    problem(rel, "no starter object");
    return null;
  }
  if (starter.id !== `${level}-${subject}-${lang}`) problem(rel, `starter.id is ${starter.id}`);
  if (starter.pair !== `${level}-${subject}`) problem(rel, `starter.pair is ${starter.pair}`);
  if (lang === "ga" && !("irishReviewedBy" in starter)) problem(rel, "an Irish file has no starter.irishReviewedBy");
  if (lang === "en" && "irishReviewedBy" in starter) problem(rel, "an English file has starter.irishReviewedBy");
  if (subject === "maths" && starter.sources) problem(rel, "a Mathematics hunt names a sources file");
  if (subject !== "maths") {
    if (starter.sources !== `${subject}.sources.md`)
      problem(rel, `starter.sources is ${starter.sources}, not ${subject}.sources.md`);
    else if (!existsSync(path.join(STARTER_DIR, level, starter.sources)))
      problem(rel, `${starter.sources} is not beside it`);
  }
  for (const key of Object.keys(starter))
    if (!["id", "pair", "irishReviewedBy", "sources"].includes(key))
      problem(rel, `starter.${key} is not a starter field`);

  if (game.language !== lang) problem(rel, `game.language is ${game.language}`);
  if (game.classLevel !== levelInfo.classLevel) problem(rel, `game.classLevel is ${game.classLevel}`);
  if (!game.subject || !SUBJECTS_OF[subject].includes(game.subject)) problem(rel, `game.subject is ${game.subject}`);
  else if (subject === "language" && game.subject === "English" && !(INFANTS.includes(level) && lang === "en"))
    problem(rel, "only the infant classes' English file is English: the others are Gaeilge");
  const titleStart = game.subject
    ? `${SUBJECT_TITLES[game.subject]?.[lang]} - ${lang === "en" ? levelInfo.classLevel : levelInfo.ga} - `
    : "";
  if (!game.title.startsWith(titleStart) || game.title.length <= titleStart.length)
    problem(rel, `the title "${game.title}" is not "${titleStart}<topic>"`);
  else if (game.topic && game.title !== `${titleStart}${game.topic}`)
    problem(rel, `the title's topic is not game.topic (${game.topic})`);
  if (!game.description.trim() || game.description.length > DESCRIPTION_MAX || /\n/.test(game.description))
    problem(rel, `the description is not one line of 1 to ${DESCRIPTION_MAX} characters (${game.description.length})`);

  const questions = game.questions;
  if (questions.length < MIN_QUESTIONS || questions.length > MAX_QUESTIONS)
    problem(rel, `${questions.length} questions, not ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`);
  const places = new Set<string>();
  const rightAt = [0, 0, 0, 0];
  questions.forEach((q, i) => {
    const at = `question ${i + 1}`;
    if (q.options.length !== 4) problem(rel, `${at}: ${q.options.length} options`);
    if (new Set(q.options.map(normal)).size !== q.options.length) problem(rel, `${at}: two options are the same`);
    if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer > 3) {
      problem(rel, `${at}: correctAnswer ${q.correctAnswer}`);
      return;
    }
    rightAt[q.correctAnswer]! += 1;
    const right = q.options[q.correctAnswer] ?? "";
    if (words(q.questionText) > maxWords(level))
      problem(rel, `${at}: ${words(q.questionText)} words, more than ${maxWords(level)}`);
    if (!q.clue?.trim()) problem(rel, `${at}: no clue`);
    else {
      const given = giveaways(right).find((text) => holds(q.clue ?? "", text));
      if (given) problem(rel, `${at}: the clue gives the answer ("${given}")`);
      const word = clueWordGiveaway(q);
      if (word) problem(rel, `${at}: the clue says "${word}" of the answer "${right}"`);
    }
    if (!q.hidingPlace?.trim()) problem(rel, `${at}: no hiding place`);
    else if (places.has(normal(q.hidingPlace))) problem(rel, `${at}: hiding place "${q.hidingPlace}" is used twice`);
    else places.add(normal(q.hidingPlace));
    if (lang === "ga")
      for (const [what, text] of [
        ["question", q.questionText],
        ["clue", q.clue ?? ""],
        ...q.options.map((o) => ["option", o]),
      ] as const) {
        const english = ENGLISH_WORDS.exec(text);
        if (english) problem(rel, `${at}: its ${what} has the English word "${english[0]}" in an Irish file`);
      }
  });
  if (Math.max(...rightAt) > questions.length / 2)
    problem(rel, `the right answers are mostly in one place (A–D: ${rightAt.join(", ")})`);

  if (subject !== "maths" && starter.sources && existsSync(path.join(STARTER_DIR, level, starter.sources))) {
    const sources = readFileSync(path.join(STARTER_DIR, level, starter.sources), "utf8");
    for (let n = 1; n <= questions.length; n++)
      if (!new RegExp(`^\\s*(?:\\|\\s*)?${n}(?:\\.|\\s*\\|)`, "m").test(sources))
        problem(rel, `${starter.sources} does not name question ${n} (a line starting "${n}." or "| ${n} |")`);
  }
  return { rel, level, subject, lang, json };
}

async function main() {
  const files = starterFiles();
  const loaded = (await Promise.all(files.map(checkFile))).filter((f): f is Loaded => f !== null);

  // Pairs: every hunt in both languages, with as many questions.
  const byPair = new Map<string, Loaded[]>();
  for (const f of loaded) byPair.set(`${f.level}/${f.subject}`, [...(byPair.get(`${f.level}/${f.subject}`) ?? []), f]);
  for (const [pair, members] of byPair) {
    const langs = members.map((m) => m.lang).sort();
    if (langs.join() !== "en,ga") problem(pair, `the pair has ${langs.join(" and ") || "no"} files, not en and ga`);
    const [en, ga] = [members.find((m) => m.lang === "en"), members.find((m) => m.lang === "ga")];
    if (en && ga && en.json.game.questions.length !== ga.json.game.questions.length)
      problem(pair, "the English and the Irish have different numbers of questions");
    // Maths and SESE are asked question for question in both languages (a language pair practises the same, not word for word).
    if (en && ga && pair.split("/")[1] !== "language") {
      if (en.json.game.subject !== ga.json.game.subject)
        problem(pair, "the English and the Irish have different subjects");
      const digits = (text: string) => (text.match(/\d+/g) ?? []).join(" ");
      en.json.game.questions.forEach((q, i) => {
        const other = ga.json.game.questions[i];
        if (!other) return;
        if (q.correctAnswer !== other.correctAnswer)
          problem(pair, `question ${i + 1}: the right option differs in English and Irish`);
        if (digits(q.questionText) !== digits(other.questionText))
          problem(pair, `question ${i + 1}: the numbers of the question differ in English and Irish`);
        q.options.forEach((o, k) => {
          if (pair.endsWith("/maths") && digits(o) !== digits(other.options[k] ?? ""))
            problem(pair, `question ${i + 1}: option ${"ABCD"[k]}'s numbers differ in English and Irish`);
        });
      });
    }
  }

  // Mathematics: every answer worked out again from its check, and each file what the build writes now.
  const mathsFiles = new Set(loaded.filter((f) => f.subject === "maths").map((f) => f.rel));
  for (const { level, maths } of await mathsHunts()) {
    maths.questions.forEach((q, i) => {
      const trouble = checkProblem(q);
      if (trouble) problem(`maths/${level}.ts`, `question ${i + 1}: ${trouble}`);
    });
    for (const lang of ["en", "ga"] as const) {
      const rel = `${level}/maths.${lang}.cluehunt.json`;
      let built: StarterGameFile;
      try {
        built = mathsGameFile(level, maths, lang);
      } catch (error) {
        problem(rel, (error as Error).message);
        continue;
      }
      const file = loaded.find((f) => f.rel === rel);
      if (!file) problem(rel, "missing: npm run starter:build writes it");
      else if (!isDeepStrictEqual({ ...file.json, exportedAt: "" }, { ...built, exportedAt: "" }))
        problem(rel, "differs from what scripts/starter/maths/ computes: run npm run starter:build");
      mathsFiles.delete(rel);
    }
  }
  for (const rel of mathsFiles) problem(rel, "has no scripts/starter/maths/<level>.ts to compute its answers");

  for (const f of loaded)
    console.log(`${f.rel.padEnd(38)} ${String(f.json.game.questions.length).padStart(2)}  ${f.json.game.title}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(`\n${loaded.length} starter files checked (${path.relative(ROOT, STARTER_DIR)}/): no problems.`);
  }
}

await main();
