/**
 * One contract per endpoint (decision 045): its method and path (endpoint.ts, the web's half), and
 * the schemas of its path parameters, query, body and responses. Fastify validates requests and
 * serializes responses from it (server/http/contract-routes.ts), the web's client takes its types
 * from it (web/lib/api-client.ts) and the OpenAPI document is made from it (server/http/openapi.ts).
 */
import type { z } from "zod";
import type { Endpoint, Method } from "./endpoint.ts";

/** A response that is not JSON: sent as it is (a file, a picture, a stream), never through a schema. */
export type RawResponse = { readonly content: string; readonly description: string };
/** A JSON response's schema: the body is parsed through it before it is sent, so what it does not list is left out. */
export type ResponseSchema = z.ZodType;
/** `null`: no body (204, 304). */
export type Responses = { readonly [status: number]: ResponseSchema | RawResponse | null };

export type ContractSchemas = {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Who may call it (the document's security; the route's guard enforces it). */
  readonly caller: "anyone" | "teacher" | "pupil" | "link";
  readonly params?: z.ZodType<Record<string, string>, Record<string, string>>;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A body that is not JSON (a picture's bytes): its media type; the route reads it itself. */
  readonly rawBody?: string;
  readonly responses: Responses;
};

export type Contract<E extends Endpoint = Endpoint> = E & ContractSchemas;

export const contract = <const E extends Endpoint, const S extends ContractSchemas>(endpoint: E, schemas: S): E & S =>
  ({ ...schemas, method: endpoint.method, path: endpoint.path }) as E & S;

export const isRawResponse = (response: ResponseSchema | RawResponse | null): response is RawResponse =>
  response !== null && "content" in response && typeof response.content === "string";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the handler receives, validated: the schemas' output (transforms applied). */
export type ParamsOf<C extends ContractSchemas> = Out<C["params"]>;
export type QueryOf<C extends ContractSchemas> = Out<C["query"]>;
export type BodyOf<C extends ContractSchemas> = Out<C["body"]>;

/** What a client sends: the schemas' input. */
export type BodyInput<C extends ContractSchemas> = In<C["body"]>;
export type QueryInput<C extends ContractSchemas> = In<C["query"]>;

type JsonStatuses<R extends Responses> = {
  [K in keyof R]: R[K] extends ResponseSchema ? K : never;
}[keyof R];

/** What the handler may answer with (any of its JSON responses), before the schema strips it. */
export type ReplyOf<C extends ContractSchemas> = {
  [K in JsonStatuses<C["responses"]>]: z.input<C["responses"][K] & ResponseSchema>;
}[JsonStatuses<C["responses"]>];

/** What a client receives from a successful call: the JSON responses' output, or nothing. */
export type ResponseOf<C extends ContractSchemas> = [JsonStatuses<C["responses"]>] extends [never]
  ? null
  : { [K in JsonStatuses<C["responses"]>]: z.output<C["responses"][K] & ResponseSchema> }[JsonStatuses<C["responses"]>];

export type AnyContract = Contract<Endpoint<Method, string>>;

type Flat<T> = T extends readonly (infer U)[] ? Flat<U>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;
/** Whether two types are the same, every key and whether it is optional (intersections flattened first). */
type Same<A, B> = (<X>() => X extends Flat<A> ? 1 : 2) extends <X>() => X extends Flat<B> ? 1 : 2 ? true : false;

/**
 * A response schema whose output is exactly `T`, the response type both sides read (declared where the
 * pupils' bundle and the shared rules can read it without zod). A key in one and not the other, optional
 * or not, fails the typecheck: the schema cannot strip a field the type promises, nor send one it does not.
 */
export const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { notExactly: T })): S =>
    schema;
