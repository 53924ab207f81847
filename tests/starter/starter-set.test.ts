/**
 * The shipped starter set (starter-hunts/, docs/STARTER-HUNTS.md), file by file, without a server:
 *
 * - each file passes the server's own check (starter/starter-library.ts checkStarterFile: the
 *   import's GameFileSchema, then the `starter` object), and is what its name says: level, subject
 *   kind, language, `id` and `pair`;
 * - 8 to 12 questions; exactly four options, different once case and spaces are folded, one right;
 *   a clue that neither is nor contains the right option's text; a hiding place; every text within
 *   GAME_LIMITS, the description one line of at most 140 characters; questions short enough for
 *   the class (QUESTION_WORDS below);
 * - an Irish file says who reviewed its Irish (a name, or null until someone does); an English one
 *   does not; a hunt that is not Mathematics names a sources file beside it that numbers every question;
 * - ids unique; every pair an English and an Irish file of the same level and subject kind; the
 *   set covers every level × {maths, language, sese} × {en, ga} (EXPECTED_FILES, the one list);
 * - a Mathematics file is what its module `scripts/starter/maths/<level>.ts` computes now (answers
 *   computed, never typed), read through the small interface both content branches' modules share
 *   (MathsModule below).
 *
 * Until the set is in the repository (two branches are writing it) the checks of the set are
 * skipped; STARTER_SET_ROOT=<a worktree> checks another checkout's set and modules.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { checkStarterFile, STARTER_FILE_SUFFIX } from "../../src/server/starter/starter-library.ts";
import { GAME_LIMITS, OPTIONS_PER_QUESTION } from "../../src/shared/games/games.ts";
import { LANGUAGES, type Language } from "../../src/shared/i18n/languages.ts";
import { STARTER_LEVELS } from "../../src/shared/starter/starter-hunts.ts";

const ROOT = process.env.STARTER_SET_ROOT
  ? path.resolve(process.env.STARTER_SET_ROOT)
  : path.resolve(import.meta.dirname, "../..");
const SET_DIR = path.join(ROOT, "starter-hunts");
const MATHS_DIR = path.join(ROOT, "scripts/starter/maths");

/** A level's folder: "Junior Infants" → junior-infants, "3rd Class" → 3rd-class. */
const folderOf = (level: string) => level.toLowerCase().replace(/\s+/g, "-");
/** The subject kinds of the set, and the game subjects each may be (docs/STARTER-HUNTS.md). */
const KINDS = {
  maths: ["Mathematics"],
  language: ["English", "Irish"],
  sese: ["History", "Geography", "Science"],
} as const;
type Kind = keyof typeof KINDS;

/** Every file the set must have: 8 levels × 3 subject kinds × 2 languages = 48. The one list the coverage is read from. */
const EXPECTED_FILES: readonly string[] = STARTER_LEVELS.flatMap((level) =>
  (Object.keys(KINDS) as Kind[]).flatMap((kind) =>
    LANGUAGES.map((lang) => `${folderOf(level)}/${kind}.${lang}${STARTER_FILE_SUFFIX}`),
  ),
);

const QUESTIONS = { min: 8, max: 12 } as const;
const DESCRIPTION_MAX = 140;
/**
 * Words in a question, at most: a child of the infant classes reads (or is read) a short sentence;
 * 1st and 2nd Class a longer one; 3rd Class up a short paragraph's sentence. Counted as the
 * content branches count: runs of text holding a letter or a digit ("5 + 3" is two words).
 */
function questionWordLimit(classLevel: string): number {
  if (classLevel === "Junior Infants" || classLevel === "Senior Infants") return 12;
  if (classLevel === "1st Class" || classLevel === "2nd Class") return 20;
  return 30;
}
const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Case, spaces and Unicode forms folded: "An  Bhó" and "an bhó" are one option. */
const folded = (text: string) => text.normalize("NFC").toLocaleLowerCase("ga-IE").replace(/\s+/g, " ").trim();
/** Whether `clue` is, or holds as words of its own, the option's text ("12" does not hold "2"). */
function clueGivesAnswer(clue: string, answer: string): boolean {
  const want = folded(answer).replace(/[.!?]+$/, "");
  if (!want) return false;
  const escaped = want.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u").test(folded(clue));
}
/** Whether a sources text numbers question `n`: a list item ("3. …") or a table's first cell ("| 3 |"). */
const sourcesNumber = (text: string, n: number) => new RegExp(`^\\s*(?:${n}[.)]|\\|\\s*${n}\\s*\\|)`, "m").test(text);

