/**
 * Tells "the database cannot be reached just now" (PostgreSQL restarting, crashed, or the
 * network to it down) from every other failure, so that the app answers 503 with a message
 * a teacher understands instead of a 500 with a logged stack trace per request. The pool
 * and the listener reconnect by themselves; the client only has to try again.
 */

/** Connection-level codes: Node's socket errors and PostgreSQL's classes 08 and 57P. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const POSTGRES_CODES = new Set([
  "57P01", // admin_shutdown: the server is shutting down (pg_ctl stop, a crash of a sibling backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, in recovery
  "53300", // too_many_connections
]);
/** node-postgres reports a connection lost mid-query with these messages and no code. */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Query read timeout|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError.cause); better-auth may wrap it again.
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith("08")))
      return true;
    if (e instanceof Error && LOST_CONNECTION.test(e.message) && !/Failed query/.test(e.message)) return true;
  }
  return false;
}

/** A catalogue key: the client shows it in its reader's language. */
export const databaseUnavailableMessage = "common.error.databaseUnavailable";

/** What to log: the driver's own sentence, not the whole query (one line per failed request). */
export function rootCauseMessage(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; (e as { cause?: unknown })?.cause && depth < 6; depth++) e = (e as { cause?: unknown }).cause;
  return e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);
}
