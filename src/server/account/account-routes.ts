/**
 * The teacher's account page (decision 020). Each route: teacher → limit (per teacher, so
 * nobody signed out can spend it) → validate → the current password where the account could
 * be taken (decision 030) → command → present. Password checks and session revocation are
 * better-auth's (`auth.api.*`); the rest is ours, so messages read as the page wants.
 */

import { APIError } from "better-auth/api";
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accountContracts } from "../../shared/account/account-contracts.server.ts";
import { accountMessages, confirmsDeletion } from "../../shared/account/account-contracts.ts";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import { ApiError } from "../../shared/api-errors.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import type { Auth } from "../auth/auth.ts";
import { forwardCookies, presentUser } from "../auth/current-user.ts";
import { confirmEmailChange, endPendingLinks, requestEmailChange, undoEmailChange } from "../auth/email-change.ts";
import { requireTeacher } from "../auth/guards.ts";
import { announceSignOut } from "../auth/revocation.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { serve } from "../http/contract-routes.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { inEnglish } from "../i18n.ts";
import { authRateLimits, perTeacher } from "../limits/auth-rate-limits.ts";
import { failureAllowance } from "../limits/failure-allowance.ts";
import { perTeacherLimit } from "../limits/limits.ts";
import { emailChangeEmail, emailChangeNoticeEmail } from "../mail/email-change-email.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import { deleteAccount, setPreferredLanguage } from "./account-commands.ts";
import { exportAccount, preferredLanguageOf } from "./account-queries.ts";

const requestHeaders = (request: FastifyRequest) => fromNodeHeaders(request.headers);

/** Expired copies of this browser's Cluehunt cookies: after deletion there is no session left to sign out of. */
function clearedCookies(request: FastifyRequest): string[] {
  const names = (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => /^(__Secure-)?cluehunt\./.test(name));
  return names.map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
}

/** A success's sentence: English, and its key for the page to show in its reader's language. */
const said = (key: MessageText) => ({ message: inEnglish(key), key });

const wrongPassword = () => badRequest("wrong_password", accountMessages.wrongPassword, "currentPassword");
const isWrongPassword = (error: unknown) => error instanceof ApiError && error.code === "wrong_password";