type FileQuestion = {
  questionText: string;
  options: string[];
  correctAnswer: number;
  clue?: string;
  hidingPlace?: string;
  image?: number;
  imageAlt?: string;
  optionImages?: (number | null)[] | null;
};
type StarterFile = {
  game: {
    title: string;
    description?: string;
    subject?: string;
    classLevel?: string;
    language?: string;
    questions: FileQuestion[];
  };
  starter?: { id?: string; pair?: string; irishReviewedBy?: string | null; sources?: string | null };
};

/** One file's problems by the rules above (the maths modules and the set as a whole are checked apart). */
async function fileProblems(rel: string, json: StarterFile, dir: string): Promise<string[]> {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${rel}: ${text}`);
  const name = /^([^/]+)\/(maths|language|sese)\.(en|ga)\.cluehunt\.json$/.exec(rel);
  const level = STARTER_LEVELS.find((l) => folderOf(l) === name?.[1]);
  if (!name || !level) return [`${rel}: not named <level>/<maths|language|sese>.<en|ga>${STARTER_FILE_SUFFIX}`];
  const [, folder, kind, lang] = name as unknown as [string, string, Kind, Language];
  const checked = await checkStarterFile(json, (file) => fs.existsSync(path.join(dir, file)));
  if (!checked.ok) return [`${rel}: ${checked.problem}`];
  const { game } = json;
  const starter = json.starter!;
  if (game.classLevel !== level) say(`game.classLevel is ${game.classLevel}, not ${level}`);
  if (game.language !== lang) say(`game.language is ${game.language}, not ${lang}`);
  if (!(KINDS[kind] as readonly string[]).includes(game.subject ?? ""))
    say(`game.subject ${game.subject} is not one of ${KINDS[kind].join(", ")}`);
  if (starter.id !== `${folder}-${kind}-${lang}`) say(`starter.id is ${starter.id}, not ${folder}-${kind}-${lang}`);
  if (starter.pair !== `${folder}-${kind}`) say(`starter.pair is ${starter.pair}, not ${folder}-${kind}`);
  if (lang === "ga" && !("irishReviewedBy" in starter)) say("starter.irishReviewedBy is missing (a name, or null)");
  if (lang === "en" && "irishReviewedBy" in starter) say("starter.irishReviewedBy is for the Irish file");
  const description = game.description ?? "";
  if (!description.trim() || description.length > DESCRIPTION_MAX || /\n/.test(description))
    say(`the description is not one line of 1 to ${DESCRIPTION_MAX} characters (${description.length})`);
  if (game.title.length > GAME_LIMITS.title) say(`the title is over ${GAME_LIMITS.title} characters`);
  const { questions } = game;
  if (questions.length < QUESTIONS.min || questions.length > QUESTIONS.max)
    say(`${questions.length} questions, not ${QUESTIONS.min} to ${QUESTIONS.max}`);
  const words = questionWordLimit(level);
  questions.forEach((q, i) => {
    const at = (text: string) => say(`question ${i + 1}: ${text}`);
    if (q.options.length !== OPTIONS_PER_QUESTION) at(`${q.options.length} options, not ${OPTIONS_PER_QUESTION}`);
    if (new Set(q.options.map(folded)).size !== q.options.length)
      at(`options not all different: ${q.options.join(" | ")}`);
    const right = q.options[q.correctAnswer];
    if (right === undefined) at(`correctAnswer ${q.correctAnswer} is no option`);
    if (!q.clue?.trim()) at("no clue");
    else if (right !== undefined && clueGivesAnswer(q.clue, right))
      at(`the clue "${q.clue}" gives the answer "${right}"`);
    if (!q.hidingPlace?.trim()) at("no hiding place");
    const lengths: Array<[string, string | undefined, number]> = [
      ["question", q.questionText, GAME_LIMITS.questionText],
      ["clue", q.clue, GAME_LIMITS.clue],
      ["hiding place", q.hidingPlace, GAME_LIMITS.hidingPlace],
      ...q.options.map((o, k): [string, string, number] => [`option ${"ABCD"[k]}`, o, GAME_LIMITS.option]),
    ];
    for (const [what, text, max] of lengths)
      if (text && [...text].length > max) at(`the ${what} is over ${max} characters`);
    if (wordCount(q.questionText) > words)
      at(`${wordCount(q.questionText)} words in the question (at most ${words} in ${level})`);
  });
  if (kind !== "maths") {
    const sources = starter.sources ? path.join(dir, starter.sources) : null;
    const text = sources && fs.existsSync(sources) ? fs.readFileSync(sources, "utf8") : "";
    const unnamed = questions.map((_, i) => i + 1).filter((n) => !sourcesNumber(text, n));
    if (unnamed.length > 0) say(`${starter.sources} does not name question ${unnamed.join(", ")}`);
  }
  return problems;
}

/**
 * What a Mathematics module of either content branch exports, as far as this test reads it: the
 * questions in both languages, the four options and the answer, each a number (its digits), a
 * text the same in both languages ("€1.20") or words in each; the clue and hiding place in each;
 * a picture's description. The answer is an expression in the module (`answer: 7 * 8`): importing
 * the module computes it now.
 */
type Words = { en: string; ga: string };
type MathsOption = number | string | Words;
type MathsModule = {
  maths: {
    level: string;
    questions: Array<{
      en: string;
      ga: string;
      options: MathsOption[];
      answer: MathsOption;
      clue: Words;
      hidingPlace: Words;
      picture?: { alt: Words };
      optionPictures?: (unknown | null)[];
    }>;
  };
};
const optionText = (option: MathsOption, lang: Language) =>
  typeof option === "number" ? String(option) : typeof option === "string" ? option : option[lang];

/** The Mathematics file of `level` in `lang` against its module: the same questions, options and clues, the computed answer the right option. */
function mathsProblems(rel: string, file: StarterFile, module: MathsModule, lang: Language): string[] {
  const problems: string[] = [];
  const { questions } = module.maths;
  if (questions.length !== file.game.questions.length)
    return [`${rel}: ${file.game.questions.length} questions; its module has ${questions.length}`];
  questions.forEach((q, i) => {
    const at = (text: string) => problems.push(`${rel}: question ${i + 1}: ${text}`);
    const built = file.game.questions[i]!;
    const options = q.options.map((o) => optionText(o, lang));
    const answer = optionText(q.answer, lang);
    if (built.questionText !== q[lang]) at(`"${built.questionText}", but the module asks "${q[lang]}"`);
    if (JSON.stringify(built.options) !== JSON.stringify(options))
      at(`options ${built.options.join(" | ")}, but the module's are ${options.join(" | ")}`);
    const right = options.flatMap((o, k) => (o === answer ? [k] : []));
    if (right.length !== 1) at(`the computed answer ${answer} is ${right.length} of the module's options`);
    else if (built.correctAnswer !== right[0])
      at(`the file's right option is ${built.options[built.correctAnswer]}, the computed answer ${answer}`);
    if (built.clue !== q.clue[lang]) at("the clue is not the module's");
    if (built.hidingPlace !== q.hidingPlace[lang]) at("the hiding place is not the module's");
    if ((built.image !== undefined) !== Boolean(q.picture) || (q.picture && built.imageAlt !== q.picture.alt[lang]))
      at("the question's picture is not the module's");
    const pictured = (list: readonly unknown[] | null | undefined) =>
      (list ?? []).map((k) => k !== null && k !== undefined);
    if (JSON.stringify(pictured(built.optionImages)) !== JSON.stringify(pictured(q.optionPictures)))
      at("the options' pictures are not the module's");
  });
  return problems;
}

