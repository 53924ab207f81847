/**
 * Server-Sent Events: one long response per browser, `data:` lines of small JSON events,
 * a comment every 20 s so proxies and Wi-Fi keep the connection open. EventSource in the
 * browser reconnects by itself; on every (re)connect the page re-fetches its data.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

export const HEARTBEAT_MS = 20_000;

export type SseStream = { send(data: unknown): void; close(): void };

export type SseHub = { open(request: FastifyRequest, reply: FastifyReply, onClose: () => void): SseStream; closeAll(): void };

/** The streams of one app, so that closing the app ends them instead of waiting on them. */
export function createSseHub(): SseHub {
  const streams = new Set<SseStream>();
  return {
    open: (request, reply, onClose) => openSse(streams, request, reply, onClose),
    closeAll: () => {
      for (const stream of [...streams]) stream.close();
    },
  };
}

function openSse(open: Set<SseStream>, request: FastifyRequest, reply: FastifyReply, onClose: () => void): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write("retry: 2000\n: connected\n\n");

  const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
  let closed = false;
  const stream: SseStream = {
    send(data) {
      if (!closed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      open.delete(stream);
      onClose();
      res.end();
    },
  };
  open.add(stream);
  request.raw.on("close", () => stream.close());
  return stream;
}
