/**
 * Retention of children's data: when a session's results are deleted, and the sentence the
 * results page shows about it. Pure; the server's sweep (server/privacy/retention.ts) and the
 * page use the same rule.
 */
import { formatDate } from "../format.ts";
import { type Message, msg } from "../i18n/messages.ts";

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When an ended session's results are deleted; null while it is still running. */
export function resultsDeletionDate(endTime: Date | string | null, retentionDays: number): Date | null {
  if (endTime === null) return null;
  const end = new Date(endTime).getTime();
  if (Number.isNaN(end)) return null;
  return new Date(end + retentionDays * DAY_MS);
}

/** What the results page says about it, in the reader's language (`locale` for the date). */
export function deletionNotice(deletesAt: string | null, retentionDays: number, locale = "en-IE"): Message {
  if (deletesAt === null) return msg("results.deletesAfter", { count: retentionDays });
  return msg("results.deletesOn", { date: formatDate(deletesAt, locale) });
}

/** `GET /api/privacy`: the settings the privacy page states. */
export type PrivacySettings = { retentionDays: number };
