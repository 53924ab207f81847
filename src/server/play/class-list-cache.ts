/**
 * The class list at the join (decision 020): the server's check that a typed or chosen name is
 * on the list. The list itself, with the names already taken, reaches the pupil's device with
 * the code lookup (play-queries.ts), in the lookup's one statement.
 *
 * A session's class list is written when the session starts and never changed, so each
 * group's list is remembered here (a class joining at once makes one read per group, not one
 * per pupil). The code lookup that comes before a join reads the list anyway (with the right
 * code, of a live session), so the route hands it here and a class's joins read nothing more.
 * The list is a class's names, so it is read and remembered only for a request with the
 * group's right code while its session is live, consulted only for a request with that same
 * code (a wrong code learns nothing about the list: its join is judged as if the session had
 * none, and the join statement refuses it), and forgotten when the session ends on any
 * instance (its `session-ended` event; results and accounts are deleted only after their
 * sessions end), when this instance's event channel lost events (`resync`), and at the latest
 * when the session's time runs out.
 */
import { sql } from "drizzle-orm";
import { classListMessages, nameOnClassList } from "../../shared/classes/class-list.ts";
import { type Db, queryRows } from "../db/client.ts";
import { sessionExpirySql, sessionIsLiveSql } from "../db/session-live.ts";
import { badRequest } from "../http/errors.ts";
import type { EventBus } from "../realtime/event-bus.ts";

/** Groups whose lists are remembered: a school's worth of live sessions, six groups each. */
const REMEMBERED_GROUPS = 5_000;

export type ClassLists = {
  /**
   * A name not on the group's session's class list is refused. Returns the list's spelling of
   * it (`fromList`), or the name as typed when the session has no list or `code` is not the
   * group's (the join statement then refuses the code, whatever the name).
   */
  nameFor(groupId: string, code: string, name: string): Promise<{ name: string; fromList: boolean }>;
  /**
   * A live group's list as its code's lookup read it: the class's joins then check
   * their names without reading it again. `liveMs`: the time its session has left.
   */
  remember(groupId: string, code: string, sessionId: string, list: string[] | null, liveMs: number): void;
};

/** A group's list as remembered; `until` is this process's monotonic clock when the session's time runs out. */
type Remembered = { sessionId: string; code: string; list: string[] | null; until: number };

export function classLists(db: Db, events: Pick<EventBus, "subscribe">): ClassLists {
  /** groupId → its list; oldest first, for forgetting. */
  const lists = new Map<string, Remembered>();
  /** sessionId → its remembered groups, and the subscription that forgets them when it ends. */
  const sessions = new Map<string, { groups: Set<string>; unsubscribe: () => void }>();

  const forgetSession = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) return;
    sessions.delete(sessionId);
    session.unsubscribe();
    for (const groupId of session.groups) lists.delete(groupId);
  };

  const forgetGroup = (groupId: string) => {
    const known = lists.get(groupId);
    if (!known) return;
    lists.delete(groupId);
    const session = sessions.get(known.sessionId);
    session?.groups.delete(groupId);
    if (session?.groups.size === 0) forgetSession(known.sessionId);
  };

  const remember = (groupId: string, entry: Remembered) => {
    if (lists.size >= REMEMBERED_GROUPS) forgetGroup(lists.keys().next().value!);
    lists.set(groupId, entry);
    let session = sessions.get(entry.sessionId);
    if (!session) {
      const unsubscribe = events.subscribe(entry.sessionId, (event) => {
        if (event.type === "session-ended" || event.type === "resync") forgetSession(entry.sessionId);
      });
      sessions.set(entry.sessionId, (session = { groups: new Set(), unsubscribe }));
    }
    session.groups.add(groupId);
  };

  /**
   * Reads in flight, by group and code: a class pressing Join at the same moment all miss the
   * memory above at once; the first sends the read and the others wait for its answer.
   */
  const reading = new Map<string, Promise<string[] | null>>();

  /** The list to check the name against: null when there is none, or when this request may not see it. */
  function listFor(groupId: string, code: string): Promise<string[] | null> {
    const known = lists.get(groupId);
    if (known && performance.now() < known.until) return Promise.resolve(known.code === code ? known.list : null);
    if (known) forgetGroup(groupId);
    const key = `${groupId} ${code}`;
    let read = reading.get(key);
    if (!read) {
      read = readList(groupId, code).finally(() => reading.delete(key));
      reading.set(key, read);
    }
    return read;
  }

  async function readList(groupId: string, code: string): Promise<string[] | null> {
    const [row] = await queryRows<{ session_id: string; class_list: string[] | null; live_ms: number | string }>(
      db,
      sql`select g.session_id, s.class_list, extract(epoch from ${sql.raw(sessionExpirySql("s"))} - now()) * 1000 as live_ms
          from session_groups g join game_sessions s on s.id = g.session_id
          where g.id = ${groupId}::uuid and g.join_code = ${code} and ${sql.raw(sessionIsLiveSql("s"))}`,
    );
    // A wrong code, an unknown group or a session no longer live: nothing read, nothing kept.
    if (!row) return null;
    remember(groupId, {
      sessionId: row.session_id,
      code,
      list: row.class_list,
      until: performance.now() + Number(row.live_ms),
    });
    return row.class_list;
  }

  return {
    remember(groupId, code, sessionId, list, liveMs) {
      const known = lists.get(groupId);
      if (known && known.code === code && performance.now() < known.until) return;
      if (known) forgetGroup(groupId);
      remember(groupId, { sessionId, code, list, until: performance.now() + liveMs });
    },
    async nameFor(groupId, code, name) {
      const list = await listFor(groupId, code);
      if (!list) return { name, fromList: false };
      const listed = nameOnClassList(list, name);
      if (!listed) throw badRequest("not_on_class_list", classListMessages.notOnList, "name");
      return { name: listed, fromList: true };
    },
  };
}
