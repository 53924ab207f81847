/**
 * A Server-Sent Events client that reconnects the way the browser's EventSource does: after
 * a lost connection or a refused one it waits the server's `retry:` delay and connects again;
 * an answer other than 200 fails it for good (EventSource's "fail the connection"), unless
 * `reopenAfterFailureMs` is set, which is what the app's own hook (use-live-events.ts) adds.
 * Every event is kept with the number of the connection that brought it.
 */
import http from "node:http";
import type { HttpClient } from "./http-client.ts";
import { sseFrameReader } from "./sse-frames.ts";

export type LiveEvent = { type: string; sessionId?: string; progressId?: string; connection: number; at: number };

export type LiveChannel = {
  events: LiveEvent[];
  /** How many times a 200 stream was opened. */
  opens(): number;
  /** Statuses of refused (re)connections, and network errors. */
  failures: string[];
  /** True once a non-200 answer failed it for good (EventSource semantics). */
  failed(): boolean;
  waitFor(predicate: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
};

export function openLiveChannel(
  client: HttpClient,
  path: string,
  options: { reopenAfterFailureMs?: number } = {},
): LiveChannel {
  const events: LiveEvent[] = [];
  const failures: string[] = [];
  const waiters = new Set<() => void>();
  let retryMs = 3000; // EventSource's usual default until the server sends `retry:`
  let opens = 0;
  let closed = false;
  let failedForGood = false;
  let request: http.ClientRequest | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = (ms: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(connect, ms);
  };

  function connect() {
    if (closed) return;
    const req = http.get(
      new URL(path, client.baseUrl),
      {
        headers: {
          accept: "text/event-stream",
          "cache-control": "no-cache",
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        localAddress: client.options.localAddress,
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          failures.push(`status ${res.statusCode}`);
          res.resume();
          if (options.reopenAfterFailureMs === undefined) failedForGood = true;
          else later(options.reopenAfterFailureMs);
          return;
        }
        const connection = ++opens;
        res.setEncoding("utf8");
        res.on(
          "data",
          sseFrameReader((frame) => {
            if (frame.retryMs) retryMs = frame.retryMs;
            if (frame.data === null) return;
            events.push({ ...(JSON.parse(frame.data) as { type: string }), connection, at: Date.now() });
            waiters.forEach((w) => w());
          }),
        );
        // The stream ended (server gone, killed, restarted): connect again after `retry`.
        res.on("close", () => later(retryMs));
      },
    );
    request = req;
    req.on("error", (error) => {
      failures.push((error as NodeJS.ErrnoException).code ?? error.message);
      later(retryMs);
    });
  }
  connect();

  return {
    events,
    failures,
    opens: () => opens,
    failed: () => failedForGood,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(deadline);
          resolve(found);
        };
        const deadline = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No matching event on ${path} within ${timeoutMs} ms (opens: ${opens}, failures: ${failures.join(", ")}); got ${JSON.stringify(events.slice(-5))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      closed = true;
      clearTimeout(timer);
      request?.destroy();
    },
  };
}
