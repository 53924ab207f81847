/**
 * The join-code guessing limit. Every lookup asks `admit` first: when the address, the
 * device or the whole server has spent its allowance of wrong codes, the lookup is refused
 * BEFORE the code is looked up, so a spent allowance answers a right code exactly as a
 * wrong one (no oracle left). A miss is then counted with `wrongCode`.
 *
 * Shaped to grow (issue 15): the counters sit behind `GuessCounters`, kept in process here
 * and replaceable by one shared by every instance (the database); and `allowanceFor` is the
 * one place where an address's allowance is decided, so it can grow with the successful
 * joins from that address (a school behind one address) without touching the routes.
 */
import { JOIN_GUESS_LIMITS, limitMessages, limitReached } from "../http/limits.ts";

/**
 * Fixed-window counters by key. `add` changes the count in the key's current window and
 * returns the new count, in one step (an upsert in a shared store), so that requests in
 * flight at the same moment cannot all slip under a limit. Async, so that a shared store
 * can stand in for this one.
 */
export type GuessCounters = {
  add(key: string, windowMs: number, by: 1 | -1): Promise<number>;
};

export function inProcessCounters(now: () => number = Date.now): GuessCounters {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async add(key, windowMs, by) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
        // Forget finished windows now and then, so the map stays small under a flood.
        if (windows.size > 20_000) for (const [k, v] of windows) if (t - v.start >= JOIN_GUESS_LIMITS.windowMs) windows.delete(k);
      }
      w.count = Math.max(0, w.count + by);
      return w.count;
    },
  };
}

export type Guesser = { address: string; deviceId: string };

export type JoinGuessLimiter = {
  /**
   * Counts this lookup as a wrong code in advance, or throws 429 (counting nothing) when
   * the address, the device or the whole server has no wrong code left to spend.
   */
  admit(guesser: Guesser): Promise<void>;
  /** The code matched a group: the lookup admitted for it costs nothing after all. */
  rightCode(guesser: Guesser): Promise<void>;
};

const SERVER_WINDOW_MS = 60_000;

export function createJoinGuessLimiter(options: { counters?: GuessCounters; limits?: typeof JOIN_GUESS_LIMITS } = {}): JoinGuessLimiter {
  const counters = options.counters ?? inProcessCounters();
  const limits = options.limits ?? JOIN_GUESS_LIMITS;
  /** The allowance of wrong codes for an address. Issue 15 grows it with that address's successful joins. */
  const allowanceFor = async (_address: string) => limits.wrongPerAddress;
  const buckets = async (g: Guesser) => [
    { key: `address:${g.address}`, windowMs: limits.windowMs, max: await allowanceFor(g.address), message: limitMessages.tooManyWrongCodes },
    { key: `device:${g.deviceId}`, windowMs: limits.windowMs, max: limits.wrongPerDevice, message: limitMessages.tooManyWrongCodes },
    { key: "server", windowMs: SERVER_WINDOW_MS, max: limits.wrongPerServerPerMinute, message: limitMessages.serverBusyWithWrongCodes },
  ];

  return {
    async admit(guesser) {
      const all = await buckets(guesser);
      const counts = await Promise.all(all.map((b) => counters.add(b.key, b.windowMs, 1)));
      const spent = all.find((b, i) => counts[i]! > b.max);
      if (!spent) return;
      await Promise.all(all.map((b) => counters.add(b.key, b.windowMs, -1)));
      throw limitReached(spent.message, Math.ceil(spent.windowMs / 1000));
    },
    async rightCode(guesser) {
      const all = await buckets(guesser);
      await Promise.all(all.map((b) => counters.add(b.key, b.windowMs, -1)));
    },
  };
}
