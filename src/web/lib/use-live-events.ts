/**
 * Listens to one of our Server-Sent Events channels. EventSource reconnects by itself after a
 * dropped connection; each (re)connection calls `onMessage({ type: "open" })` too, so the page
 * re-fetches whatever it may have missed while the Wi-Fi was down.
 *
 * EventSource gives up for good, though, when a reconnection is answered with anything but a
 * 200 stream: a proxy's 502 while the server restarts, our 503 while the database is down.
 * Then this hook opens a new one itself, after a pause that grows to REOPEN_MAX_MS, with
 * jitter so that a class of tablets does not come back in one burst.
 */

import { useEffect, useRef } from "react";
import { pathOf } from "../../shared/endpoint.ts";
import type { PupilRealtimeEvent } from "../../shared/sessions/realtime.ts";
import { sessionEndpoints } from "../../shared/sessions/session-endpoints.ts";

const REOPEN_MS = 2000;
const REOPEN_MAX_MS = 10_000;

/**
 * What the hook adds itself: "open" on every (re)connection; "refused" when a reconnection
 * was answered with an error (the page re-reads, and so learns why: a teacher signed out
 * elsewhere is sent to the login page, decision 020).
 */
export type OpenMessage = { type: "open" } | { type: "refused" };

/** The host's channel: `RealtimeEvent`s of one session, for its codes and results pages. */
export const sessionEventsUrl = (sessionId: string) => pathOf(sessionEndpoints.events.path, { sessionId });

/** `Event` is the channel's wire type from shared/sessions/realtime.ts: `RealtimeEvent` (host) or `PupilRealtimeEvent` (pupil). */
export function useLiveEvents<Event extends PupilRealtimeEvent>(
  url: string | null,
  onMessage: (message: Event | OpenMessage) => void,
) {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!url) return;
    let source: EventSource;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const open = () => {
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => {
        failures = 0;
        handler.current({ type: "open" });
      };
      source.onmessage = (event) => {
        try {
          handler.current(JSON.parse(event.data as string) as Event);
        } catch {
          // A malformed message carries nothing to act on.
        }
      };
      source.onerror = () => {
        // CONNECTING: EventSource is retrying by itself. CLOSED: it has given up.
        if (source.readyState !== EventSource.CLOSED) return;
        handler.current({ type: "refused" });
        const pause = Math.min(REOPEN_MAX_MS, REOPEN_MS * 2 ** failures++);
        reopenTimer = setTimeout(open, pause * (0.75 + Math.random() / 2));
      };
    };
    open();
    return () => {
      clearTimeout(reopenTimer);
      source.close();
    };
  }, [url]);
}
