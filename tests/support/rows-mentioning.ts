/** The deletion check: a scan of the whole database for any trace of a person. */
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../src/server/db/client.ts";

/**
 * Every row of every table in the public schema (found in information_schema, so tables added
 * later are scanned too) whose text contains one of the needles. Returns "table: row" lines.
 */
export async function rowsMentioning(db: Db, needles: string[]): Promise<string[]> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(db, sql`select t::text as row from ${sql.identifier(table_name)} t`);
    for (const { row } of rows) {
      const lower = row.toLowerCase();
      for (const needle of needles)
        if (lower.includes(needle.toLowerCase())) found.push(`${table_name} (${needle}): ${row.slice(0, 200)}`);
    }
  }
  return found;
}
