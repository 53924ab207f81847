/**
 * Immediate revocation (decision 020). better-auth's signed session cache lets a cookie pass
 * for up to five minutes after its session row was deleted (logout elsewhere, sign out
 * everywhere, password change or reset, account deletion). A teacher's request therefore
 * also checks that the session row is still there: one primary-key-sized index lookup,
 * prepared, so every instance on the database sees a revocation on the very next request.
 * Pupils' sessions are not revoked by anyone, and keep the cheaper cached path.
 */
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { type Auth, authDatabases } from "./auth.ts";

const SESSION_STILL_STORED = statement<"token" | "userId">(
  "session_still_stored",
  "select 1 as ok from auth_sessions where token = :token::text and user_id = :userId::text and expires_at > now()",
);

export async function sessionIsStored(auth: Auth, session: { token: string; userId: string }): Promise<boolean> {
  const db: Db | undefined = authDatabases.get(auth);
  if (!db) throw new Error("This auth instance was not made by createAuth.");
  return sessionRowIsStored(db, session);
}

/** The check itself, on a database (scripts/bench/auth-cost.ts measures it alone). */
export async function sessionRowIsStored(db: Db, session: { token: string; userId: string }): Promise<boolean> {
  const rows = await runStatement(db, SESSION_STILL_STORED, { token: session.token, userId: session.userId });
  return rows.length > 0;
}
