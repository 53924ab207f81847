/**
 * What the starter-hunt scripts share (docs/STARTER-HUNTS.md): the levels and their names in both
 * languages, the classroom hiding places, a hunt as the scripts write it, and `writeHunts`, which
 * draws the hunts' pictures (pictures.ts), makes each a game file (docs/GAME-FORMAT.md) with its
 * `starter` object and writes it to `starter-hunts/<level>/<subject>.<lang>.cluehunt.json`,
 * laid out as Biome lays out JSON (npm run format:check).
 *
 * A question names its pictures by key ("dots:4", "thing:apple"); the file holds each picture
 * once, as base64 WebP, in order of first use, and the question their indices.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ClassLevel, Subject } from "../../src/shared/games/curriculum.ts";
import { GAME_FILE_FORMAT, GAME_FILE_VERSION } from "../../src/shared/sharing/sharing.ts";
import { type PictureKey, type RenderedPicture, renderPictures } from "./pictures.ts";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const STARTER_DIR = path.join(projectRoot, "starter-hunts");

/**
 * The date the files carry as `exportedAt`: fixed, so that building again writes the same bytes
 * (an import ignores it). Change it when the set changes, if you like.
 */
export const STARTER_EXPORTED_AT = "2026-11-29T00:00:00.000Z";

export type Lang = "en" | "ga";
export const LANGS: readonly Lang[] = ["en", "ga"];
/** A text in both languages. */
export type Words = { en: string; ga: string };

export type HuntSubject = "maths" | "language" | "sese";

/**
 * The class levels of the shipped set, by folder: the app's class level, the names a title
 * uses (the Irish as the app's catalogue names them, catalogue.level.*), and the length
 * limits of docs/STARTER-HUNTS.md and issue 45 (words in a question; in an option, for the infant
 * classes, whose pupils mostly cannot read).
 */
export const LEVELS = {
  "junior-infants": { classLevel: "Junior Infants", ga: "Naíonáin Shóisearacha", infant: true, questionWords: 12 },
  "senior-infants": { classLevel: "Senior Infants", ga: "Naíonáin Shinsearacha", infant: true, questionWords: 12 },
  "1st-class": { classLevel: "1st Class", ga: "Rang a 1", infant: false, questionWords: 20 },
  "2nd-class": { classLevel: "2nd Class", ga: "Rang a 2", infant: false, questionWords: 25 },
  "3rd-class": { classLevel: "3rd Class", ga: "Rang a 3", infant: false, questionWords: 30 },
  "4th-class": { classLevel: "4th Class", ga: "Rang a 4", infant: false, questionWords: 30 },
  "5th-class": { classLevel: "5th Class", ga: "Rang a 5", infant: false, questionWords: 35 },
  "6th-class": { classLevel: "6th Class", ga: "Rang a 6", infant: false, questionWords: 35 },
} as const satisfies Record<string, { classLevel: ClassLevel; ga: string; infant: boolean; questionWords: number }>;
export type Level = keyof typeof LEVELS;
export const isLevel = (s: string): s is Level => Object.hasOwn(LEVELS, s);

/** At most this many words in an option of an infant class. */
export const INFANT_OPTION_WORDS = 3;
export const DESCRIPTION_MAX = 140;
export const QUESTIONS_MIN = 8;
export const QUESTIONS_MAX = 12;

/** A subject's name at the start of a title. Mathematics is "Matamaitic" in titles (docs/STARTER-HUNTS.md). */
export const SUBJECT_NAMES: Partial<Record<Subject, Words>> = {
  Mathematics: { en: "Mathematics", ga: "Matamaitic" },
  English: { en: "English", ga: "Béarla" },
  Irish: { en: "Irish", ga: "Gaeilge" },
  Science: { en: "Science", ga: "Eolaíocht" },
  Geography: { en: "Geography", ga: "Tíreolaíocht" },
  History: { en: "History", ga: "Stair" },
};

