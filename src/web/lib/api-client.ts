/**
 * One way to call our API: JSON in, JSON out, errors as ApiError. An error's message is the
 * server's message key with its values (messages.ts), so each page shows it in its reader's
 * language (`t(error.message)`); a body without a key (not our server's) reads as its status.
 */
import { ApiError, type ErrorBody } from "../../shared/api-errors.ts";
import { messageText, msg } from "../../shared/i18n/messages.ts";
import { translate, type Translated } from "./i18n/i18n.ts";

export { ApiError };

export const networkErrorMessage = messageText(msg("common.error.network"));

/** `body` is sent as JSON; `blob` as its own bytes and type (a picture). */
type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  blob?: Blob;
  timeoutMs?: number;
};

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? "GET";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      // A request with no body carries no headers of its own: the server answers JSON whatever
      // the Accept header says, and Chromium answers a request from a preload (the play page's
      // question, route-preloads.ts) only when its headers are the preload's.
      headers: options.blob
        ? { accept: "application/json", "content-type": options.blob.type }
        : options.body === undefined
          ? undefined
          : { accept: "application/json", "content-type": "application/json" },
      body: options.blob ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError")
      throw new ApiError(504, "deadline-exceeded", messageText(msg("common.error.timeout")));
    throw new ApiError(0, "network", networkErrorMessage);
  }
  // A proxy's error page has no body of ours: hence every field may be missing.
  const data = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (!response.ok) throw refusal(response, data);
  return data as T;
}

/**
 * A refused request as an ApiError: the server's message key and values when its body has them;
 * otherwise its status (another server's English sentence would reach a reader of Irish as it is).
 */
function refusal(response: Response, data: Partial<ErrorBody> | null): ApiError {
  const error = data?.error;
  const message = error?.key
    ? messageText({ key: error.key, values: error.values })
    : messageText(msg("common.error.httpStatus", { status: response.status }));
  return new ApiError(response.status, error?.code ?? `http_${response.status}`, message, error?.field);
}

/**
 * A file the server sends (a game file): its bytes and the name the server gives it
 * (Content-Disposition's `filename*`), or the refusal as an ApiError, so that the page can say why.
 */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", networkErrorMessage);
  }
  if (!response.ok) throw refusal(response, (await response.json().catch(() => null)) as Partial<ErrorBody> | null);
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : null };
}

/**
 * No connection, or the server cannot answer just now (a proxy's 502 while it restarts, our
 * 503 while its database is down): worth trying again, and no answer about the request itself.
 */
export const isTransient = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** An error as its reader sees it: the message in the page's language (i18n.ts). */
export const errorMessage = (error: unknown): Translated =>
  translate(error instanceof Error ? error.message : String(error));
