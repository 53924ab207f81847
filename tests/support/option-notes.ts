/**
 * Sets a question's "why a child might pick this" notes straight in the database, one entry per
 * option (null for the right option and for a wrong one without a note), every stored version of
 * the question. The one place tests write notes until the games API takes them (optionNotes):
 * then this becomes a PUT of the game.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client.ts";

export async function setOptionNotes(
  database: Pick<Database, "db">,
  gameId: string,
  questionIndex: number,
  notes: readonly (string | null)[],
): Promise<void> {
  const list = sql.join(
    notes.map((note) => sql`${note}`),
    sql`, `,
  );
  await database.db.execute(
    sql`update questions set option_notes = array[${list}]::text[] where game_id = ${gameId}::uuid and position = ${questionIndex}`,
  );
}