/** "Mathematics - Junior Infants - Counting to 5" / "Matamaitic - Naíonáin Shóisearacha - …". */
export function huntTitle(subject: Subject, level: Level, lang: Lang, topic: string): string {
  const name = SUBJECT_NAMES[subject];
  if (!name) throw new Error(`No title name for ${subject}`);
  const levelName = lang === "en" ? LEVELS[level].classLevel : LEVELS[level].ga;
  return `${name[lang]} - ${levelName} - ${topic}`;
}

/**
 * Places in a classroom to hide a question's station card (issue 29), in both languages. A
 * hunt takes them in turn from where it starts (`hidingPlaces`), so its places are all different.
 */
export const HIDING_PLACES: readonly Words[] = [
  { en: "under the teacher's desk", ga: "faoi bhord an mhúinteora" },
  { en: "beside the sink", ga: "in aice leis an doirteal" },
  { en: "on the windowsill", ga: "ar leac na fuinneoige" },
  { en: "behind the door", ga: "taobh thiar den doras" },
  { en: "under the clock", ga: "faoin gclog" },
  { en: "beside the whiteboard", ga: "in aice leis an gclár bán" },
  { en: "in the reading corner", ga: "sa chúinne léitheoireachta" },
  { en: "on the teacher's chair", ga: "ar chathaoir an mhúinteora" },
  { en: "beside the globe", ga: "in aice leis an gcruinneog" },
  { en: "under the bin", ga: "faoin mbosca bruscair" },
  { en: "beside the coat hooks", ga: "in aice leis na crúcaí cótaí" },
  { en: "beside the computer", ga: "in aice leis an ríomhaire" },
  { en: "under the plant pot", ga: "faoin bpota plandaí" },
  { en: "on the nature table", ga: "ar an mbord dúlra" },
  { en: "in the toy box", ga: "sa bhosca bréagán" },
  { en: "beside the calendar", ga: "in aice leis an bhféilire" },
];

/** `count` hiding places, all different, starting at `start` in HIDING_PLACES. */
export function hidingPlaces(count: number, start = 0): Words[] {
  if (count > HIDING_PLACES.length) throw new Error(`Only ${HIDING_PLACES.length} hiding places`);
  return Array.from({ length: count }, (_, i) => HIDING_PLACES[(start + i) % HIDING_PLACES.length]!);
}

/** One question of a hunt in one language, as the scripts write it. */
export type HuntQuestion = {
  question: string;
  /** Four, different. */
  options: string[];
  /** The right option's text: one of `options`. */
  answer: string;
  /** A hint after a wrong answer: never the answer. */
  clue: string;
  hidingPlace: string;
  /** The question's own picture and its description for a pupil who cannot see it. */
  picture?: { key: PictureKey; alt: string };
  /** The options' pictures, A to D (null where an option has none); each option's text describes its picture. */
  optionPictures?: (PictureKey | null)[];
};

/** A hunt in one language: one file. */
export type Hunt = {
  level: Level;
  subject: HuntSubject;
  lang: Lang;
  /** The app's subject (Mathematics, English, Irish, Science, Geography, History). */
  gameSubject: Subject;
  /** The title's last part ("Counting to 5"), also the game's topic. */
  topic: string;
  /** One line, at most 140 characters. */
  description: string;
  questions: HuntQuestion[];
};

export const huntId = (h: Pick<Hunt, "level" | "subject" | "lang">) => `${h.level}-${h.subject}-${h.lang}`;
export const huntPath = (h: Pick<Hunt, "level" | "subject" | "lang">, root = STARTER_DIR) =>
  path.join(root, h.level, `${h.subject}.${h.lang}.cluehunt.json`);
/** The sources file of a pair that is not Mathematics, beside the two files. */
export const sourcesFileName = (subject: HuntSubject) => (subject === "maths" ? null : `${subject}.sources.md`);

