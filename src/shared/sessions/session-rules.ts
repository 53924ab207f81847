/**
 * The rules of a live session (SPEC section 4, "Sessions"): how many groups, how long it
 * lasts, and the texts of starting and ending one. No imports: any bundle may load it.
 */

export const MIN_GROUPS = 1;
export const MAX_GROUPS = 6;
export const DEFAULT_MAX_DURATION_MINUTES = 60;

/** Catalogue keys (issue 17). */
export const sessionMessages = {
  notFound: "sessions.notFound",
  groupCountRange: "sessions.groupCountRange",
  gameHasNoQuestions: "sessions.gameHasNoQuestions",
  notAuthorizedToStart: "sessions.notAuthorizedToStart",
  notAuthorizedToEnd: "sessions.notAuthorizedToEnd",
  uniqueCodeFailed: "sessions.uniqueCodeFailed",
  confirmEnd: "sessions.confirmEnd",
  endedSuccessfully: "sessions.endedSuccessfully",
} as const;
