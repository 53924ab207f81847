/**
 * Starter hunts (decision 049): ready hunts shipped as game files (docs/STARTER-HUNTS.md),
 * read by the server at start and kept in memory, read-only to everyone. A teacher lists them,
 * previews one and uses it: "Use this hunt" makes a copy, an ordinary game of her own. The
 * shapes both sides read, the levels a starter hunt is for, and the messages (catalogue keys).
 */
import { CLASS_LEVELS, type ClassLevel } from "../games/curriculum.ts";
import type { Language } from "../i18n/languages.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import type { SharedQuestion } from "../sharing/sharing.ts";

/** The class levels a starter hunt is written for: Junior Infants to 6th Class (not Learning Support, not Other/Mixed). */
export const STARTER_LEVELS = CLASS_LEVELS.slice(0, 8) as readonly ClassLevel[];

/** A starter hunt in the list: what a teacher chooses by. */
export type StarterHuntSummary = {
  /** Stable across versions (docs/STARTER-HUNTS.md: `<level>-<subject>-<lang>` in the shipped set). */
  id: string;
  title: string;
  /** One line saying what the hunt practises. */
  description: string;
  subject: string;
  classLevel: string;
  /** The language of its questions. */
  language: Language;
  questionCount: number;
  /** An Irish hunt's reviewer, a native speaker; null until one signs it off, and in an English hunt. */
  irishReviewedBy: string | null;
};

/**
 * A starter hunt as the teacher's preview reads it: every question with its right answer (it is a
 * teacher), its clue and hiding place, and its pictures by address (`starterPicturePath`).
 */
export type StarterHunt = StarterHuntSummary & { questions: SharedQuestion[] };

/** The list's filters; each absent or "" means "any". */
export type StarterHuntFilter = { level?: string; subject?: string; language?: Language | "" };

/** The starter hunts that pass the filters, in the order given. */
export function filterStarterHunts<H extends Pick<StarterHuntSummary, "classLevel" | "subject" | "language">>(
  hunts: readonly H[],
  filter: StarterHuntFilter,
): H[] {
  return hunts.filter(
    (h) =>
      (!filter.level || h.classLevel === filter.level) &&
      (!filter.subject || h.subject === filter.subject) &&
      (!filter.language || h.language === filter.language),
  );
}

/**
 * The dashboard's filters as shown: each as the teacher chose it (undefined: not touched; "": any),
 * else her interface language and the level of the class she saved or edited last, when it is a
 * starter level (defaultClassLevel, shared/classes/saved-classes.ts), else any level.
 */
export function starterFilterShown(
  chosen: StarterHuntFilter,
  defaults: { language: Language; classLevel: string | null },
): Required<StarterHuntFilter> {
  const level =
    defaults.classLevel && STARTER_LEVELS.includes(defaults.classLevel as ClassLevel) ? defaults.classLevel : "";
  return {
    level: chosen.level ?? level,
    subject: chosen.subject ?? "",
    language: chosen.language ?? defaults.language,
  };
}

/**
 * Where a starter hunt's picture is served: named by its bytes' SHA-256, so the address never
 * names other bytes (a browser keeps it for good, a new version's changed picture has a new
 * address) and a picture two hunts share (the English and the Irish of a pair) is one.
 */
export const STARTER_PICTURE_PATH = "/api/starter-pictures/";
export const starterPicturePath = (sha256: string) => `${STARTER_PICTURE_PATH}${sha256}`;

/** Catalogue keys; a function gives its key with values. */
export const starterMessages = {
  notFound: "starter.notFound",
  pictureNotFound: "games.picture.notFound",
  /** PUT, PATCH or DELETE on a starter hunt: they belong to every school, so nobody changes one. */
  readOnly: "starter.readOnly",
  levelInvalid: "starter.levelInvalid",
  languageInvalid: "starter.languageInvalid",
  used: (title: string) => messageText(msg("starter.used", { title })),
} as const satisfies MessageTable;