/** The game file of a hunt, its pictures given by key. */
export function huntFile(hunt: Hunt, pictures: ReadonlyMap<PictureKey, Pick<RenderedPicture, "base64">>) {
  const images: string[] = [];
  const indexOf = new Map<PictureKey, number>();
  const imageOf = (key: PictureKey) => {
    const picture = pictures.get(key);
    if (!picture) throw new Error(`${huntId(hunt)}: picture ${key} was not drawn`);
    if (!indexOf.has(key)) indexOf.set(key, images.push(picture.base64) - 1);
    return indexOf.get(key)!;
  };
  const questions = hunt.questions.map((q, i) => {
    const correctAnswer = q.options.indexOf(q.answer);
    if (correctAnswer < 0) throw new Error(`${huntId(hunt)} question ${i + 1}: "${q.answer}" is not an option`);
    if (q.optionPictures && q.optionPictures.length !== 4)
      throw new Error(`${huntId(hunt)} question ${i + 1}: four option pictures, A to D`);
    const image = q.picture ? imageOf(q.picture.key) : undefined;
    return {
      questionText: q.question,
      options: q.options,
      correctAnswer,
      clue: q.clue,
      hidingPlace: q.hidingPlace,
      ...(image !== undefined ? { image, imageAlt: q.picture!.alt } : {}),
      ...(q.optionPictures ? { optionImages: q.optionPictures.map((k) => (k ? imageOf(k) : null)) } : {}),
    };
  });
  const sources = sourcesFileName(hunt.subject);
  return {
    format: GAME_FILE_FORMAT,
    version: GAME_FILE_VERSION,
    exportedAt: STARTER_EXPORTED_AT,
    game: {
      title: huntTitle(hunt.gameSubject, hunt.level, hunt.lang, hunt.topic),
      description: hunt.description,
      subject: hunt.gameSubject,
      classLevel: LEVELS[hunt.level].classLevel,
      topic: hunt.topic,
      context: null,
      numQuestions: null,
      language: hunt.lang,
      questions,
      ...(images.length > 0 ? { images } : {}),
    },
    starter: {
      id: huntId(hunt),
      pair: `${hunt.level}-${hunt.subject}`,
      ...(hunt.lang === "ga" ? { irishReviewedBy: null } : {}),
      ...(sources ? { sources } : {}),
    },
  };
}

/** Every picture key the hunts use. */
export const picturesOf = (hunts: Hunt[]): PictureKey[] => [
  ...new Set(
    hunts.flatMap((h) =>
      h.questions.flatMap((q) => [
        ...(q.picture ? [q.picture.key] : []),
        ...(q.optionPictures ?? []).filter((k): k is PictureKey => k !== null),
      ]),
    ),
  ),
];

/**
 * Draws the hunts' pictures, writes their files and lays them out with Biome. Returns the
 * files written and the pictures with their sizes.
 */
export async function writeHunts(hunts: Hunt[], root = STARTER_DIR) {
  const pictures = await renderPictures(picturesOf(hunts));
  const files: string[] = [];
  for (const hunt of hunts) {
    const file = huntPath(hunt, root);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(huntFile(hunt, pictures), null, 2)}\n`);
    files.push(file);
  }
  const biome = path.join(projectRoot, "node_modules/.bin/biome");
  const formatted = spawnSync(biome, ["format", "--write", ...files], { cwd: projectRoot, encoding: "utf8" });
  if (formatted.status !== 0) throw new Error(`biome format failed:\n${formatted.stdout}${formatted.stderr}`);
  return { files, pictures };
}

/** One line per file and the pictures' sizes, for the person who ran the build. */
export function report(result: Awaited<ReturnType<typeof writeHunts>>) {
  for (const file of result.files) console.info(`wrote ${path.relative(projectRoot, file)}`);
  const sizes = [...result.pictures.values()].map((p) => p.bytes.length).sort((a, b) => a - b);
  if (sizes.length === 0) return;
  const total = sizes.reduce((a, b) => a + b, 0);
  console.info(
    `${sizes.length} pictures: ${(sizes[0]! / 1024).toFixed(1)}–${(sizes.at(-1)! / 1024).toFixed(1)} KB, median ${(sizes[Math.floor(sizes.length / 2)]! / 1024).toFixed(1)} KB, ${(total / 1024).toFixed(0)} KB in all`,
  );
}
