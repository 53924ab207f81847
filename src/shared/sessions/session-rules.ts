/**
 * The rules of a live session (SPEC section 4, "Sessions"): how many groups, how long it
 * lasts, and the texts of starting and ending one. No run-time imports: any bundle may load it.
 */
import type { MessageTable } from "../i18n/messages.ts";

export const MIN_GROUPS = 1;
export const MAX_GROUPS = 6;
export const DEFAULT_MAX_DURATION_MINUTES = 60;

/**
 * Homework (decision 041): a session kept open until a closing time, at most this many
 * days ahead: a fortnight covers a week's homework over a mid-term break, and no longer holds join
 * codes and pupils' names open beyond what a teacher can oversee.
 */
export const HOMEWORK_MAX_DAYS = 14;

/** Whether a homework closing time (ms) is acceptable at `now` (ms): a catalogue key when it is not. */
export function closingTimeProblem(closesAt: number, now: number): string | null {
  if (!Number.isFinite(closesAt)) return sessionMessages.closesAtInvalid;
  if (closesAt <= now) return sessionMessages.closesAtPast;
  if (closesAt > now + HOMEWORK_MAX_DAYS * 24 * 60 * 60 * 1000) return sessionMessages.closesAtTooFar;
  return null;
}

/** Catalogue keys. */
export const sessionMessages = {
  notFound: "sessions.notFound",
  groupCountRange: "sessions.groupCountRange",
  gameHasNoQuestions: "sessions.gameHasNoQuestions",
  notAuthorizedToStart: "sessions.notAuthorizedToStart",
  notAuthorizedToEnd: "sessions.notAuthorizedToEnd",
  cannotStart: "sessions.cannotStart",
  cannotEnd: "sessions.cannotEnd",
  uniqueCodeFailed: "sessions.uniqueCodeFailed",
  confirmEnd: "sessions.confirmEnd",
  endedSuccessfully: "sessions.endedSuccessfully",
  closesAtInvalid: "sessions.closesAt.invalid",
  closesAtPast: "sessions.closesAt.past",
  closesAtTooFar: "sessions.closesAt.tooFar",
} as const satisfies MessageTable;
