/**
 * Errors as the log keeps them, and the database's "already taken" as a 409.
 *
 * Drizzle's query errors carry the statement's parameters (in their message, their stack's
 * first line and a `params` field), and PostgreSQL's errors carry the values of a refused
 * row in `detail`: an email address, a user id, a pupil's name. The log is read by whoever
 * runs the server, and kept; children's and teachers' data does not belong in it. So every
 * error the app logs (the `err` serializer of the app's logger, and better-auth's log) is
 * written as its kind, its SQL text with placeholders, the SQLSTATE, constraint and table,
 * and where it was thrown: never the values.
 */

import { authMessages } from "../../shared/account/auth-contracts.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { conflict } from "./errors.ts";

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  query?: unknown;
  cause?: unknown;
};

/** Quoted values inside a driver's sentence (`invalid input syntax for type uuid: "…"`). */
const QUOTED = /"[^"]*"/g;

function describe(error: ErrorLike): Record<string, unknown> {
  const isQuery = typeof error.query === "string";
  const hasSqlState = typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);
  const rawMessage = typeof error.message === "string" ? error.message : String(error);
  // A query's own message is "Failed query: <sql>\nparams: <values>": keep the SQL only.
  const message = isQuery
    ? `Failed query: ${error.query as string}`
    : hasSqlState
      ? rawMessage.replace(QUOTED, '"…"')
      : rawMessage;
  // The stack's first lines repeat the message; the frames below them say where.
  const frames = typeof error.stack === "string" ? error.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return {
    type: typeof error.name === "string" ? error.name : "Error",
    message,
    ...(typeof error.code === "string" ? { code: error.code } : {}),
    ...(typeof error.constraint === "string" ? { constraint: error.constraint } : {}),
    ...(typeof error.table === "string" ? { table: error.table } : {}),
    ...(frames.length > 0 ? { stack: frames.join("\n") } : {}),
  };
}

/** The pino `err` serializer: the error and its causes (up to 5 deep), without any query's values. */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== "object") return { type: typeof error, message: String(error) };
  const top = describe(error as ErrorLike);
  const causes: Record<string, unknown>[] = [];
  for (
    let e = (error as ErrorLike).cause, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as ErrorLike).cause, depth++
  ) {
    causes.push(describe(e as ErrorLike));
  }
  return causes.length > 0 ? { ...top, causes } : top;
}

/** Anything handed to a logger: errors described as above, other values as they are. */
export const loggable = (value: unknown): unknown => (value instanceof Error ? loggableError(value) : value);

/** The unique constraints whose refusal a client can be told about in its own words. */
const TAKEN_BY_CONSTRAINT: Record<string, () => ApiError> = {
  users_email_unique: () => conflict("email_taken", authMessages.emailTaken),
};

/**
 * PostgreSQL's unique_violation (23505) anywhere in the error's causes, as a 409: two
 * requests raced for the same row (two confirmations of one address, say), and the one that
 * lost is told so instead of a 500. Null for any other error.
 */
export function uniqueViolationAsConflict(error: unknown): ApiError | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 6;
    e = (e as ErrorLike).cause, depth++
  ) {
    const { code, constraint } = e as ErrorLike;
    if (code !== "23505") continue;
    const known = typeof constraint === "string" ? TAKEN_BY_CONSTRAINT[constraint] : undefined;
    return known ? known() : conflict("conflict", "common.error.conflict");
  }
  return null;
}

/** The logger's options with our `err` serializer, whoever gave them. */
export function withSafeErrors(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const given = logger === true ? {} : (logger as { serializers?: object });
  return { ...given, serializers: { ...given.serializers, err: loggableError } };
}
