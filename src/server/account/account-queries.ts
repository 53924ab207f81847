/** Reads of a teacher's own account. */
import { eq } from "drizzle-orm";
import { isLanguage, type Language } from "../../shared/i18n/languages.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/**
 * The teacher's saved interface language, read from the database: a signed session caches the
 * user as it was at sign-in, and the choice may have changed since (issue 17).
 */
export async function preferredLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const [row] = await db.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, userId));
  return isLanguage(row?.language) ? row.language : null;
}
