/**
 * A fixed-window counter per key (a teacher id), for limits that need to know who is
 * asking, which only the handler knows after authentication.
 */
export function createKeyLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one use; false when the key has used up its window. */
    take(key: string): boolean {
      const t = now();
      const w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.set(key, { start: t, count: 1 });
        if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
        return true;
      }
      if (w.count >= options.max) return false;
      w.count++;
      return true;
    },
  };
}
