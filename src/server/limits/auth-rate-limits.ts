/**
 * Limits on the auth endpoints and the account page. Counted in the shared limit counters, so
 * they hold across instances. A whole school reaches the server through ONE address (a
 * pupil's made-up logins come from the address its teachers use), so a signed-out client's
 * requests never spend a teacher's allowance:
 *
 * - per address (the socket address, or X-Forwarded-For when TRUST_PROXY says a proxy we trust
 *   sets it; an IPv6 address counts as its /64, address-key.ts): only ceilings on volume, far
 *   above what a school does, and the routes that need no sign-in (sign-up, password resets);
 * - wrong passwords at login, per address AND email together: guessing one teacher's password
 *   is stopped, and mistakes typed for other addresses cost her nothing;
 * - the account page, per teacher, after sign-in (`perTeacher`), and its wrong passwords per teacher.
 */
const MINUTE_MS = 60_000;

export const authRateLimits = {
  /** Every login from one address, right or wrong: a ceiling on volume (each costs a password hash). */
  login: { max: 300, timeWindow: "5 minutes" },
  signup: { max: 10, timeWindow: "10 minutes" },
  forgotPassword: { max: 5, timeWindow: "15 minutes" },
  resetPassword: { max: 10, timeWindow: "15 minutes" },
  // The email links' tokens are 256-bit: these only bound the work one address makes.
  confirmEmail: { max: 10, timeWindow: "15 minutes" },
  undoEmailChange: { max: 10, timeWindow: "15 minutes" },
} as const;

/** Wrong passwords at login for one email from one address (failures only). */
export const LOGIN_FAILURES = { max: 10, windowMs: 15 * MINUTE_MS } as const;

/** The account page, per signed-in teacher: each mails someone, checks a password or deletes a great deal. */
export const perTeacher = {
  changeEmail: { max: 5, windowMs: 15 * MINUTE_MS },
  changePassword: { max: 10, windowMs: 5 * MINUTE_MS },
  /** Each of the other routes (name, language, export, sign out everywhere, delete), counted apart. */
  accountWrite: { max: 30, windowMs: 5 * MINUTE_MS },
  /** Wrong current passwords on the account page (email, password, deletion together), failures only. */
  wrongPasswords: { max: 10, windowMs: 15 * MINUTE_MS },
} as const;
