/**
 * The guessing limits (decision 015): join codes, and the station words a joined pupil types.
 * Every lookup goes through `lookUp`: once the address or the device has spent its allowance of
 * wrong guesses, the lookup is refused BEFORE anything is looked up, so a spent allowance answers
 * a right guess exactly as a wrong one (no oracle left).
 *
 * Per kind, per address and per device, `wrong` counts lookups that missed and `pending` those
 * admitted and not finished. A lookup is admitted only while wrong + pending stays within the
 * allowance, so lookups sent at the same moment cannot test more wrong guesses than it; when only
 * running lookups fill it, the new one waits briefly instead of being refused (a school's burst of
 * right codes, not guessing).
 *
 * Each kind has counters of its own: a class's mistyped station words spend nothing the school's
 * join codes need. A school reaches the server through one address, so an address's allowance of
 * wrong codes grows with the pupils who joined from it (`joined`); a guesser, with no right code,
 * never joins and keeps the base allowance however many fresh devices it makes. Station words
 * have a fixed ceiling per address far above a class's typos. There is no server-wide budget:
 * outsiders cannot spend anything a school needs.
 */
import { ApiError } from "../../shared/api-errors.ts";
import { addressKey } from "./address-key.ts";
import type { CounterChange, CounterValue, LimitCounters } from "./limit-counters.ts";
import { JOIN_GUESS_LIMITS, limitMessages, limitReached, STATION_WORD_LIMITS } from "./limits.ts";

/**
 * Who is guessing: the client address, and the pupil's device when it has one (null for a
 * device that has not joined yet: its address's allowance is then the only one).
 */
export type Guesser = { address: string; deviceId: string | null };

export type GuessLimiter = {
  /**
   * Runs `lookup` (which finds what was guessed, or throws an ApiError when the guess is wrong)
   * if the address and the device have wrong guesses left to spend; otherwise throws 429
   * without running it. A failure that is not an ApiError (the database) costs nothing.
   */
  lookUp<T>(guesser: Guesser, lookup: () => Promise<T>): Promise<T>;
  /** A pupil joined a session (not a device coming back): the address's allowance of codes grows. */
  joined(guesser: Guesser): Promise<void>;
};

/** Wrong codes an address may spend in a window in which `joins` pupils joined from it. */
export function wrongCodesAllowed(joins: number, limits = JOIN_GUESS_LIMITS): number {
  const earned = Math.floor(joins / limits.joinsPerExtraWrongCode);
  return Math.min(limits.wrongPerAddress + earned, limits.mostWrongPerAddress);
}

/** One kind of guess: its counters' names and its allowances. */
export type GuessRules = {
  /** The first part of its counters' keys ("join-wrong:…", "word-wrong:…"). */
  kind: "join" | "word";
  wrongPerDevice: number;
  windowMs: number;
  lookupsAtOncePerAddress: number;
  longestWaitMs: number;
  /** Wrong guesses an address may spend in a window in which `joins` pupils joined from it. */
  wrongForAddress(joins: number): number;
  /** Whether the address's allowance grows with its joins (only then is the joins' counter read). */
  growsWithJoins: boolean;
};

export const JOIN_CODE_GUESSES: GuessRules = {
  kind: "join",
  wrongPerDevice: JOIN_GUESS_LIMITS.wrongPerDevice,
  windowMs: JOIN_GUESS_LIMITS.windowMs,
  lookupsAtOncePerAddress: JOIN_GUESS_LIMITS.lookupsAtOncePerAddress,
  longestWaitMs: JOIN_GUESS_LIMITS.longestWaitMs,
  wrongForAddress: (joins) => wrongCodesAllowed(joins),
  growsWithJoins: true,
};

