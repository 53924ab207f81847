/**
 * A different game for each group of one session (decision 036): multi-grade classes,
 * one game per class level. The session is started from one game; the teacher may give any group
 * another of their own games. Pure rules, no imports but the session's limits: any bundle may load it.
 */

import type { MessageTable } from "../i18n/messages.ts";
import { MAX_GROUPS } from "./session-rules.ts";

/** One game per group at most, so six. */
export const MAX_GAMES_PER_SESSION = MAX_GROUPS;

/** Catalogue keys of the refusals (the server's; the Start Session form shows them too). */
export const groupGameMessages = {
  /** A group's game is not one of the host's own (the SPEC's authorization message). */
  notYours: "sessions.notAuthorizedToStart",
  /** More games named than the session has groups. */
  moreGamesThanGroups: "sessions.groupGames.moreThanGroups",
  /** A group's game is not a game id at all, or no longer exists. */
  notFound: "sessions.groupGames.notFound",
} as const satisfies MessageTable;

/**
 * Each group's game, in group order: the game named for the group (`chosen[i]`), or the session's
 * own game when none is named (null, undefined, empty, or beyond the list).
 */
export function groupGameIds(
  sessionGameId: string,
  groupCount: number,
  chosen: readonly (string | null | undefined)[] = [],
): string[] {
  return Array.from({ length: groupCount }, (_, i) => chosen[i] || sessionGameId);
}

/** The distinct games of a session's groups, in the order of the first group playing each. */
export function distinctGames<G extends { gameId: string }>(groups: readonly G[]): G[] {
  const seen = new Set<string>();
  return groups.filter((g) => !seen.has(g.gameId) && seen.add(g.gameId));
}

/** Whether the session's groups play more than one game (a "split" session). */
export const isSplitSession = (groups: readonly { gameId: string }[]): boolean => distinctGames(groups).length > 1;

/** The dashboard's title of a session: its games' titles in group order, joined ("Halves + Fractions"). */
export const sessionGamesTitle = (titles: readonly string[]): string => titles.join(" + ");

/**
 * Quick assignment on Start Session: the groups from `from` to `to` (1-based, inclusive) get
 * `gameId`; the others keep their choice. Out-of-range numbers are clamped to the groups there are.
 */
export function assignGameToGroups(
  chosen: readonly (string | null)[],
  groupCount: number,
  from: number,
  to: number,
  gameId: string | null,
): (string | null)[] {
  const next = Array.from({ length: groupCount }, (_, i) => chosen[i] ?? null);
  const first = Math.max(1, Math.min(from, to));
  const last = Math.min(groupCount, Math.max(from, to));
  for (let n = first; n <= last; n++) next[n - 1] = gameId;
  return next;
}
