/**
 * The body of every failed request: `{ error: { code, message, key?, values?, field? } }`.
 * `text` is a message key (or `key|values`, shared/i18n/messages.ts) or, for a text with no
 * catalogue entry (a framework's own), English as it is. The message is always English; the
 * key lets the client show it in its reader's language (decision 021).
 */
import type { ErrorBody, ServerErrorCode } from "../../shared/api-errors.ts";
import { asMessage, inEnglish } from "../i18n.ts";

export function errorBody(code: ServerErrorCode, text: string, field?: string): ErrorBody {
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
