import { useCallback, useEffect, useRef } from "react";

/**
 * Runs `action` at most once per `ms`: at once for the first call, then once more at the end
 * of the window if more calls came. A class answering every few seconds then costs a
 * teacher's page two re-fetches a second, not thirty, and no change waits longer than `ms`.
 */
export function useThrottled(action: () => void, ms: number): () => void {
  const latest = useRef(action);
  const state = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; pending: boolean }>({
    timer: undefined,
    pending: false,
  });
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
