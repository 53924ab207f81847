/** One way to call our API: JSON in, JSON out, errors as ApiError with the server's message. */
import { ApiError, type ErrorBody } from "../../shared/api-errors.ts";

export { ApiError };

export const networkErrorMessage = "Could not reach the server. Check your connection and try again.";

/** `body` is sent as JSON; `blob` as its own bytes and type (a picture). */
type Options = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; blob?: Blob; timeoutMs?: number };

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? "GET";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: options.blob
        ? { accept: "application/json", "content-type": options.blob.type }
        : options.body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: options.blob ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError") throw new ApiError(504, "deadline-exceeded", "The server took too long to answer.");
    throw new ApiError(0, "network", networkErrorMessage);
  }
  // A proxy's error page has no body of ours: hence every field may be missing.
  const data = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (!response.ok) {
    throw new ApiError(response.status, data?.error?.code ?? `http_${response.status}`, data?.error?.message ?? `The server answered ${response.status}.`, data?.error?.field);
  }
  return data as T;
}

/**
 * No connection, or the server cannot answer just now (a proxy's 502 while it restarts, our
 * 503 while its database is down): worth trying again, and no answer about the request itself.
 */
export const isTransient = (error: unknown): boolean => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
