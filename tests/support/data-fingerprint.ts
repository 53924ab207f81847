/** A fingerprint of every table a request could change: equal before and after means nothing changed. */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../src/server/db/client.ts";

const TABLES = [
  "users",
  "images",
  "games",
  "questions",
  "game_sessions",
  "session_groups",
  "student_progress",
  "session_names",
  "progress_answers",
  "answer_attempts",
];

export async function dataFingerprint(db: Db): Promise<string> {
  const parts = [];
  for (const table of TABLES) {
    const [row] = await queryRows<{ digest: string; n: number }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest, count(*)::int as n from ${sql.raw(table)} t`,
    );
    parts.push(`${table}:${row!.n}:${row!.digest}`);
  }
  return parts.join(" ");
}
