/**
 * Errors with an HTTP status and a stable code. Handlers throw these; the error handler
 * (app.ts) turns them, zod errors and Fastify's own errors into `{ error: { code, message } }`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, field?: string) => new HttpError(400, code, message, field);
export const unauthorized = (message = "User not authenticated.") => new HttpError(401, "unauthenticated", message);
export const forbidden = (message: string) => new HttpError(403, "forbidden", message);
export const notFound = (message: string) => new HttpError(404, "not_found", message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);

export type ErrorBody = { error: { code: string; message: string; field?: string } };
