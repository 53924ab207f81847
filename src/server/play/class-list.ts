/**
 * The class list at the join (issue 18, decision 020): what a pupil's device is shown, and the
 * server's check that a name is on it. Its own module, called once from each join route.
 */
import { sql } from "drizzle-orm";
import { classListMessages, nameOnClassList, type ClassListEntry } from "../../shared/class-list.ts";
import { nameKey } from "../../shared/text.ts";
import { queryRows, type Db } from "../db/client.ts";
import { badRequest } from "../http/errors.ts";

/** The session's class list with the names already taken, or null when pupils type their names. */
export async function classListFor(db: Db, sessionId: string): Promise<ClassListEntry[] | null> {
  const [row] = await queryRows<{ class_list: string[] | null; taken: string[] | null }>(
    db,
    sql`select s.class_list, (select array_agg(n.name_key) from session_names n where n.session_id = s.id) as taken
        from game_sessions s where s.id = ${sessionId}::uuid`,
  );
  if (!row?.class_list) return null;
  const taken = new Set(row.taken ?? []);
  return row.class_list.map((name) => ({ name, taken: taken.has(nameKey(name)) }));
}

/**
 * A name not on the group's session's class list is refused. Returns the list's spelling of it
 * (`fromList`), or the name as typed when the session has no list.
 */
export async function nameFromClassList(db: Db, groupId: string, name: string): Promise<{ name: string; fromList: boolean }> {
  const [row] = await queryRows<{ class_list: string[] | null }>(
    db,
    sql`select s.class_list from session_groups g join game_sessions s on s.id = g.session_id where g.id = ${groupId}::uuid`,
  );
  if (!row?.class_list) return { name, fromList: false };
  const listed = nameOnClassList(row.class_list, name);
  if (!listed) throw badRequest("not_on_class_list", classListMessages.notOnList, "name");
  return { name: listed, fromList: true };
}
