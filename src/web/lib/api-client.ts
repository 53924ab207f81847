/**
 * One way to call our API: JSON in, JSON out, errors as ApiError. An error's message is the
 * server's message key with its values (messages.ts), so each page shows it in its reader's
 * language (`t(error.message)`); a body without a key (not our server's) reads as its status.
 */
import type { ApiContract } from "../../shared/api-contracts.server.ts";
import { ApiError, type ErrorBody } from "../../shared/api-errors.ts";
import type { BodyInput, QueryInput, ResponseOf } from "../../shared/contract.server.ts";
import { type Endpoint, type PathParams, pathOf } from "../../shared/endpoint.ts";
import { messageText, msg } from "../../shared/i18n/messages.ts";
import { type Translated, translate } from "./i18n/i18n.ts";

export { ApiError };

export const networkErrorMessage = messageText(msg("common.error.network"));

/** The contract of an endpoint, found by its method and path (decision 045): only its types reach the browser. */
type ContractOf<E extends Endpoint> = Extract<ApiContract, { method: E["method"]; path: E["path"] }>;

/**
 * What a call sends: the path's parameters, the query and the JSON body as the contract takes them;
 * `{}` for a POST the contract gives no body; `blob`, a body of its own bytes and type (a picture).
 */
type CallInput<E extends Endpoint> = ([keyof PathParams<E["path"]>] extends [never]
  ? { params?: never }
  : { params: PathParams<E["path"]> }) &
  BodyPart<ContractOf<E>> &
  ([QueryInput<ContractOf<E>>] extends [undefined] ? { query?: never } : { query: QueryInput<ContractOf<E>> }) & {
    timeoutMs?: number;
  };

/** A JSON body checked by the route itself (a game file) is anything; a body of bytes is a Blob. */
type BodyPart<C extends ApiContract> = [BodyInput<C>] extends [undefined]
  ? C extends { rawBody: "application/json" }
    ? { body: unknown }
    : C extends { rawBody: string }
      ? { blob: Blob }
      : { body?: Record<string, never> }
  : { body: BodyInput<C> };

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type CallArgs<E extends Endpoint> = [RequiredKeys<CallInput<E>>] extends [never]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

/** The one way to call our API: the endpoint's contract types what is sent and what comes back. */
export function apiCall<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<ContractOf<E>>> {
  const call = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string> } & Omit<
    Options,
    "method"
  >;
  const path = call.params ? pathOf(endpoint.path, call.params as PathParams<string>) : endpoint.path;
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  const { body, blob, timeoutMs } = call;
  // The JSON that came back is the contract's response: the server serialized it through its schema.
  return send(`${path}${query}`, { method: endpoint.method, body, blob, timeoutMs }) as Promise<
    ResponseOf<ContractOf<E>>
  >;
}

/** `body` is sent as JSON; `blob` as its own bytes and type (a picture). */
type Options = {
  method: Endpoint["method"];
  body?: unknown;
  blob?: Blob;
  timeoutMs?: number;
};

async function send(path: string, options: Options): Promise<unknown> {
  const method = options.method;
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
  return data;
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

/** A call's JSON body as the contract takes it (a form's values, before the server's transforms). */
export type BodyOfCall<E extends Endpoint> = BodyInput<ContractOf<E>>;
