/**
 * The class list at the join (issue 18, decision 020): the server's check that a typed or
 * chosen name is on the list. The list itself, with the names already taken, reaches the
 * pupil's device with the code lookup (play-queries.ts), in the lookup's one statement.
 *
 * A session's class list is written when the session starts and never changed, so each
 * group's list is remembered here after its first join (issue 15: a class joining at once
 * makes one read per group, not one per pupil). Only the list is remembered; whether the
 * session is still live is judged by the join statement itself.
 */
import { sql } from "drizzle-orm";
import { classListMessages, nameOnClassList } from "../../shared/sessions/class-list.ts";
import { queryRows, type Db } from "../db/client.ts";
import { badRequest } from "../http/errors.ts";

/** Groups whose lists are remembered: a school's worth of live sessions, six groups each. */
const REMEMBERED_GROUPS = 5_000;

export type ClassLists = {
  /**
   * A name not on the group's session's class list is refused. Returns the list's spelling of
   * it (`fromList`), or the name as typed when the session has no list.
   */
  nameFor(groupId: string, name: string): Promise<{ name: string; fromList: boolean }>;
};

export function classLists(db: Db): ClassLists {
  /** groupId → the session's list (null: pupils type their names); oldest first, for forgetting. */
  const lists = new Map<string, string[] | null>();

  async function listOf(groupId: string): Promise<string[] | null | undefined> {
    if (lists.has(groupId)) return lists.get(groupId);
    const [row] = await queryRows<{ class_list: string[] | null }>(
      db,
      sql`select s.class_list from session_groups g join game_sessions s on s.id = g.session_id where g.id = ${groupId}::uuid`,
    );
    // An unknown group is not remembered: the join statement refuses it anyway.
    if (!row) return undefined;
    if (lists.size >= REMEMBERED_GROUPS) lists.delete(lists.keys().next().value!);
    lists.set(groupId, row.class_list);
    return row.class_list;
  }

  return {
    async nameFor(groupId, name) {
      const list = await listOf(groupId);
      if (!list) return { name, fromList: false };
      const listed = nameOnClassList(list, name);
      if (!listed) throw badRequest("not_on_class_list", classListMessages.notOnList, "name");
      return { name: listed, fromList: true };
    },
  };
}
