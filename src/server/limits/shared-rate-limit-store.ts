/**
 * A store for @fastify/rate-limit on the app's limit counters, so that the per-address limits
 * of the routes (logins, sign-ups, password resets, pupils' sign-ins, join lookups, logout)
 * hold across every instance on PostgreSQL instead of multiplying by the number of instances.
 * Each route counts in its own windows ("rate:POST /api/auth/login:<address>").
 */
import type { LimitCounters } from "./limit-counters.ts";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string }; timeWindow?: unknown };

/** The class @fastify/rate-limit instantiates (`store:` option); it calls `child` once per limited route. */
export function rateLimitStoreOn(counters: LimitCounters) {
  return class SharedRateLimitStore {
    private readonly route: string;
    private readonly windowMs: number;

    // The plugin's types call this the route's options; at run time it is the route's merged
    // rate-limit parameters, the route itself under `routeInfo`.
    constructor(options: object = {}) {
      const params = options as RouteParams;
      const info = params.routeInfo;
      this.route = info?.url ? `${[info.method ?? ""].flat().join(",")} ${info.url}` : "global";
      // The plugin parses the route's timeWindow into milliseconds, and passes it to incr too.
      this.windowMs = typeof params.timeWindow === "number" ? params.timeWindow : 60_000;
    }

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      counters.add([{ key: `rate:${this.route}:${key}`, windowMs: timeWindow ?? this.windowMs, by: 1 }]).then(
        ([value]) => callback(null, { current: value!.count, ttl: value!.resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeParams: object) {
      return new SharedRateLimitStore(routeParams);
    }
  };
}
