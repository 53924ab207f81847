/**
 * Server-Sent Events: one long response per browser, `data:` lines of small JSON events,
 * a comment every 20 s so proxies and Wi-Fi keep the connection open. EventSource in the
 * browser reconnects by itself; on every (re)connect the page re-fetches its data.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { CONNECTION_LIMITS } from "../limits/limits.ts";

export const HEARTBEAT_MS = 20_000;

export type SseStream = { send(data: unknown): void; close(): void };

export type SseHub = {
  /** Opens a stream for `ownerId` (a user: a teacher, or a pupil's device); past the cap, its oldest stream ends. */
  open(request: FastifyRequest, reply: FastifyReply, ownerId: string, onClose: () => void): SseStream;
  closeAll(): void;
  /** Streams `ownerId` holds open now. */
  countOf(ownerId: string): number;
};

/**
 * The streams of one app, so that closing the app ends them instead of waiting on them,
 * and each user holds a handful at most. The oldest gives way rather than the newest being
 * refused: a tablet whose Wi-Fi dropped leaves a stream the server has not yet noticed is
 * dead, and its reconnection must not be turned away.
 */
export function createSseHub(options: { streamsPerUser?: number } = {}): SseHub {
  const perUser = options.streamsPerUser ?? CONNECTION_LIMITS.streamsPerUser;
  const streams = new Set<SseStream>();
  const byOwner = new Map<string, SseStream[]>();
  const forget = (ownerId: string, stream: SseStream) => {
    const list = (byOwner.get(ownerId) ?? []).filter((s) => s !== stream);
    if (list.length === 0) byOwner.delete(ownerId);
    else byOwner.set(ownerId, list);
  };
  return {
    open: (request, reply, ownerId, onClose) => {
      const list = byOwner.get(ownerId) ?? [];
      while (list.length >= perUser) list.shift()!.close();
      const stream = openSse(streams, request, reply, () => {
        forget(ownerId, stream);
        onClose();
      });
      byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), stream]);
      return stream;
    },
    closeAll: () => {
      for (const stream of [...streams]) stream.close();
    },
    countOf: (ownerId) => byOwner.get(ownerId)?.length ?? 0,
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
