/**
 * The error side of the API, typed once for both sides: every failed request is answered
 * with `{ error: { code, message, field? } }`, and both sides hold it as an `ApiError`.
 */

import type { MessageKey, MessageText, MessageValues } from "./i18n/messages.ts";

/**
 * Every code a response can carry. The AI endpoint answers with the SPEC's cloud-function
 * reasons (section 8, kebab-case: `resource-exhausted`, …); every other route with snake_case codes.
 */
export const SERVER_ERROR_CODES = [
  // Any route
  "bad_request",
  "invalid_input",
  "body_too_large",
  "unauthenticated",
  "forbidden",
  "not_found",
  "rate_limited",
  "database_unavailable",
  "internal",
  "host_not_served",
  "conflict",
  // Auth
  "invalid_credentials",
  "email_taken",
  "password_too_short",
  "password_too_long",
  "invalid_email",
  "invalid_token",
  // Account
  "wrong_password",
  "confirmation_mismatch",
  "same_email",
  // Sessions
  "invalid_group_count",
  "game_has_no_questions",
  "join_code_exhausted",
  "session_active",
  "too_many_sessions",
  "too_many_classes",
  // Games and their pictures
  "storage_full",
  "game_archived",
  "invalid_image",
  "invalid_recording",
  // Join and play
  "session_ended",
  "blocked_name",
  "not_on_class_list",
  "invalid_group",
  "details_invalid",
  "invalid_question",
  "out_of_order",
  "retry",
  "name_taken",
  "pupil_removed",
  // A tablet several children share (decision 048)
  "tablet_full",
  "already_on_tablet",
  "other_group",
  "not_your_turn",
  // Stations around the room
  "station_not_found",
  "not_around_the_room",
  // AI generation: the SPEC's reasons, and a reply the model got wrong
  "unimplemented",
  "resource-exhausted",
  "deadline-exceeded",
  "unavailable",
  "invalid_ai_response",
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/**
 * Codes the web client makes up itself: no connection (`network`), its own time limit
 * (`deadline-exceeded`), or a failure without our error body (a proxy's page: `http_502`).
 */
export type ClientErrorCode = "network" | "deadline-exceeded" | `http_${number}`;

export type ErrorCode = ServerErrorCode | ClientErrorCode;

/**
 * `message` is English; `key` and `values`, when present, name it in the catalogues
 * (src/shared/i18n), so a client shows it in its reader's language.
 */
export type ErrorBody = {
  error: { code: ServerErrorCode; message: string; key?: MessageKey; values?: MessageValues; field?: string };
};

/**
 * A failed request: the server throws it (its error handler writes the body), the web client
 * rebuilds it from the body. Its message is a catalogue key or an encoded message, never free text.
 */
export class ApiError extends Error {
  declare readonly message: MessageText;
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  constructor(status: number, code: ErrorCode, message: MessageText, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}
