/**
 * A teacher's game library: editing, archiving, deleting and finding games. The
 * texts, the archive request's schema, which games a search shows, and how an edited game's
 * stored title splits back into the editor's fields. Pure; used by the server and the web.
 */
import { z } from "zod";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import type { GameSummary } from "./game-responses.ts";
import { effectiveTitle, type TitleNames } from "./games.ts";

/** Catalogue keys; functions give a key with its values. */
export const libraryMessages = {
  editTitle: "library.editTitle",
  saved: "library.saved",
  gameNotFound: "library.gameNotFound",
  /** Edit Game's: the same words as the preview's. */
  fetchFailed: (reason: string) => messageText(msg("games.preview.fetchFailed", { reason })),
  archivedCannotStart: "library.archivedCannotStart",
  archiveNotBoolean: "library.archiveNotBoolean",
  deleteConfirm: (title: string) => msg("library.deleteConfirm", { title }),
  deleteConfirmWithSessions: (title: string, sessions: number) =>
    msg("library.deleteConfirmWithSessions", { title, count: sessions }),
  deleted: (title: string) => msg("library.deleted", { title }),
  archivedInsteadOfDeleted: (title: string) => msg("library.archivedInsteadOfDeleted", { title }),
  archived: (title: string) => msg("library.archived", { title }),
  restored: (title: string) => msg("library.restored", { title }),
  noMatches: "library.noMatches",
} as const satisfies MessageTable;

/** PATCH /api/games/:gameId: the only field a teacher changes in place. */
export const ArchiveGameSchema = z.object({ archived: z.boolean({ message: libraryMessages.archiveNotBoolean }) });
export type ArchiveGameInput = z.input<typeof ArchiveGameSchema>;

/** What DELETE /api/games/:gameId did: a game with sessions is archived instead, so its results stay. */
export type DeleteGameResponse = { outcome: "deleted" | "archived" };

/** The search box and filters appear once a teacher has more games than this. */
export const LIBRARY_SEARCH_THRESHOLD = 6;

export type GameFilter = { search: string; subject: string; level: string };
export const noGameFilter: GameFilter = { search: "", subject: "", level: "" };

/** Case- and accent-insensitive text, so "gaeilge" finds "Gaeilge" and "fadas" finds "fadás". */
const folded = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-IE");

/** The games a search shows: the title contains every word typed; subject and class level as chosen ("" = any). */
export function filterGames<G extends Pick<GameSummary, "title" | "aiLastUsedSubject" | "aiLastUsedLevel">>(
  games: readonly G[],
  filter: GameFilter,
): G[] {
  const words = folded(filter.search).split(/\s+/).filter(Boolean);
  return games.filter(
    (g) =>
      (!filter.subject || g.aiLastUsedSubject === filter.subject) &&
      (!filter.level || g.aiLastUsedLevel === filter.level) &&
      words.every((w) => folded(g.title).includes(w)),
  );
}

/** The subjects and class levels a teacher's games use, in catalogue order: the filters offer only these. */
export function usedValues(
  games: readonly Pick<GameSummary, "aiLastUsedSubject" | "aiLastUsedLevel">[],
  catalogue: { subjects: readonly string[]; levels: readonly string[] },
) {
  const subjects = new Set(games.map((g) => g.aiLastUsedSubject));
  const levels = new Set(games.map((g) => g.aiLastUsedLevel));
  return {
    subjects: catalogue.subjects.filter((s) => subjects.has(s)),
    levels: catalogue.levels.filter((l) => levels.has(l)),
  };
}

/**
 * The editor's "Game Title (optional)" for a stored game. The stored title is the effective
 * title ("Custom - Subject - Level - Topic"), so the custom part is what is left once the
 * automatic part is taken off the end. A title that does not end with it (written before the
 * AI fields changed, or without them) is kept whole; the effective-title line shows the result.
 */
export function customTitlePart(
  title: string,
  parts: { subject?: string | null; level?: string | null; topic?: string | null },
  ...namings: TitleNames[]
): string {
  // The title was made in whichever language its teacher worked in then: each naming is tried.
  for (const names of namings.length > 0 ? namings : [undefined]) {
    const auto = effectiveTitle(parts, names);
    if (!auto) return title;
    if (title === auto) return "";
    if (title.endsWith(` - ${auto}`)) return title.slice(0, -` - ${auto}`.length);
  }
  return title;
}
