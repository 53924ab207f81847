/** Reads a Server-Sent Events stream over plain HTTP, as EventSource would, with the client's cookies. */
import http from "node:http";
import type { HttpClient } from "./http-client.ts";
import { sseFrameReader } from "./sse-frames.ts";

export type SseConnection = {
  events: any[];
  waitFor(predicate: (event: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
  closed: Promise<void>;
};

export function connectSse(client: HttpClient, path: string): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, client.baseUrl);
    const events: any[] = [];
    const waiters = new Set<() => void>();
    let markClosed!: () => void;
    const closed = new Promise<void>((r) => (markClosed = r));
    const req = http.get(
      url,
      {
        headers: { accept: "text/event-stream", cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        localAddress: client.options.localAddress,
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () =>
            reject(Object.assign(new Error(`SSE answered ${res.statusCode}: ${body}`), { status: res.statusCode })),
          );
          return;
        }
        res.setEncoding("utf8");
        res.on(
          "data",
          sseFrameReader((frame) => {
            if (frame.data === null) return;
            events.push(JSON.parse(frame.data));
            waiters.forEach((w) => w());
          }),
        );
        res.on("close", () => markClosed());
        resolve({
          events,
          closed,
          close: () => req.destroy(),
          waitFor(predicate, timeoutMs = 5000) {
            return new Promise((resolveWait, rejectWait) => {
              const check = () => {
                const found = events.find(predicate);
                if (found) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  resolveWait(found);
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                rejectWait(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
        });
      },
    );
    req.on("error", (e) => {
      markClosed();
      reject(e);
    });
  });
}