export const STATION_WORD_GUESSES: GuessRules = {
  kind: "word",
  wrongPerDevice: STATION_WORD_LIMITS.wrongPerDevice,
  windowMs: STATION_WORD_LIMITS.windowMs,
  lookupsAtOncePerAddress: STATION_WORD_LIMITS.lookupsAtOncePerAddress,
  longestWaitMs: STATION_WORD_LIMITS.longestWaitMs,
  wrongForAddress: () => STATION_WORD_LIMITS.wrongPerAddress,
  growsWithJoins: false,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a lookup waits before asking again whether the allowance has room. */
const RETRY_PAUSE_MS = 20;

type CounterName = "wrong" | "pending" | "joined";

/**
 * The counter of `name` of a kind of guess for the guesser's address or device
 * ("join-wrong:address:198.51.100.7"). Joins are one counter, read by the join codes.
 */
export function guessCounterKey(
  name: CounterName,
  who: "address" | "device",
  g: Guesser,
  kind: GuessRules["kind"] = "join",
): string {
  return `${name === "joined" ? "join" : kind}-${name}:${who}:${who === "address" ? addressKey(g.address) : g.deviceId}`;
}

/** One change to the guesser's counter `name` for its address or device. */
function change(
  rules: GuessRules,
  g: Guesser,
  name: CounterName,
  who: "address" | "device",
  by: 1 | -1 | 0,
): CounterChange {
  return { key: guessCounterKey(name, who, g, rules.kind), windowMs: rules.windowMs, by };
}

/** The address's counter `name`, and the device's when there is a device. */
function both(rules: GuessRules, g: Guesser, name: "wrong" | "pending", by: 1 | -1 | 0): CounterChange[] {
  return g.deviceId === null
    ? [change(rules, g, name, "address", by)]
    : [change(rules, g, name, "address", by), change(rules, g, name, "device", by)];
}

export function createGuessLimiter(counters: LimitCounters, rules: GuessRules = JOIN_CODE_GUESSES): GuessLimiter {
  // Plain functions above, not closures made per lookup: under tsx every named closure is
  // also renamed (esbuild's keepNames), which shows in a profile of a burst of joins.
  const turns = perKeyTurns(rules.lookupsAtOncePerAddress);

  /** Counts the lookup as pending, waiting while only running lookups fill the allowance; 429 once it is spent. */
  async function admit(g: Guesser) {
    const none: CounterValue = { count: 0, resetInMs: 0 };
    const deadline = Date.now() + rules.longestWaitMs;
    for (;;) {
      const pending = both(rules, g, "pending", 1);
      const wrong = both(rules, g, "wrong", 0);
      const joined = rules.growsWithJoins ? [change(rules, g, "joined", "address", 0)] : [];
      const values = await counters.add([...pending, ...wrong, ...joined]);
      const [pendingAddress, pendingDevice = none] = values.slice(0, pending.length);
      const [wrongAddress, wrongDevice = none] = values.slice(pending.length, pending.length + wrong.length);
      const allowed = rules.wrongForAddress(rules.growsWithJoins ? values.at(-1)!.count : 0);
      if (
        wrongAddress!.count + pendingAddress!.count <= allowed &&
        wrongDevice.count + pendingDevice.count <= rules.wrongPerDevice
      )
        return;
      await counters.add(both(rules, g, "pending", -1));
      const spent: CounterValue[] = [];
      if (wrongAddress!.count >= allowed) spent.push(wrongAddress!);
      if (wrongDevice.count >= rules.wrongPerDevice) spent.push(wrongDevice);
      if (spent.length > 0 || Date.now() >= deadline) {
        const retryAfterMs = Math.max(1000, ...spent.map((c) => c.resetInMs));
        throw limitReached(limitMessages.tooManyWrongCodes, Math.ceil(retryAfterMs / 1000));
      }
      await pause(RETRY_PAUSE_MS);
    }
  }

  async function finish(g: Guesser, wasWrong: boolean) {
    await counters.add(
      wasWrong ? [...both(rules, g, "pending", -1), ...both(rules, g, "wrong", 1)] : both(rules, g, "pending", -1),
    );
  }

  return {
    async lookUp(guesser, lookup) {
      return turns.run(addressKey(guesser.address), async () => {
        await admit(guesser);
        let wasWrong = false;
        try {
          return await lookup();
        } catch (error) {
          wasWrong = error instanceof ApiError;
          throw error;
        } finally {
          await finish(guesser, wasWrong);
        }
      });
    },
    async joined(guesser) {
      await counters.add([change(rules, guesser, "joined", "address", 1)]);
    },
  };
}

/** At most `atOnce` tasks per key run at a time in this process; the rest wait in order. */
function perKeyTurns(atOnce: number) {
  const lines = new Map<string, { running: number; waiting: Array<() => void> }>();
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      let line = lines.get(key);
      if (!line) lines.set(key, (line = { running: 0, waiting: [] }));
      if (line.running >= atOnce) await new Promise<void>((resolve) => line!.waiting.push(resolve));
      else line.running++;
      try {
        return await task();
      } finally {
        const next = line.waiting.shift();
        // The turn passes straight to the next in line; the last one out removes the line.
        if (next) next();
        else if (--line.running === 0) lines.delete(key);
      }
    },
  };
}
