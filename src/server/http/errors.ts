/**
 * Error factories: handlers throw these; the error handler (app.ts) turns them, zod errors and
 * Fastify's own errors into `{ error: { code, message } }`. A sentence the client shows for
 * more than one route has its factory here, so that it is written once.
 */
import { ApiError, type ServerErrorCode } from "../../shared/api-errors.ts";
import { type MessageText, messageText, msg } from "../../shared/i18n/messages.ts";
import { playMessages } from "../../shared/play/play-texts.ts";
import { removalMessages } from "../../shared/sessions/pupil-removal.ts";
import { sessionMessages } from "../../shared/sessions/session-rules.ts";

export const badRequest = (code: ServerErrorCode, message: MessageText, field?: string) =>
  new ApiError(400, code, message, field);
export const unauthorized = (message: MessageText = "common.error.notSignedIn") =>
  new ApiError(401, "unauthenticated", message);
export const forbidden = (message: MessageText) => new ApiError(403, "forbidden", message);
export const notFound = (message: MessageText) => new ApiError(404, "not_found", message);
export const conflict = (code: ServerErrorCode, message: MessageText) => new ApiError(409, code, message);
export const tooManyRequests = (message: MessageText, code: ServerErrorCode = "rate_limited") =>
  new ApiError(429, code, message);
/** Nothing is wrong with the request: the client should send it again (a race it lost, a code space used up). */
export const tryAgain = (message: MessageText, code: ServerErrorCode = "retry") => new ApiError(503, code, message);

/** No route answers this method and path under /api. */
export const noApiRoute = (method: string, url: string) =>
  notFound(messageText(msg("common.error.noApiRoute", { route: `${method} ${url.split("?")[0]}` })));
export const sessionNotFound = () => notFound(sessionMessages.notFound);
export const progressNotFound = () => notFound(playMessages.progressNotFound);
export const notYourProgress = () => forbidden(playMessages.notYourProgress);
/** The teacher took this progress's pupil out of the session (decision 016): gone, and not coming back. */
export const pupilRemoved = () => new ApiError(410, "pupil_removed", removalMessages.progressRemoved);
/** This device was taken out of the session it tries to join again. */
export const removedDeviceCannotRejoin = () => new ApiError(403, "pupil_removed", removalMessages.cannotRejoin);
export const sessionEnded = () => new ApiError(410, "session_ended", playMessages.sessionEnded);
