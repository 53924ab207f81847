/**
 * Compression of what the server sends. Static assets are compressed once at build time
 * (scripts/build/precompress.ts); index.html once at start-up (web-app.ts). API answers are
 * compressed here, per response, only where it pays: JSON or CSV larger than one network
 * packet (the teacher's results document grows with the class; a pupil's answer or play
 * state stays under it and is sent as is, costing no CPU on the hot path). Server-Sent Events
 * never pass through here: their streams write to the socket themselves and must not be
 * held back by a compressor.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";

export type ContentEncoding = "br" | "gzip";

/** Below this a compressed answer saves nothing a browser would notice (one TCP segment). */
export const COMPRESS_MIN_BYTES = 1400;

const COMPRESSIBLE = /^(application\/json|text\/csv)\b/;

/**
 * The encoding to answer an Accept-Encoding header with: brotli if accepted, else gzip,
 * else none. Honours `;q=0` (refused) and `*`.
 */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const accepted = new Map<string, number>();
  for (const part of text.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weightOf("br") > 0 && weightOf("br") >= weightOf("gzip")) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses API answers (JSON, CSV) worth compressing, off the event loop (zlib's thread pool).
 * Synchronous, with `done`, for the answers it leaves as they are (every answer on a pupil's
 * hot path): an async hook costs a promise and a microtask hop on each of them.
 */
export function registerApiCompression(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.getHeader("content-encoding")) return done(null, payload);
    const type = String(reply.getHeader("content-type") ?? "");
    if (!COMPRESSIBLE.test(type)) return done(null, payload);
    reply.header("vary", "Accept-Encoding");
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    // Quality 4 / level 6: most of the saving at a small fraction of the CPU of the maximum.
    const compressing =
      encoding === "br"
        ? brotli(payload, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
          })
        : gzip(payload, { level: 6 });
    compressing.then(
      (compressed) => {
        reply.header("content-encoding", encoding);
        reply.removeHeader("content-length");
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