describe("the starter set's rules", () => {
  it("expects 48 files: every level, each subject kind, both languages", () => {
    expect(EXPECTED_FILES).toHaveLength(48);
    expect(EXPECTED_FILES.slice(0, 6)).toEqual([
      "junior-infants/maths.en.cluehunt.json",
      "junior-infants/maths.ga.cluehunt.json",
      "junior-infants/language.en.cluehunt.json",
      "junior-infants/language.ga.cluehunt.json",
      "junior-infants/sese.en.cluehunt.json",
      "junior-infants/sese.ga.cluehunt.json",
    ]);
    expect(EXPECTED_FILES.at(-1)).toBe("6th-class/sese.ga.cluehunt.json");
  });

  it("find a clue that gives the answer, folding case and spaces, but not a number inside another", () => {
    expect(clueGivesAnswer("It is a  BIG Cow!", "big cow")).toBe(true);
    expect(clueGivesAnswer("Tá sé buí.", "buí")).toBe(true);
    expect(clueGivesAnswer("Share 12 into two parts.", "2")).toBe(false);
    expect(clueGivesAnswer("Count the hens", "hen")).toBe(false);
    expect(folded(" An  Bhó ")).toBe(folded("an bhó"));
  });

  it("find each question's number in a sources file, as a list or a table", () => {
    const text = "Intro mentions 3 things.\n1. The sun.\n| 2 | rain | the sky |\n 4) snow";
    expect([1, 2, 3, 4].filter((n) => sourcesNumber(text, n))).toEqual([1, 2, 4]);
  });

  it("hold questions to the class's reading: 12 words in the infant classes, 20 to 2nd Class, 30 after", () => {
    expect(STARTER_LEVELS.map(questionWordLimit)).toEqual([12, 12, 20, 20, 30, 30, 30, 30]);
    expect(wordCount("What is 5 + 3?")).toBe(4);
  });
});

