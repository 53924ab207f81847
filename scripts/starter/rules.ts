/**
 * The rules of a shipped starter hunt (docs/STARTER-HUNTS.md and issue 45) beyond the import's
 * own (GameFileSchema): where it is and what it is called, its `starter` object, its title and
 * description, 8 to 12 questions each with a clue and a hiding place, four different options,
 * a clue that does not give the answer away, short questions and options for young children,
 * and pairs in both languages with the same numbers. `npm run starter:check` and the test
 * (starter-hunts.test.ts) both use `checkStarterSet`.
 */
import fs from "node:fs";
import path from "node:path";
import { GameFileSchema, gameFileProblem } from "../../src/server/games/game-file.ts";
import { messageText } from "../../src/shared/i18n/messages.ts";
import {
  DESCRIPTION_MAX,
  INFANT_OPTION_WORDS,
  isLevel,
  type Lang,
  LEVELS,
  type Level,
  QUESTIONS_MAX,
  QUESTIONS_MIN,
  STARTER_DIR,
  SUBJECT_NAMES,
  sourcesFileName,
} from "./hunt-file.ts";

/** The picture sizes we aim under (the server's limit is 400 KB). */
export const PICTURE_AIM_BYTES = 8 * 1024;
/** An infant class's questions should mostly have pictures (of the question or of its options). */
export const INFANT_PICTURE_SHARE = 0.5;

type FileQuestion = {
  questionText: string;
  options: string[];
  correctAnswer: number;
  clue?: string;
  hidingPlace?: string;
  image?: number;
  imageAlt?: string;
  optionImages?: (number | null)[];
};
export type StarterFile = {
  format: string;
  version: number;
  game: {
    title: string;
    description?: string;
    subject?: string;
    classLevel?: string;
    topic?: string;
    language?: string;
    questions: FileQuestion[];
    images?: string[];
  };
  starter?: { id?: unknown; pair?: unknown; irishReviewedBy?: unknown; sources?: unknown };
};

export type Checked = {
  file: string;
  level: Level;
  subject: string;
  lang: Lang;
  content: StarterFile;
  problems: string[];
  pictureBytes: number[];
};

const NAME = /^(?<subject>maths|language|sese)\.(?<lang>en|ga)\.cluehunt\.json$/;

