/**
 * An API endpoint as both sides name it: its method and path (`:name` for a path parameter).
 * This is the half of a contract without zod (the other half, its schemas, is the domain's
 * `*-contracts.server.ts`; contract.server.ts): the web calls endpoints, so the pupils' pages
 * never load zod (decision 045).
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Endpoint<M extends Method = Method, P extends string = string> = { readonly method: M; readonly path: P };

export const endpoint = <const M extends Method, const P extends string>(method: M, path: P): Endpoint<M, P> => ({
  method,
  path,
});

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters an endpoint's path names, as the browser gives them (text). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** The endpoint's path with its parameters filled in, each encoded. */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
}
