/** A fingerprint of every table a request could change: equal before and after means nothing changed. */
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../src/server/db/client.ts";

const TABLES = [
  "users",
  "images",
  "recordings",
  "games",
  "questions",
  "classes",
  "game_sessions",
  "session_groups",
  "student_progress",
  "session_names",
  "progress_answers",
  "answer_attempts",
];

/**
 * Each table's rows, every column of them (read from the catalogue, so a column added later is
 * in too), as text: a binary column (a picture's bytes) by its MD5, since its bytes as hex text,
 * sorted, made one fingerprint of a teacher's 20 MiB of pictures take seconds. All the tables in
 * one statement.
 */
export async function dataFingerprint(db: Db): Promise<string> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name in (${sql.join(
          TABLES.map((table) => sql`${table}`),
          sql`, `,
        )})
        order by table_name, ordinal_position`,
  );
  const parts = TABLES.map((table) => {
    const row = columns
      .filter((c) => c.table_name === table)
      .map((c) => (c.data_type === "bytea" ? `md5(t."${c.column_name}")` : `t."${c.column_name}"`));
    if (row.length === 0) throw new Error(`dataFingerprint: no table ${table}`);
    return sql.raw(
      `select '${table}' as name, md5(coalesce(string_agg(r, ',' order by r), '')) as digest, count(*)::int as n
       from (select row(${row.join(", ")})::text as r from ${table} t) s`,
    );
  });
  const rows = await queryRows<{ name: string; digest: string; n: number }>(db, sql.join(parts, sql` union all `));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return TABLES.map((table) => `${table}:${byName.get(table)!.n}:${byName.get(table)!.digest}`).join(" ");
}
