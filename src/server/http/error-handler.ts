/**
 * Every failure answered in one shape (`{ error: { code, message, key?, … } }`, error-body.ts):
 * our own errors, zod's, Fastify's and the database's, and Fastify's routing errors, which
 * never reach a handler.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from "fastify";
import { ZodError } from "zod";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import { ApiError, type ErrorBody, type ServerErrorCode } from "../../shared/api-errors.ts";
import { issueMessage, type MessageText } from "../../shared/i18n/messages.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable, rootCauseMessage } from "../db/unavailable.ts";
import { errorBody, frameworkMessage } from "./error-body.ts";
import { uniqueViolationAsConflict } from "./error-log.ts";
import { routingErrorHeaders } from "./security.ts";

/** Fastify's own routing errors (a URL that cannot be decoded, a too-long id) in our error shape. */
function frameworkErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "common.error.idTooLong" : "common.error.invalidAddress";
  return { status, body: errorBody("bad_request", message) };
}

/** Fastify's `frameworkErrors` option: routing errors answered with the same security headers as any page. */
export function frameworkErrors(appUrl: string): FastifyServerOptions["frameworkErrors"] {
  return (error, _request, reply) => {
    const { status, body } = frameworkErrorBody(error);
    // The generic reply type knows no status codes; this one is plain JSON.
    return (reply as unknown as FastifyReply).code(status).headers(routingErrorHeaders(appUrl)).send(body);
  };
}

export function registerErrorHandler(app: FastifyInstance) {
  const outageLog = everyFewSeconds(5000);
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const send = (status: number, code: ServerErrorCode, text: MessageText, field?: string) =>
      reply.code(status).send(errorBody(code, text, field));
    if (error instanceof ApiError) {
      // A limit that knows when it frees up says so (limits/limits.ts).
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header("retry-after", String(retryAfter));
      // The server only throws server codes; the client-side ones are made up by the web client.
      return send(error.status, error.code as ServerErrorCode, error.message, error.field);
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join(".") || undefined;
      return send(400, "invalid_input", issueMessage(issue), field);
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode === 429) return send(429, "rate_limited", authMessages.tooManyAttempts);
    if (statusCode === 413) return send(413, "body_too_large", "common.error.bodyTooLarge");
    if (statusCode && statusCode >= 400 && statusCode < 500)
      return send(statusCode, "bad_request", frameworkMessage(error));
    // Two requests raced for one row and this one lost (a unique constraint said so): 409, not 500.
    const taken = uniqueViolationAsConflict(error);
    if (taken) return send(taken.status, taken.code as ServerErrorCode, taken.message);
    if (isDatabaseUnavailable(error)) {
      // Not a bug: PostgreSQL is restarting or unreachable, and the pool reconnects by itself.
      // Clients keep what they were sending and try again (the play page resends answers).
      if (outageLog.shouldLog())
        request.log.warn(
          { cause: rootCauseMessage(error), suppressed: outageLog.suppressed() },
          "Database unavailable; answering 503",
        );
      reply.header("retry-after", "2");
      return send(503, "database_unavailable", databaseUnavailableMessage);
    }
    request.log.error({ err: error }, "Unhandled error");
    return send(500, "internal", "common.error.internal");
  });
}

/** During an outage every request fails the same way: one log line per window says so. */
function everyFewSeconds(ms: number) {
  let last = 0;
  let skipped = 0;
  return {
    shouldLog() {
      const now = Date.now();
      if (now - last < ms) {
        skipped++;
        return false;
      }
      last = now;
      return true;
    },
    suppressed() {
      const n = skipped;
      skipped = 0;
      return n;
    },
  };
}