const shipped = fs.existsSync(SET_DIR);

describe.skipIf(!shipped)(`the shipped starter set (${path.relative(process.cwd(), SET_DIR) || SET_DIR})`, () => {
  const files = shipped
    ? fs
        .readdirSync(SET_DIR, { recursive: true, encoding: "utf8" })
        .map((f) => f.split(path.sep).join("/"))
        .filter((f) => f.endsWith(STARTER_FILE_SUFFIX))
        .sort()
    : [];
  const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(SET_DIR, rel), "utf8")) as StarterFile;

  it("covers every level, subject kind and language: 48 files, none missing, none unexpected", () => {
    expect(
      EXPECTED_FILES.filter((f) => !files.includes(f)),
      "missing",
    ).toEqual([]);
    expect(
      files.filter((f) => !EXPECTED_FILES.includes(f)),
      "not expected",
    ).toEqual([]);
  });

  it("has every file import as the server reads it, and keep the set's rules", async () => {
    const problems: string[] = [];
    for (const rel of files)
      problems.push(...(await fileProblems(rel, read(rel), path.dirname(path.join(SET_DIR, rel)))));
    expect(problems).toEqual([]);
  }, 60_000);

  it("has unique ids, and each pair in English and in Irish, of one level and subject kind", () => {
    const starters = files.map((rel) => ({ rel, ...read(rel).starter, language: read(rel).game.language }));
    const ids = starters.map((s) => s.id);
    expect(
      ids.filter((id, k) => ids.indexOf(id) !== k),
      "ids used twice",
    ).toEqual([]);
    const pairs = new Map<string, typeof starters>();
    for (const s of starters) pairs.set(s.pair ?? "", [...(pairs.get(s.pair ?? "") ?? []), s]);
    const unpaired = [...pairs].filter(
      ([, members]) =>
        members.length !== 2 ||
        members
          .map((m) => m.language)
          .sort()
          .join() !== "en,ga" ||
        new Set(members.map((m) => m.rel.replace(/\.(en|ga)\.cluehunt\.json$/, ""))).size !== 1,
    );
    expect(unpaired.map(([pair, members]) => `${pair}: ${members.map((m) => m.rel).join(", ")}`)).toEqual([]);
  });

  it("has each Mathematics file be what its module computes now", async () => {
    const problems: string[] = [];
    for (const rel of files.filter((f) => /\/maths\.(en|ga)\./.test(f))) {
      const [folder, name] = rel.split("/") as [string, string];
      const lang = name.split(".")[1] as Language;
      const source = path.join(MATHS_DIR, `${folder}.ts`);
      if (!fs.existsSync(source)) {
        problems.push(`${rel}: no scripts/starter/maths/${folder}.ts computes its answers`);
        continue;
      }
      const module = (await import(pathToFileURL(source).href)) as MathsModule;
      if (module.maths.level !== folder) problems.push(`${source}: says it is ${module.maths.level}`);
      problems.push(...mathsProblems(rel, read(rel), module, lang));
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
