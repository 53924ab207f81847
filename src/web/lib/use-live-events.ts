/**
 * Listens to one of our Server-Sent Events channels. EventSource reconnects by itself; each
 * (re)connection calls `onMessage({ type: "open" })` too, so the page re-fetches whatever
 * it may have missed while the Wi-Fi was down.
 */
import { useEffect, useRef } from "react";

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
