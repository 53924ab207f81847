/**
 * Every error a client can receive is a catalogue key with Irish: a test server
 * watches the error bodies it sends, and closing it fails if one had no key, a key the
 * catalogues do not have, or no Irish text. So every API test checks the errors it provokes.
 */
import type { FastifyInstance } from "fastify";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };

const english = en as Record<string, string>;
const irish = ga as Record<string, string>;

/** Why an error body (`{ error: { code, message, key? } }`) would reach a reader of Irish in English, or null. */
export function errorKeyProblem(body: unknown): string | null {
  const error = (body as { error?: { key?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== "object") return null;
  const key = error.key;
  if (typeof key !== "string") return `no key for ${JSON.stringify(error.message)}`;
  if (!Object.hasOwn(english, key)) return `${key} is not in the catalogues`;
  if (!irish[key]?.trim()) return `${key} has no Irish`;
  return null;
}

/** Watches `app`'s JSON error bodies (before it is ready); the result lists what was wrong with them. */
export function watchErrorKeys(app: FastifyInstance): () => string[] {
  const problems: string[] = [];
  app.addHook("onSend", (request, reply, payload, done) => {
    // Error bodies are small and go uncompressed (http/content-encoding.ts): a string here.
    if (reply.statusCode >= 400 && typeof payload === "string" && payload.startsWith('{"error":')) {
      const problem = errorKeyProblem(JSON.parse(payload));
      if (problem) problems.push(`${request.method} ${request.url.split("?")[0]} → ${reply.statusCode}: ${problem}`);
    }
    done(null, payload);
  });
  return () => problems;
}
