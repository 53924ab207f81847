/**
 * An allowance of failures (wrong passwords), counted in the app's limit counters (shared by
 * every instance on PostgreSQL). Only failures spend it: a right password gives its use back.
 *
 * A use is taken BEFORE the password is checked and given back after a right one, so that
 * guesses sent all at once cannot each find the allowance unspent; once it is spent, even the
 * right password is refused until the window ends (else the 429 would stop no guesser).
 */
import type { MessageText } from "../../shared/i18n/messages.ts";
import type { LimitCounters } from "./limit-counters.ts";
import { limitReached } from "./limits.ts";

export function failureAllowance(
  counters: LimitCounters,
  name: string,
  limit: { max: number; windowMs: number },
  message: MessageText,
) {
  const change = (key: string, by: number) => ({ key: `${name}:${key}`, windowMs: limit.windowMs, by });
  return {
    /**
     * Runs `attempt` while `key` has failures left, or throws 429 (with when it frees up).
     * An error `isFailure` says is one (a wrong password) stays counted; success, or any other
     * error (the database, bad input), gives the use back.
     */
    async guard<T>(key: string, attempt: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
      const [used] = await counters.add([change(key, 1)]);
      if (used!.count > limit.max) {
        await counters.add([change(key, -1)]);
        throw limitReached(message, Math.max(1, Math.ceil(used!.resetInMs / 1000)));
      }
      let failed = false;
      try {
        return await attempt();
      } catch (error) {
        failed = isFailure(error);
        throw error;
      } finally {
        if (!failed) await counters.add([change(key, -1)]);
      }
    },
  };
}
