/**
 * The shipped starter set's layout (docs/STARTER-HUNTS.md): its levels and file names, and a
 * starter game file as the build writes it. Shared by build-maths.ts and check.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { GameFile } from "../../src/server/games/game-file.ts";
import type { ClassLevel } from "../../src/shared/games/curriculum.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const STARTER_DIR = path.join(ROOT, "starter-hunts");

/**
 * The levels' folder names, Junior Infants first, with their class level and its Irish name in a
 * title: as the app's catalogue names it (catalogue.level.*, docs/GLOSSARY-GA.md: "Rang a 3"), as the
 * infant hunts do too, rather than docs/STARTER-HUNTS.md's example "Rang 3".
 */
export const LEVELS = [
  { slug: "junior-infants", classLevel: "Junior Infants", ga: "Naíonáin Shóisearacha" },
  { slug: "senior-infants", classLevel: "Senior Infants", ga: "Naíonáin Shinsearacha" },
  { slug: "1st-class", classLevel: "1st Class", ga: "Rang a 1" },
  { slug: "2nd-class", classLevel: "2nd Class", ga: "Rang a 2" },
  { slug: "3rd-class", classLevel: "3rd Class", ga: "Rang a 3" },
  { slug: "4th-class", classLevel: "4th Class", ga: "Rang a 4" },
  { slug: "5th-class", classLevel: "5th Class", ga: "Rang a 5" },
  { slug: "6th-class", classLevel: "6th Class", ga: "Rang a 6" },
] as const satisfies readonly { slug: string; classLevel: ClassLevel; ga: string }[];
export type LevelSlug = (typeof LEVELS)[number]["slug"];

export const HUNT_SUBJECTS = ["maths", "language", "sese"] as const;
export type HuntSubject = (typeof HUNT_SUBJECTS)[number];
export type Lang = "en" | "ga";

/** A game subject's name at the start of a title, in each language. */
export const SUBJECT_TITLES: Record<string, { en: string; ga: string }> = {
  Mathematics: { en: "Mathematics", ga: "Matamaitic" },
  English: { en: "English", ga: "Béarla" },
  Irish: { en: "Irish", ga: "Gaeilge" },
  History: { en: "History", ga: "Stair" },
  Geography: { en: "Geography", ga: "Tíreolaíocht" },
  Science: { en: "Science", ga: "Eolaíocht" },
};

/** When the shipped files say they were made: fixed, so that building again changes nothing (the infant hunts' date). */
export const EXPORTED_AT = "2026-11-29T00:00:00.000Z";

export type StarterObject = { id: string; pair: string; irishReviewedBy?: string | null; sources?: string };
export type StarterGameFile = GameFile & { starter: StarterObject };

export const starterPath = (level: LevelSlug, subject: HuntSubject, lang: Lang) =>
  path.join(STARTER_DIR, level, `${subject}.${lang}.cluehunt.json`);

/** "Mathematics - 3rd Class - Fractions" / "Matamaitic - Rang a 3 - Codáin". */
export function huntTitle(subject: string, level: LevelSlug, lang: Lang, topic: string): string {
  const name = SUBJECT_TITLES[subject];
  const info = LEVELS.find((l) => l.slug === level);
  if (!name || !info) throw new Error(`No title for ${subject} at ${level}`);
  return `${name[lang]} - ${lang === "en" ? info.classLevel : info.ga} - ${topic}`;
}

/**
 * A starter file: the game (its questions already in the file's form, its title made from its
 * topic) and its `starter` object. `numQuestions` is null: it is the editor's last AI choice, and a
 * starter hunt was not made with one.
 */
export function starterGameFile(args: {
  level: LevelSlug;
  subject: HuntSubject;
  lang: Lang;
  game: Pick<GameFile["game"], "description" | "questions"> & { subject: string; topic: string };
  /** The sources file beside it (not for Mathematics). */
  sources?: string;
}): StarterGameFile {
  const { level, subject, lang, game, sources } = args;
  const info = LEVELS.find((l) => l.slug === level)!;
  return {
    format: "cluehunt-game",
    version: 1,
    exportedAt: EXPORTED_AT,
    game: {
      title: huntTitle(game.subject, level, lang, game.topic),
      description: game.description,
      subject: game.subject,
      classLevel: info.classLevel,
      topic: game.topic,
      context: null,
      numQuestions: null,
      language: lang,
      questions: game.questions,
    },
    starter: {
      id: `${level}-${subject}-${lang}`,
      pair: `${level}-${subject}`,
      ...(lang === "ga" ? { irishReviewedBy: null } : {}),
      ...(sources ? { sources } : {}),
    },
  };
}

/** Writes starter files, then lays them out as the repository's formatter does (so format:check passes). */
export function writeStarterFiles(files: ReadonlyArray<{ file: string; contents: StarterGameFile }>) {
  for (const { file, contents } of files) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(contents, null, 2)}\n`);
  }
  if (files.length === 0) return;
  execFileSync(
    path.join(ROOT, "node_modules/.bin/biome"),
    ["format", "--write", ...files.map((f) => path.relative(ROOT, f.file))],
    { cwd: ROOT, stdio: "inherit" },
  );
}
