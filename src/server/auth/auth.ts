/**
 * better-auth, configured for Cluehunt: email + password teachers, anonymous students,
 * sessions in our database, scrypt password hashes (memory-hard, better-auth's default).
 *
 * Its HTTP handler is not exposed. Our own routes (auth-routes.ts) validate with the
 * shared schemas and call `auth.api.*`, so only the endpoints we chose exist and every
 * error reads as we want.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { anonymous } from "better-auth/plugins/anonymous";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/account/auth-contracts.ts";
import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import type { Db } from "../db/client.ts";
import { authAccounts, authSessions, authVerifications, users } from "../db/schema.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { loggable } from "../http/error-log.ts";

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SESSION_CACHE_SECONDS = 5 * 60;

/** How a password is hashed for storing and checked at login: better-auth's `password` option. */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

export type AuthOptions = {
  db: Db;
  secret: string;
  appUrl: string;
  log: FastifyBaseLogger;
  /** `language`: the teacher's saved language, which the email is written in. */
  sendPasswordResetEmail(
    to: { email: string; displayName: string; language: Language | null },
    link: string,
  ): Promise<void>;
  /**
   * Omitted in every deployment: better-auth's scrypt (N=16384, r=16; ~70 ms of a core per
   * hash). The API tests' servers pass a cheaper scrypt of the same shape
   * (tests/support/test-password-hashing.ts): they sign up and log in hundreds of teachers.
   */
  passwordHashing?: PasswordHashing;
};

/** Each auth instance's database, for the revocation check (auth/session-check.ts). */
export const authDatabases = new WeakMap<object, Db>();

export function createAuth(options: AuthOptions) {
  const auth = configureAuth(options);
  authDatabases.set(auth, options.db);
  return auth;
}

function configureAuth(options: AuthOptions) {
  return betterAuth({
    appName: "Cluehunt",
    baseURL: options.appUrl,
    basePath: "/api/auth",
    secret: options.secret,
    telemetry: { enabled: false },
    // Its warnings are about ordinary user mistakes (wrong password): info for us.
    logger: {
      log: (level, message, ...args) => {
        // A database outage is not better-auth's error to report (with the query, per request):
        // the app's error handler answers 503 and logs the outage once every few seconds.
        const outage = args.some((arg) => isDatabaseUnavailable(arg));
        const target = outage ? "debug" : level === "error" ? "error" : level === "warn" ? "info" : "debug";
        // Its errors are database errors too: logged without the query's values (http/error-log.ts).
        options.log[target]({ args: args.map(loggable) }, `[auth] ${message}`);
      },
    },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      transaction: true,
      schema: { user: users, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    // Our Fastify routes rate-limit per client address (TRUST_PROXY-aware) instead.
    rateLimit: { enabled: false },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // A signed copy of the session in a cookie saves a database round trip on every
      // pupil request (a pupil answers every few seconds). A teacher's session is checked
      // against its row on every request anyway (auth/session-check.ts, decision 020), so
      // revoking it takes effect at once.
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
    },
    user: {
      additionalFields: {
        // input: false, so no client can choose its own role.
        role: { type: "string", required: false, input: false },
        // Set only by PATCH /api/account/language, never by sign-up.
        preferredLanguage: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The role is written in the same insert as the user: no window without it.
          before: async (user) => ({
            data: { ...user, role: (user as { isAnonymous?: boolean }).isAnonymous ? "student" : "teacher" },
          }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const { preferredLanguage } = user as { preferredLanguage?: unknown };
        await options.sendPasswordResetEmail(
          {
            email: user.email,
            displayName: user.name,
            language: isLanguage(preferredLanguage) ? preferredLanguage : null,
          },
          link,
        );
      },
    },
    plugins: [
      anonymous({
        emailDomainName: "students.cluehunt.invalid",
        generateName: () => "Student",
        // A child's progress must never vanish because someone later signed in on the same tablet.
        disableDeleteAnonymousUser: true,
      }),
    ],
    advanced: {
      cookiePrefix: "cluehunt",
      // A client's address is personal data we do not need, and without a trusted proxy
      // X-Forwarded-For is whatever the client wrote: sessions keep no address at all.
      ipAddress: { disableIpTracking: true },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof configureAuth>;
