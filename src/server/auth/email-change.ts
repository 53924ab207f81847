/**
 * Changing a teacher's email: nothing changes until the new address's owner opens the link we
 * send there. The pending change is a row in better-auth's verification table
 * (`change-email:<token>` → `<userId> <newEmail>`), so account deletion removes it with the
 * teacher's other tokens.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, like, sql } from "drizzle-orm";
import { accountMessages } from "../../shared/account/account-contracts.ts";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import type { Db } from "../db/client.ts";
import { authVerifications, users } from "../db/schema.ts";
import { badRequest, conflict } from "../http/errors.ts";

export const EMAIL_CHANGE_TTL_SECONDS = 60 * 60;
const PREFIX = "change-email:";

/** Records a pending change (replacing any earlier one) and returns the token for the link. */
export async function requestEmailChange(db: Db, userId: string, newEmail: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user?.email === newEmail) throw badRequest("same_email", accountMessages.sameEmail, "newEmail");
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(authVerifications).where(and(like(authVerifications.identifier, `${PREFIX}%`), like(authVerifications.value, `${userId} %`)));
    await tx.insert(authVerifications).values({
      id: randomUUID(),
      identifier: `${PREFIX}${token}`,
      value: `${userId} ${newEmail}`,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_SECONDS * 1000),
    });
  });
  return token;
}

/** Cancels the user's pending email change, if any (a password change or reset, sign out everywhere). */
export async function cancelEmailChange(db: Db, userId: string): Promise<void> {
  await db.delete(authVerifications).where(and(like(authVerifications.identifier, `${PREFIX}%`), like(authVerifications.value, `${userId} %`)));
}

/** Spends the token and sets the new address; refused when it expired or another account took the address meanwhile. */
export async function confirmEmailChange(db: Db, token: string): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(authVerifications)
      .where(and(eq(authVerifications.identifier, `${PREFIX}${token}`), gt(authVerifications.expiresAt, sql`now()`)))
      .returning({ value: authVerifications.value });
    if (!pending) throw badRequest("invalid_token", accountMessages.emailLinkInvalid);
    const space = pending.value.indexOf(" ");
    const userId = pending.value.slice(0, space);
    const newEmail = pending.value.slice(space + 1);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (taken && taken.id !== userId) throw conflict("email_taken", authMessages.emailTaken);
    const updated = await tx.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, userId)).returning({ id: users.id });
    if (updated.length === 0) throw badRequest("invalid_token", accountMessages.emailLinkInvalid);
    return { userId };
  });
}
