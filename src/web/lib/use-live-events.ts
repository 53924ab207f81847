/**
 * Listens to one of our Server-Sent Events channels. EventSource reconnects by itself; each
 * (re)connection calls `onMessage({ type: "open" })` too, so the page re-fetches whatever
 * it may have missed while the Wi-Fi was down.
 */
import { useCallback, useEffect, useRef } from "react";

export type LiveMessage = { type: string; sessionId?: string; progressId?: string };

export function useLiveEvents(url: string | null, onMessage: (message: LiveMessage) => void) {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url, { withCredentials: true });
    source.onopen = () => handler.current({ type: "open" });
    source.onmessage = (event) => {
      try {
        handler.current(JSON.parse(event.data as string) as LiveMessage);
      } catch {
        // A malformed message carries nothing to act on.
      }
    };
    return () => source.close();
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
