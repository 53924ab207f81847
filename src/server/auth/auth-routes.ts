/**
 * The teachers' auth API (pupils sign in by joining: pupil-device.ts). Each route: rate limit → validate (shared schemas) → better-auth → present.
 * better-auth's own error codes are translated into the sentences the forms show.
 */
import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authContracts } from "../../shared/account/account-contracts.server.ts";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import { ApiError } from "../../shared/api-errors.ts";
import type { Db } from "../db/client.ts";
import { authVerifications, users } from "../db/schema.ts";
import { serve } from "../http/contract-routes.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { inEnglish } from "../i18n.ts";
import { addressKey } from "../limits/address-key.ts";
import { authRateLimits, LOGIN_FAILURES } from "../limits/auth-rate-limits.ts";
import { failureAllowance } from "../limits/failure-allowance.ts";
import { LOGOUT_RATE_LIMIT } from "../limits/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { Auth } from "./auth.ts";
import { currentUser, forgetVerifiedCookies, forwardCookies, presentUser } from "./current-user.ts";
import { endPendingLinks } from "./email-change.ts";
import { hasAccountCookie, signedInTeacher } from "./guards.ts";
import type { PupilDevices } from "./pupil-device.ts";
import { announceSignOut } from "./revocation.ts";

const requestHeaders = (request: FastifyRequest) => fromNodeHeaders(request.headers);

/** A wrong email or password, as the login answers it (401). */
const isWrongCredentials = (error: unknown) => error instanceof ApiError && error.code === "invalid_credentials";

/**
 * Whose wrong passwords a login counts: the address and the email together. The email as a
 * hash, so the limit counters hold no one's address (nor the ones a guesser made up).
 */
function loginKey(request: FastifyRequest, email: string): string {
  const emailHash = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  return `${addressKey(request.ip)}:${emailHash}`;
}

/** Translate better-auth's errors into ours; anything unexpected stays a 500. */
function translateAuthError(error: unknown): never {
  if (error instanceof APIError) {
    const code = String(error.body?.code ?? "");
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      throw new ApiError(401, "invalid_credentials", authMessages.invalidCredentials);
    if (code.startsWith("USER_ALREADY_EXISTS")) throw conflict("email_taken", authMessages.emailTaken);
    if (code === "PASSWORD_TOO_SHORT")
      throw badRequest("password_too_short", authMessages.passwordTooShort, "password");
    if (code === "PASSWORD_TOO_LONG") throw badRequest("password_too_long", authMessages.passwordTooLong, "password");
    if (code === "INVALID_EMAIL") throw badRequest("invalid_email", authMessages.emailInvalid, "email");
    if (code === "INVALID_TOKEN") throw badRequest("invalid_token", authMessages.resetLinkInvalid);
  }
  throw error;
}

export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; devices: PupilDevices; events: EventBus },
) {
  const { auth, db, devices } = deps;
  const loginFailures = failureAllowance(
    app.limitCounters,
    "login-failures",
    LOGIN_FAILURES,
    authMessages.tooManyAttempts,
  );

  // A teacher's account, else a pupil's device (shown as the anonymous student it stands for, so
  // the web app sends a pupil who opens a teacher page back to the start), else nobody.
  serve(app, authContracts.me, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const user = hasAccountCookie(request) ? await currentUser(auth, request, { fresh: true }) : null;
    if (user) return { user };
    const device = devices.of(request);
    return {
      user: device && {
        id: device.deviceId,
        displayName: "Student",
        email: null,
        role: "student" as const,
        isAnonymous: true,
        preferredLanguage: null,
      },
    };
  });

  serve(app, authContracts.signup, { config: { rateLimit: authRateLimits.signup } }, async (request, reply) => {
    const input = request.body;
    const result = await auth.api
      .signUpEmail({
        body: { name: input.displayName, email: input.email, password: input.password },
        headers: requestHeaders(request),
        returnHeaders: true,
      })
      .catch(translateAuthError);
    forwardCookies(reply, result.headers);
    reply.code(201);
    return { user: presentUser(result.response.user) };
  });

  serve(app, authContracts.login, { config: { rateLimit: authRateLimits.login } }, async (request, reply) => {
    const input = request.body;
    // Wrong passwords are counted per address and email: guessing one account is stopped,
    // and a pupil typing made-up logins on the school's address locks no teacher out.
    const result = await loginFailures.guard(
      loginKey(request, input.email),
      () =>
        auth.api
          .signInEmail({ body: input, headers: requestHeaders(request), returnHeaders: true })
          .catch(translateAuthError),
      isWrongCredentials,
    );
    forwardCookies(reply, result.headers);
    return { user: presentUser(result.response.user) };
  });

  serve(app, authContracts.logout, { config: { rateLimit: LOGOUT_RATE_LIMIT } }, async (request, reply) => {
    // Whose sign-in ends, so that their live streams on this browser's cookie end with it.
    const teacher = await signedInTeacher(auth, request);
    const result = await auth.api
      .signOut({ headers: requestHeaders(request), returnHeaders: true })
      .catch(translateAuthError);
    forgetVerifiedCookies(auth, request);
    if (teacher) announceSignOut(deps.events, teacher.id);
    forwardCookies(reply, result.headers);
    return { ok: true as const };
  });

  // Same answer whether or not the email is registered.
  serve(
    app,
    authContracts.forgotPassword,
    { config: { rateLimit: authRateLimits.forgotPassword } },
    async (request) => {
      const input = request.body;
      await auth.api
        .requestPasswordReset({ body: { email: input.email }, headers: requestHeaders(request) })
        .catch(translateAuthError);
      return { message: inEnglish(authMessages.resetEmailSent) };
    },
  );

  // Sets the new password, spends the token, and signs the teacher in.
  serve(
    app,
    authContracts.resetPassword,
    { config: { rateLimit: authRateLimits.resetPassword } },
    async (request, reply) => {
      const input = request.body;
      const [pending] = await db
        .select({ id: users.id, email: users.email })
        .from(authVerifications)
        .innerJoin(users, eq(users.id, authVerifications.value))
        .where(eq(authVerifications.identifier, `reset-password:${input.token}`));
      if (!pending) throw badRequest("invalid_token", authMessages.resetLinkInvalid);
      await auth.api
        .resetPassword({ body: { token: input.token, newPassword: input.password }, headers: requestHeaders(request) })
        .catch(translateAuthError);
      // better-auth ended every sign-in of the teacher (revokeSessionsOnPasswordReset): open streams
      // too, any pending email change, and every other reset link.
      await endPendingLinks(db, pending.id);
      announceSignOut(deps.events, pending.id);
      const result = await auth.api
        .signInEmail({
          body: { email: pending.email, password: input.password },
          headers: requestHeaders(request),
          returnHeaders: true,
        })
        .catch(translateAuthError);
      forwardCookies(reply, result.headers);
      return { user: presentUser(result.response.user) };
    },
  );
}
