/**
 * A fixed-window limit per key (a teacher id), for limits that need to know who is asking,
 * which only the handler knows after authentication. Counted in the app's limit counters,
 * so the limit holds across every instance on PostgreSQL.
 */
import type { LimitCounters } from "./limit-counters.ts";

export function createKeyLimiter(counters: LimitCounters, name: string, options: { max: number; windowMs: number }) {
  return {
    /** Counts one use; false (counting nothing) when the key has used up its window. `resetInMs`: when it frees up. */
    async take(key: string): Promise<{ allowed: boolean; resetInMs: number }> {
      const change = { key: `${name}:${key}`, windowMs: options.windowMs };
      const [used] = await counters.add([{ ...change, by: 1 }]);
      if (used!.count <= options.max) return { allowed: true, resetInMs: used!.resetInMs };
      await counters.add([{ ...change, by: -1 }]);
      return { allowed: false, resetInMs: used!.resetInMs };
    },
  };
}
