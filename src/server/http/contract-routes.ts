/**
 * Routes registered from their contracts (decision 045). Fastify validates the path parameters,
 * query and body with the contract's zod schemas before the handler runs, and serializes each JSON
 * response through its schema, so a field the schema does not list is never sent. The route's
 * guard runs first (preValidation), so that who may call it is decided before what they sent is
 * judged: a stranger's bad body is a 401, not a 400.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  RouteShorthandOptions,
} from "fastify";
import type { z } from "zod";
import {
  type AnyContract,
  type BodyOf,
  type ContractSchemas,
  isRawResponse,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from "../../shared/contract.server.ts";

const isZodSchema = (schema: unknown): schema is z.ZodType =>
  typeof schema === "object" && schema !== null && "safeParse" in schema;

/**
 * Zod validates and serializes every route with a contract. A failed check hands Fastify the
 * ZodError itself, which the error handler (app.ts) answers as every zod refusal: 400, the first
 * issue's message (a catalogue key) and its field.
 */
export function compileFromContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZodSchema(schema)) throw new Error(`A route's ${httpPart} schema is not a contract's zod schema`);
    // Fastify hands a missing body to the validator as null; the handlers parsed it as undefined.
    const missing = httpPart === "body" ? undefined : null;
    return (data) => {
      const result = schema.safeParse(data === null ? missing : data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!isZodSchema(schema)) throw new Error(`The response schema of ${method} ${url} is not a contract's zod schema`);
    // Parsed, not only checked: zod's objects drop every key their schema does not list. A body
    // that does not fit is the server's fault: a 500 (logged with the issue), never a 400.
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success)
        throw new Error(`The response of ${method} ${url} does not fit its contract: ${result.error.message}`);
      return JSON.stringify(result.data);
    };
  });
}

/** Fastify's schema of a contract: what to validate, and the JSON responses to serialize. */
function fastifySchema(contract: ContractSchemas): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(contract.responses))
    if (schema !== null && !isRawResponse(schema)) response[Number(status)] = schema;
  return {
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/** The request a contract's handler receives: parameters, query and body as the schemas gave them. */
export type ContractRequest<C extends ContractSchemas> = FastifyRequest<{
  Params: ParamsOf<C>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
}>;

/** A JSON response's body (stripped by its schema on the way out); raw responses are sent through `reply`. */
type HandlerResult<C extends ContractSchemas> = [ReplyOf<C>] extends [never] ? FastifyReply | void : ReplyOf<C>;

type ServeOptions<Caller> = Omit<RouteShorthandOptions, "schema" | "preValidation"> & {
  /** Who may call it, decided before validation; its answer is the handler's third argument. */
  guard?: (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;
};

/**
 * Registers the contract's route: guard → validate (the contract's schemas) → handler → serialize
 * (the contract's response schemas).
 */
export function serve<C extends AnyContract, Caller = undefined>(
  app: FastifyInstance,
  contract: C,
  options: ServeOptions<Caller>,
  handler: (request: ContractRequest<C>, reply: FastifyReply, caller: Caller) => Promise<HandlerResult<C>>,
): void {
  const { guard, ...rest } = options;
  const callers = new WeakMap<FastifyRequest, Caller>();
  const route: RouteOptions = {
    ...(rest as Omit<RouteOptions, "method" | "url" | "handler">),
    method: contract.method,
    url: contract.path,
    schema: fastifySchema(contract),
    handler: (request, reply) => handler(request as ContractRequest<C>, reply, callers.get(request) as Caller),
  };
  if (guard)
    route.preValidation = async (request, reply) => {
      callers.set(request, await guard(request, reply));
    };
  app.route(route);
}
