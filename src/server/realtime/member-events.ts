/**
 * The "members" event of a class joining at once, sent once (decision 042). Every page that
 * hears it (the dashboard, the codes page, the projector) re-reads the session; an event per
 * join would start thirty re-reads that run against the joins still waiting, on PGlite's one
 * thread and PostgreSQL's connections alike. So a session's event goes out once its joins pause
 * for QUIET_MS, and at the latest LONGEST_MS after the first join it announces: a name appears
 * on the projector at most a quarter of a second later.
 */
import type { EventBus } from "./event-bus.ts";

export const MEMBER_EVENTS = {
  /** No join for this long: the event goes out. */
  quietMs: 40,
  /** However long the joins go on, the event goes out this long after the first it announces. */
  longestMs: 250,
} as const;

export type MemberEvents = {
  /** A pupil joined `sessionId` (not a device coming back). */
  joined(sessionId: string): void;
  /** Sends every event still waiting, and each later one at once (the app is closing). */
  flush(): void;
};

export function memberEvents(
  events: Pick<EventBus, "publish">,
  timing: { quietMs: number; longestMs: number } = MEMBER_EVENTS,
): MemberEvents {
  /** sessionId → when its first unannounced join came, and the timer that announces it. */
  const waiting = new Map<string, { since: number; timer: ReturnType<typeof setTimeout> }>();
  let closing = false;

  const announce = (sessionId: string) => {
    const entry = waiting.get(sessionId);
    if (!entry) return;
    clearTimeout(entry.timer);
    waiting.delete(sessionId);
    events.publish({ type: "members", sessionId });
  };

  return {
    joined(sessionId) {
      if (closing) return events.publish({ type: "members", sessionId });
      const now = performance.now();
      const entry = waiting.get(sessionId);
      const since = entry?.since ?? now;
      if (entry) clearTimeout(entry.timer);
      const wait = Math.max(0, Math.min(timing.quietMs, since + timing.longestMs - now));
      const timer = setTimeout(() => announce(sessionId), wait);
      timer.unref();
      waiting.set(sessionId, { since, timer });
    },
    flush() {
      closing = true;
      for (const sessionId of [...waiting.keys()]) announce(sessionId);
    },
  };
}
