/**
 * Realtime events travel through PostgreSQL LISTEN/NOTIFY (PGlite has it too), so that every
 * server instance on one database hears every change. Events are small pointers; browsers
 * re-fetch what changed. Commands add `notifySql(event)` to their transaction, so an event
 * goes out exactly when (and only if) the change commits.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";

export const EVENTS_CHANNEL = "cluehunt_events";

export type RealtimeEvent =
  | { type: "members"; sessionId: string }
  | { type: "progress"; sessionId: string; progressId: string }
  | { type: "help"; sessionId: string; progressId: string }
  | { type: "session-ended"; sessionId: string }
  /** Sent by this instance to its own listeners after the LISTEN connection came back. */
  | { type: "resync"; sessionId: string };

export const notifySql = (event: RealtimeEvent): SQL => sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`;

type Listener = (event: RealtimeEvent) => void;

export type EventBus = {
  subscribe(sessionId: string, listener: Listener): () => void;
  close(): Promise<void>;
};

export async function createEventBus(database: Database, log: { warn(obj: unknown, msg: string): void }): Promise<EventBus> {
  const bySession = new Map<string, Set<Listener>>();

  const deliver = (event: RealtimeEvent) => {
    for (const listener of bySession.get(event.sessionId) ?? []) listener(event);
  };

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        deliver(JSON.parse(payload) as RealtimeEvent);
      } catch (err) {
        log.warn({ err, payload }, "Ignoring a malformed realtime event");
      }
    },
    () => {
      for (const sessionId of bySession.keys()) deliver({ type: "resync", sessionId });
    },
  );

  return {
    subscribe(sessionId, listener) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) bySession.delete(sessionId);
      };
    },
    close: () => unlisten(),
  };
}
