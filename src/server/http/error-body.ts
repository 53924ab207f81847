/**
 * The body of every failed request: `{ error: { code, message, key?, values?, field? } }`.
 * `text` is a message key or `key|values` (shared/i18n/messages.ts), never free text: the
 * message is always English; the key lets the client show it in its reader's language (decision 021).
 */
import type { FastifyError } from "fastify";
import type { ErrorBody, ServerErrorCode } from "../../shared/api-errors.ts";
import { asMessageText, type MessageKey, type MessageText } from "../../shared/i18n/messages.ts";
import { asMessage, inEnglish } from "../i18n.ts";

export function errorBody(code: ServerErrorCode, text: MessageText, field?: string): ErrorBody {
  const message = asMessage(text);
  return {
    error: {
      code,
      message: inEnglish(text),
      ...(message ? { key: message.key, ...(message.values ? { values: message.values } : {}) } : {}),
      ...(field ? { field } : {}),
    },
  };
}

/** Fastify's own refusals of a request, by their code: its English sentences would reach the reader as they are. */
export const FRAMEWORK_MESSAGES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "common.error.invalidJson",
  FST_ERR_CTP_EMPTY_JSON_BODY: "common.error.emptyJsonBody",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "common.error.unsupportedMediaType",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "common.error.contentLengthMismatch",
  FST_ERR_CTP_BODY_TOO_LARGE: "common.error.bodyTooLarge",
  FST_ERR_NOT_FOUND: "common.error.notFound",
  FST_ERR_BAD_URL: "common.error.invalidAddress",
  FST_ERR_INVALID_URL: "common.error.invalidAddress",
  FST_ERR_MAX_PARAM_LENGTH: "common.error.idTooLong",
  FST_ERR_VALIDATION: "common.error.invalidInput",
};

/**
 * A 4xx error of Fastify, of a plugin or of a body parser as a catalogue message: by its code,
 * or its own message where that is one (json-body.ts's), else "The request could not be read."
 */
export function frameworkMessage(error: FastifyError | Error): MessageText {
  const code = (error as FastifyError).code;
  // A route schema's refusal: the schema's own key, as the error handler gives a ZodError's.
  if (code === "FST_ERR_VALIDATION") {
    const first = (error as FastifyError).validation?.[0]?.message;
    return asMessageText(first) ?? "common.error.invalidInput";
  }
  if (code && Object.hasOwn(FRAMEWORK_MESSAGES, code)) return FRAMEWORK_MESSAGES[code]!;
  // JSON.parse's own error, from a parser that does not wrap it.
  if (error.name === "SyntaxError") return "common.error.invalidJson";
  return asMessageText(error.message) ?? "common.error.badRequest";
}
