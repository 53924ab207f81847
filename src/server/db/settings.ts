import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appSettings } from "./schema.ts";

/**
 * The session-signing secret: SESSION_SECRET when given, otherwise generated once and
 * kept in the database, so that every instance sharing one PostgreSQL signs alike and a
 * restart does not sign everyone out. Insert-if-absent makes concurrent first starts agree.
 */
export async function resolveSessionSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = 'session_secret'`);
  return rows[0]!.value;
}