/** Words as a child reads them: "5 + 3" is three, "€1.20" one. */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Lower case, without fadas, for comparing texts ("Ceart" and "ceart", "ubh" and "úbh"). */
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[’']/g, "'").trim();
const words = (text: string): string[] => plain(text).match(/[\p{L}\p{N}'-]+/gu) ?? [];
const containsWords = (text: string, phrase: string) => {
  const have = words(text);
  const want = words(phrase);
  if (want.length === 0) return false;
  return have.some((_, i) => want.every((w, j) => have[i + j] === w));
};

/**
 * Numbers as words, to find one in a clue. Words that are also common words are left out: "one"
 * (which one), Irish "aon" (any), "trí" (through), "sé" (he), "dó" (to).
 */
const NUMBER_WORDS: Record<Lang, string[][]> = {
  en: [
    ["zero"],
    [],
    ["two"],
    ["three"],
    ["four"],
    ["five"],
    ["six"],
    ["seven"],
    ["eight"],
    ["nine"],
    ["ten"],
    ["eleven"],
    ["twelve"],
    ["thirteen"],
    ["fourteen"],
    ["fifteen"],
    ["sixteen"],
    ["seventeen"],
    ["eighteen"],
    ["nineteen"],
    ["twenty"],
  ],
  ga: [
    ["a naid"],
    ["a haon"],
    ["a do", "dha"],
    ["a tri"],
    ["a ceathair", "ceithre"],
    ["a cuig", "cuig"],
    ["a se"],
    ["a seacht", "seacht"],
    ["a hocht", "ocht"],
    ["a naoi", "naoi"],
    ["a deich", "deich"],
    ["a haon deag"],
    ["a do dheag"],
    ["a tri deag"],
    ["a ceathair deag"],
    ["a cuig deag"],
    ["a se deag"],
    ["a seacht deag"],
    ["a hocht deag"],
    ["a naoi deag"],
    ["fiche"],
  ],
};

/**
 * How a clue could give the answer away: it says the right option, a number the right option
 * says (as a digit, or as a word when it is the whole answer), or a word of the right option
 * that neither the question nor any wrong option says (a word they share tells nothing).
 */
export function clueGivesAway(q: FileQuestion, lang: Lang): string | null {
  const clue = q.clue ?? "";
  const answer = q.options[q.correctAnswer] ?? "";
  if (containsWords(clue, answer)) return `says the answer "${answer}"`;
  const elsewhere = new Set([
    ...words(q.questionText),
    ...q.options.filter((_, i) => i !== q.correctAnswer).flatMap(words),
  ]);
  for (const w of words(answer)) {
    if (elsewhere.has(w)) continue;
    if (/^\d/.test(w) || w.length >= 3) {
      if (words(clue).includes(w)) return `says "${w}" of the answer "${answer}"`;
    }
  }
  const number = /^\d+$/.test(answer.trim()) ? Number(answer) : null;
  if (number !== null && number <= 20 && !elsewhere.has(String(number)))
    for (const word of NUMBER_WORDS[lang][number]!)
      if (containsWords(clue, word) && !containsWords(q.questionText, word))
        return `says the answer as a word ("${word}")`;
  return null;
}

/** The problems of one starter file (read from `file`), without the import's own check. */
export function starterProblems(file: string, content: StarterFile, root = STARTER_DIR): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);
  const relative = path.relative(root, file).split(path.sep);
  const [levelDir, name] = relative.length === 2 ? relative : [undefined, undefined];
  const match = name ? NAME.exec(name) : null;
  if (!levelDir || !isLevel(levelDir) || !match?.groups) {
    problem(`not named <level>/<subject>.<lang>.cluehunt.json: ${relative.join("/")}`);
    return problems;
  }
  const level = levelDir;
  const { subject, lang } = match.groups as { subject: "maths" | "language" | "sese"; lang: Lang };
  const info = LEVELS[level];
  const game = content.game;

  // The starter object.
  const starter = content.starter;
  if (!starter || typeof starter !== "object") problem("no starter object");
  else {
    if (starter.id !== `${level}-${subject}-${lang}`) problem(`starter.id is not ${level}-${subject}-${lang}`);
    if (starter.pair !== `${level}-${subject}`) problem(`starter.pair is not ${level}-${subject}`);
    if (lang === "ga" && !(starter.irishReviewedBy === null || typeof starter.irishReviewedBy === "string"))
      problem("an Irish file's starter.irishReviewedBy is a name or null");
    if (lang === "ga" && !("irishReviewedBy" in starter))
      problem("an Irish file needs starter.irishReviewedBy (null until reviewed)");
    if (lang === "en" && "irishReviewedBy" in starter) problem("an English file has no starter.irishReviewedBy");
    const sources = sourcesFileName(subject);
    if (sources === null && "sources" in starter)
      problem("a Mathematics hunt has no sources (its answers are computed)");
    if (sources !== null) {
      if (starter.sources !== sources) problem(`starter.sources is not "${sources}"`);
      else if (!fs.existsSync(path.join(path.dirname(file), sources))) problem(`${sources} is not beside it`);
    }
  }

  // The game's fields.
  if (game.language !== lang) problem(`game.language is not "${lang}"`);
  if (game.classLevel !== info.classLevel) problem(`game.classLevel is not "${info.classLevel}"`);
  const subjects: Record<typeof subject, string[]> = {
    maths: ["Mathematics"],
    language: info.infant && lang === "en" ? ["English"] : ["Irish"],
    sese: ["Science", "Geography", "History"],
  };
  if (!subjects[subject].includes(game.subject ?? "")) problem(`game.subject is not ${subjects[subject].join(" or ")}`);
  const subjectName = SUBJECT_NAMES[game.subject as keyof typeof SUBJECT_NAMES]?.[lang];
  const levelName = lang === "en" ? info.classLevel : info.ga;
  const prefix = `${subjectName} - ${levelName} - `;
  if (!game.title.startsWith(prefix) || game.title.length <= prefix.length)
    problem(`title does not read "${prefix}<topic>"`);
  const description = (game.description ?? "").trim();
  if (!description) problem("no description");
  if (description.length > DESCRIPTION_MAX)
    problem(`description is ${description.length} characters (at most ${DESCRIPTION_MAX})`);

  // The questions.
  const questions = game.questions ?? [];
  if (questions.length < QUESTIONS_MIN || questions.length > QUESTIONS_MAX)
    problem(`${questions.length} questions (${QUESTIONS_MIN} to ${QUESTIONS_MAX})`);
  const places = new Set<string>();
  let withPictures = 0;
  questions.forEach((q, i) => {
    const at = (text: string) => problem(`question ${i + 1}: ${text}`);
    if (!q.clue?.trim()) at("no clue");
    if (!q.hidingPlace?.trim()) at("no hiding place");
    else if (places.has(plain(q.hidingPlace))) at(`hiding place "${q.hidingPlace}" used twice`);
    else places.add(plain(q.hidingPlace));
    if (q.options.length !== 4) at("not four options");
    if (new Set(q.options.map(plain)).size !== q.options.length)
      at(`options not all different: ${q.options.join(" | ")}`);
    const givesAway = clueGivesAway(q, lang);
    if (givesAway) at(`the clue ${givesAway}: "${q.clue}"`);
    const n = wordCount(q.questionText);
    if (n > info.questionWords) at(`${n} words in the question (at most ${info.questionWords})`);
    if (info.infant)
      q.options.forEach((o, k) => {
        if (wordCount(o) > INFANT_OPTION_WORDS)
          at(`option ${"ABCD"[k]} has ${wordCount(o)} words (at most ${INFANT_OPTION_WORDS})`);
      });
    if (q.optionImages?.some((k) => k !== null) || q.image !== undefined) withPictures++;
    if (q.image !== undefined && !q.imageAlt?.trim()) at("a picture without a description");
  });
  if (info.infant && withPictures < questions.length * INFANT_PICTURE_SHARE)
    problem(`only ${withPictures} of ${questions.length} questions have pictures (an infant class)`);
  return problems;
}

/** Every `*.cluehunt.json` under `root`. */
export function starterFiles(root = STARTER_DIR): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".cluehunt.json")) found.push(full);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return found.sort();
}

