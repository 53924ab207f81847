/**
 * Changing a teacher's email: nothing changes until the new address's owner opens the link we
 * send there. The pending change is a row in better-auth's verification table
 * (`change-email:<token>` → `<userId> <newEmail>`), so account deletion removes it with the
 * teacher's other tokens.
 *
 * The address in use is sent an undo link ("this wasn't me", decision 030):
 * `undo-email-change:<token>` → `<userId> <oldEmail>`, valid seven days, spent once. Nothing
 * the account's holder can do signed in ends it, since that holder may be whoever borrowed the
 * teacher's signed-in browser.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, like, ne, sql } from "drizzle-orm";
import { accountMessages } from "../../shared/account/account-contracts.ts";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import type { Db, Executor } from "../db/client.ts";
import { authAccounts, authSessions, authVerifications, users } from "../db/schema.ts";
import { badRequest, conflict } from "../http/errors.ts";

export const EMAIL_CHANGE_TTL_SECONDS = 60 * 60;
/** Long enough for a teacher who reads her school mail only after a weekend or a mid-term break. */
export const EMAIL_CHANGE_UNDO_TTL_SECONDS = 7 * 24 * 60 * 60;
const CHANGE = "change-email:";
const UNDO = "undo-email-change:";
/** better-auth's password-reset rows: `reset-password:<token>` → `<userId>`. */
const RESET = "reset-password:";

const newToken = () => randomBytes(32).toString("base64url");
const splitValue = (value: string) => {
  const space = value.indexOf(" ");
  return { userId: value.slice(0, space), email: value.slice(space + 1) };
};

/** Rows of the user's pending email change and password resets (never the undo links). */
async function deletePendingLinks(db: Executor, userId: string): Promise<void> {
  await db.delete(authVerifications).where(
    sql`(${authVerifications.identifier} like ${`${CHANGE}%`} and ${authVerifications.value} like ${`${userId} %`})
          or (${authVerifications.identifier} like ${`${RESET}%`} and ${authVerifications.value} = ${userId})`,
  );
}

/**
 * Records a pending change (replacing any earlier one) and an undo link for the address in use.
 * Returns both tokens, and that address (read now: a signed-in cookie's copy may be minutes old).
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  newEmail: string,
): Promise<{ token: string; undoToken: string; currentEmail: string }> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw badRequest("invalid_token", accountMessages.emailLinkInvalid);
  if (user.email === newEmail) throw badRequest("same_email", accountMessages.sameEmail, "newEmail");
  const token = newToken();
  const undoToken = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(authVerifications)
      .where(and(like(authVerifications.identifier, `${CHANGE}%`), like(authVerifications.value, `${userId} %`)));
    await tx.insert(authVerifications).values([
      {
        id: randomUUID(),
        identifier: `${CHANGE}${token}`,
        value: `${userId} ${newEmail}`,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_SECONDS * 1000),
      },
      {
        id: randomUUID(),
        identifier: `${UNDO}${undoToken}`,
        value: `${userId} ${user.email}`,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_SECONDS * 1000),
      },
    ]);
  });
  return { token, undoToken, currentEmail: user.email };
}

/**
 * Ends the user's pending email change and every pending password-reset link: a password change
 * or reset, sign out everywhere. Whoever else was signed in may have asked for either.
 */
export async function endPendingLinks(db: Db, userId: string): Promise<void> {
  await deletePendingLinks(db, userId);
}

/**
 * Spends the token and sets the new address; refused when it expired or another account took
 * the address meanwhile. Reset links sent to the old address end with it: whoever still reads
 * that mailbox no longer holds the account (its owner has the undo link instead).
 */
export async function confirmEmailChange(db: Db, token: string): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(authVerifications)
      .where(and(eq(authVerifications.identifier, `${CHANGE}${token}`), gt(authVerifications.expiresAt, sql`now()`)))
      .returning({ value: authVerifications.value });
    if (!pending) throw badRequest("invalid_token", accountMessages.emailLinkInvalid);
    const { userId, email: newEmail } = splitValue(pending.value);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (taken && taken.id !== userId) throw conflict("email_taken", authMessages.emailTaken);
    const updated = await tx
      .update(users)
      .set({ email: newEmail, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw badRequest("invalid_token", accountMessages.emailLinkInvalid);
    await deletePendingLinks(tx, userId);
    return { userId };
  });
}

/**
 * What an undo link did: `cancelled` (the change was still pending, or had already ended),
 * `restored` (it had been made: the account is back at the old address and its password was
 * replaced by one nobody knows, since whoever held the new mailbox could have set it), or
 * `address-taken` (another account has the old address now, so the account stays where it is).
 * In every case every sign-in of the account, its pending change and its reset links are ended.
 */
export type UndoOutcome = { userId: string; email: string; outcome: "cancelled" | "restored" | "address-taken" };

export async function undoEmailChange(db: Db, token: string): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(authVerifications)
      .where(and(eq(authVerifications.identifier, `${UNDO}${token}`), gt(authVerifications.expiresAt, sql`now()`)))
      // As text: a JavaScript Date would round the microseconds off.
      .returning({ value: authVerifications.value, createdAt: sql<string>`${authVerifications.createdAt}::text` });
    if (!spent) throw badRequest("invalid_token", accountMessages.undoLinkInvalid);
    const { userId, email: oldEmail } = splitValue(spent.value);
    // Lock the user's row: a confirmation at the same moment waits for this, then finds its link gone.
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw badRequest("invalid_token", accountMessages.undoLinkInvalid);
    await deletePendingLinks(tx, userId);
    // Undo links of later changes went to addresses this one's owner never chose: they end
    // here, so an intruder who moved the account twice cannot move it back to their first address.
    // Earlier ones stay: the first address in a chain of changes can always take the account back.
    await tx
      .delete(authVerifications)
      .where(
        and(
          like(authVerifications.identifier, `${UNDO}%`),
          like(authVerifications.value, `${userId} %`),
          gt(authVerifications.createdAt, sql`${spent.createdAt}::timestamptz`),
        ),
      );
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    if (user.email === oldEmail) return { userId, email: oldEmail, outcome: "cancelled" as const };
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, oldEmail), ne(users.id, userId)));
    if (taken) return { userId, email: user.email, outcome: "address-taken" as const };
    await tx
      .update(users)
      .set({ email: oldEmail, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const unknowable = await hashPassword(randomBytes(32).toString("base64url"));
    await tx
      .update(authAccounts)
      .set({ password: unknowable, updatedAt: new Date() })
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")));
    return { userId, email: oldEmail, outcome: "restored" as const };
  });
}
