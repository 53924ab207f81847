/**
 * The rules of a live session (SPEC section 4, "Sessions"): how many groups, how long it
 * lasts, and the texts of starting and ending one. No imports: any bundle may load it.
 */

export const MIN_GROUPS = 1;
export const MAX_GROUPS = 6;
export const DEFAULT_MAX_DURATION_MINUTES = 60;

export const sessionMessages = {
  notFound: "Session not found.",
  groupCountRange: "Group count must be between 1 and 6",
  gameHasNoQuestions: "Game has no questions or data invalid",
  notAuthorizedToStart: "You are not authorized to start a session for this game.",
  notAuthorizedToEnd: "You are not authorized to end this session.",
  uniqueCodeFailed: "Failed to generate a unique join code after 10 attempts",
  confirmEnd: "Are you sure you want to end this session for all groups?",
  endedSuccessfully: "Session ended successfully!",
} as const;