/**
 * Every file of the set through the import (GameFileSchema, as the server reads it) and the
 * rules above, and every pair complete: both languages, and for Mathematics the same numbers.
 */
export async function checkStarterSet(root = STARTER_DIR): Promise<Checked[]> {
  const checked: Checked[] = [];
  for (const file of starterFiles(root)) {
    const problems: string[] = [];
    let content: StarterFile;
    try {
      content = JSON.parse(fs.readFileSync(file, "utf8")) as StarterFile;
    } catch (error) {
      checked.push({
        file,
        level: "junior-infants",
        subject: "?",
        lang: "en",
        content: { format: "", version: 0, game: { title: "", questions: [] } },
        problems: [`not JSON: ${(error as Error).message}`],
        pictureBytes: [],
      });
      continue;
    }
    const imported = await GameFileSchema.safeParseAsync(content);
    if (!imported.success) problems.push(`the import refuses it: ${messageText(gameFileProblem(imported.error))}`);
    problems.push(...starterProblems(file, content, root));
    const pictureBytes = imported.success ? imported.data.pictures.map((p) => p.bytes.length) : [];
    const [levelDir, name] = path.relative(root, file).split(path.sep);
    const match = NAME.exec(name ?? "");
    checked.push({
      file,
      level: (isLevel(levelDir ?? "") ? levelDir : "junior-infants") as Level,
      subject: match?.groups?.subject ?? "?",
      lang: (match?.groups?.lang ?? "en") as Lang,
      content,
      problems,
      pictureBytes,
    });
  }
  // Pairs: both languages of each; for Mathematics the same numbers and pictures in both.
  for (const c of checked) {
    const other = checked.find(
      (o) =>
        o.level === c.level &&
        o.subject === c.subject &&
        o.lang !== c.lang &&
        path.dirname(o.file) === path.dirname(c.file),
    );
    if (!other) {
      c.problems.push(`its ${c.lang === "en" ? "Irish" : "English"} pair is missing`);
      continue;
    }
    // A language pair practises the same at the same level, not question for question.
    if (c.subject === "language") continue;
    const mine = c.content.game.questions;
    const theirs = other.content.game.questions;
    if (mine.length !== theirs.length) {
      c.problems.push(`${mine.length} questions, its pair ${theirs.length}`);
      continue;
    }
    mine.forEach((q, i) => {
      const t = theirs[i]!;
      if (q.correctAnswer !== t.correctAnswer)
        c.problems.push(`question ${i + 1}: the right option differs from its pair's`);
      // Numbers as digits ("3D", "3T" name a kind of shape, not a number).
      const numbers = (text: string) => (text.match(/\d+(?![DT]\b)/g) ?? []).join(" ");
      if (c.subject === "maths")
        q.options.forEach((o, k) => {
          if (numbers(o) !== numbers(t.options[k] ?? ""))
            c.problems.push(`question ${i + 1}: option ${"ABCD"[k]}'s numbers differ from its pair's`);
        });
      if (numbers(q.questionText) !== numbers(t.questionText))
        c.problems.push(`question ${i + 1}: its numbers differ from its pair's`);
      if (
        JSON.stringify(q.optionImages ?? null) !== JSON.stringify(t.optionImages ?? null) ||
        (q.image ?? null) !== (t.image ?? null)
      )
        c.problems.push(`question ${i + 1}: its pictures differ from its pair's`);
    });
  }
  return checked;
}
