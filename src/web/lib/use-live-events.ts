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
import { useCallback, useEffect, useRef } from "react";

const REOPEN_MS = 2000;
const REOPEN_MAX_MS = 10_000;

export type LiveMessage = { type: string; sessionId?: string; progressId?: string };

export function useLiveEvents(url: string | null, onMessage: (message: LiveMessage) => void) {
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
          handler.current(JSON.parse(event.data as string) as LiveMessage);
        } catch {
          // A malformed message carries nothing to act on.
        }
      };
      source.onerror = () => {
        // CONNECTING: EventSource is retrying by itself. CLOSED: it has given up.
        if (source.readyState !== EventSource.CLOSED) return;
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

/**
 * Runs `action` at most once per `ms`: at once for the first call, then once more at the end
 * of the window if more calls came. A class answering every few seconds then costs a
 * teacher's page two re-fetches a second, not thirty, and no change waits longer than `ms`.
 */
export function useThrottled(action: () => void, ms: number): () => void {
  const latest = useRef(action);
  const state = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; pending: boolean }>({ timer: undefined, pending: false });
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => () => clearTimeout(state.current.timer), []);
  return useCallback(() => {
    const s = state.current;
    if (s.timer) {
      s.pending = true;
      return;
    }
    latest.current();
    const tick = () => {
      if (s.pending) {
        s.pending = false;
        latest.current();
        s.timer = setTimeout(tick, ms);
      } else s.timer = undefined;
    };
    s.timer = setTimeout(tick, ms);
  }, [ms]);
}