export async function registerAccountRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; events: EventBus; mailer: Mailer; appUrl: string },
) {
  const { auth, db } = deps;
  const tooMany = authMessages.tooManyAttempts;
  // Each route counts on its own: a teacher busy with one change is not held up on another.
  const write = (route: string) => perTeacherLimit(app.limitCounters, route, perTeacher.accountWrite, tooMany);
  const limits = {
    changeEmail: perTeacherLimit(app.limitCounters, "change-email", perTeacher.changeEmail, tooMany),
    changePassword: perTeacherLimit(app.limitCounters, "change-password", perTeacher.changePassword, tooMany),
    export: write("account-export"),
    name: write("account-name"),
    language: write("account-language"),
    signOutEverywhere: write("sign-out-everywhere"),
    delete: write("account-delete"),
  };
  // Wrong current passwords, per teacher (the key ends with the id: account deletion clears it).
  const wrongPasswords = failureAllowance(
    app.limitCounters,
    "teacher:wrong-password",
    perTeacher.wrongPasswords,
    tooMany,
  );

  /** Runs `then` if `password` is the teacher's; a wrong one is counted and refused beside its field. */
  const withCurrentPassword = <T>(
    request: FastifyRequest,
    teacherId: string,
    password: string,
    then: () => Promise<T>,
  ) =>
    wrongPasswords.guard(
      teacherId,
      async () => {
        await auth.api
          .verifyPassword({ body: { password }, headers: requestHeaders(request) })
          .catch((error: unknown) => {
            if (error instanceof APIError && String(error.body?.code ?? "") === "INVALID_PASSWORD")
              throw wrongPassword();
            throw error;
          });
        return then();
      },
      isWrongPassword,
    );

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };

  serve(app, accountContracts.exportData, teacherOnly, async (_request, reply, teacher) => {
    await limits.export.take(teacher.id);
    const data = await exportAccount(db, teacher.id);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="cluehunt-account-${day}.json"`)
      .header("cache-control", "no-store")
      .send(JSON.stringify(data, null, 2));
  });

  serve(app, accountContracts.name, teacherOnly, async (request, reply, teacher) => {
    const input = request.body;
    await limits.name.take(teacher.id);
    // better-auth's own update also refreshes the signed session cache with the new name.
    const result = await auth.api.updateUser({
      body: { name: input.displayName },
      headers: requestHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(reply, result.headers);
    const fresh = await auth.api.getSession({ headers: requestHeaders(request), query: { disableCookieCache: true } });
    return { ...said(accountMessages.nameSaved), user: fresh ? presentUser(fresh.user) : null };
  });

  serve(app, accountContracts.email, teacherOnly, async (request, _reply, teacher) => {
    const input = request.body;
    await limits.changeEmail.take(teacher.id);
    const { token, undoToken, currentEmail } = await withCurrentPassword(
      request,
      teacher.id,
      input.currentPassword,
      () => requestEmailChange(db, teacher.id, input.newEmail),
    );
    const link = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    const undoLink = `${deps.appUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`;
    // In the teacher's language as saved now (the sign-in's copy may be minutes old).
    const language = await preferredLanguageOf(db, teacher.id);
    // Not awaited: the page answers at once; a failed send is logged.
    deps.mailer
      .send(emailChangeEmail({ newEmail: input.newEmail, displayName: teacher.displayName, language }, link))
      .catch((err: unknown) => app.log.error({ err }, "Could not send the email change confirmation"));
    // The address in use hears of it too, with a link that undoes it: a borrowed sign-in cannot
    // move the account away for good (decision 030).
    deps.mailer
      .send(
        emailChangeNoticeEmail(
          { currentEmail, newEmail: input.newEmail, displayName: teacher.displayName, language },
          undoLink,
        ),
      )
      .catch((err: unknown) => app.log.error({ err }, "Could not send the email change notice"));
    return { ...said(accountMessages.emailChangeSent) };
  });

  // The link's token is the proof: it may be opened in a browser that is not signed in.
  serve(app, accountContracts.confirmEmail, { config: { rateLimit: authRateLimits.confirmEmail } }, async (request) => {
    const input = request.body;
    await confirmEmailChange(db, input.token);
    return { ...said(accountMessages.emailChanged) };
  });

  // "This wasn't me", from the notice sent to the address in use (decision 030): the token is the proof.
  serve(
    app,
    accountContracts.undoEmailChange,
    { config: { rateLimit: authRateLimits.undoEmailChange } },
    async (request) => {
      const input = request.body;
      const undone = await undoEmailChange(db, input.token);
      // Every sign-in of the account was ended with it: open live streams end too.
      announceSignOut(deps.events, undone.userId);
      if (undone.outcome === "address-taken") throw conflict("email_taken", accountMessages.undoAddressTaken);
      if (undone.outcome === "cancelled") return { ...said(accountMessages.changeUndone) };
      // Back at the old address with a password nobody knows: a link to choose one goes there now.
      await auth.api.requestPasswordReset({ body: { email: undone.email }, headers: requestHeaders(request) });
      return { ...said(accountMessages.emailRestored) };
    },
  );

  // A teacher's interface language: the page switch saves it; every sign-in brings it back.
  serve(app, accountContracts.language, teacherOnly, async (request, _reply, teacher) => {
    const { language } = request.body;
    await limits.language.take(teacher.id);
    await setPreferredLanguage(db, teacher.id, language);
    return { ...said(accountMessages.languageSaved) };
  });

  serve(app, accountContracts.password, teacherOnly, async (request, reply, teacher) => {
    const input = request.body;
    await limits.changePassword.take(teacher.id);
    const result = await wrongPasswords.guard(
      teacher.id,
      () =>
        auth.api
          .changePassword({
            body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
            headers: requestHeaders(request),
            returnHeaders: true,
          })
          .catch((error: unknown) => {
            const code = error instanceof APIError ? String(error.body?.code ?? "") : "";
            if (code === "INVALID_PASSWORD") throw wrongPassword();
            if (code === "PASSWORD_TOO_SHORT")
              throw badRequest("password_too_short", authMessages.passwordTooShort, "newPassword");
            if (code === "PASSWORD_TOO_LONG")
              throw badRequest("password_too_long", authMessages.passwordTooLong, "newPassword");
            throw error;
          }),
      isWrongPassword,
    );
    // A new session for this browser; every other one is gone, open live streams included, and
    // so are any pending email change and reset links (perhaps asked for by whoever else was signed in).
    await endPendingLinks(db, teacher.id);
    announceSignOut(deps.events, teacher.id);
    forwardCookies(reply, result.headers);
    return { ...said(accountMessages.passwordChanged) };
  });

  serve(app, accountContracts.signOutEverywhere, teacherOnly, async (request, reply, teacher) => {
    await limits.signOutEverywhere.take(teacher.id);
    await auth.api.revokeSessions({ headers: requestHeaders(request) });
    await endPendingLinks(db, teacher.id);
    announceSignOut(deps.events, teacher.id);
    reply.header("set-cookie", clearedCookies(request));
    return { ...said(accountMessages.signedOutEverywhere) };
  });

  serve(app, accountContracts.remove, teacherOnly, async (request, reply, teacher) => {
    const input = request.body;
    await limits.delete.take(teacher.id);
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, teacher.id));
    if (!account || !confirmsDeletion(input.confirmation, account.email)) {
      throw badRequest("confirmation_mismatch", accountMessages.deleteConfirmationMismatch, "confirmation");
    }
    // Checked first, deleted after: the wrong-password counter must not outlive the account.
    await withCurrentPassword(request, teacher.id, input.currentPassword, async () => undefined);
    const { endedSessionIds } = await deleteAccount(db, teacher.id);
    for (const sessionId of endedSessionIds) deps.events.publish({ type: "session-ended", sessionId });
    announceSignOut(deps.events, teacher.id);
    reply.header("set-cookie", clearedCookies(request));
    return { ...said(accountMessages.accountDeleted) };
  });
}
