/**
 * The client's auth state machine (SPEC section 4, "Auth state"), as pure functions.
 *
 * loading → no user | anonymous user | signed-in user. A signed-in, non-anonymous user
 * without the teacher role is polled for it: up to 5 times, 3 seconds apart. Success makes
 * them a teacher; running out (or an error) is the setup-failed state. A different user
 * appearing stops the polling of the previous one.
 */
import type { CurrentUser } from "./auth-contracts.ts";

export const ROLE_POLL_ATTEMPTS = 5;
export const ROLE_POLL_INTERVAL_MS = 3000;

export type RolePoll = { userId: string; attempts: number; failed: boolean };

export type AuthView =
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "anonymous"; user: CurrentUser }
  | { kind: "teacher"; user: CurrentUser }
  | { kind: "finishing-setup"; user: CurrentUser }
  | { kind: "setup-failed"; user: CurrentUser };

/** Catalogue keys: in the pupil part, since the guard shows them before a teacher page loads. */
export const authTexts = {
  loading: "common.loading",
  finishingSetup: "common.auth.finishingSetup",
  setupFailed: "common.auth.setupFailed",
} as const;

export function needsRolePoll(user: CurrentUser | null): user is CurrentUser {
  return user !== null && !user.isAnonymous && user.role !== "teacher";
}

/** Where the auth state machine stands, given what the server said and the polling so far. */
export function authView(loading: boolean, user: CurrentUser | null | undefined, poll: RolePoll | null): AuthView {
  if (loading || user === undefined) return { kind: "loading" };
  if (user === null) return { kind: "signed-out" };
  if (user.isAnonymous) return { kind: "anonymous", user };
  if (user.role === "teacher") return { kind: "teacher", user };
  if (poll && poll.userId === user.id && poll.failed) return { kind: "setup-failed", user };
  return { kind: "finishing-setup", user };
}

/** The poll after one more attempt that still found no teacher role (or failed). */
export function afterPollAttempt(poll: RolePoll | null, userId: string, errored: boolean): RolePoll {
  const attempts = poll && poll.userId === userId ? poll.attempts + 1 : 1;
  return { userId, attempts, failed: errored || attempts >= ROLE_POLL_ATTEMPTS };
}
