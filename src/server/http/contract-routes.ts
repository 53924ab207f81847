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

/** A contract's JSON responses' schemas, by status. */
function jsonResponses(contract: ContractSchemas): Record<number, z.ZodType> {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(contract.responses))
    if (schema !== null && !isRawResponse(schema)) response[Number(status)] = schema;
  return response;
}

/** Fastify's schema of a contract: what to validate, and the JSON responses to serialize. */
function fastifySchema(contract: ContractSchemas): FastifySchema {
  const response = jsonResponses(contract);
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
  /**
   * The join and answer paths: the same steps with the same schemas, run by the route's own
   * handler rather than by Fastify's hook, validator and serializer. Measured cheaper on a class's
   * burst (no async hook per request, and the code path the warm-up's refused requests compile).
   */
  hot?: true;
};

/** A request part checked by its schema: the ZodError itself when it is refused (app.ts answers it). */
function checked(schema: z.ZodType, value: unknown, part: string): unknown {
  const result = schema.safeParse(value === null && part === "body" ? undefined : value);
  if (!result.success) throw result.error;
  return result.data;
}

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
  const { guard, hot, ...rest } = options;
  if (hot) return serveHot(app, contract, rest, guard, handler);
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

/** serve()'s steps in one handler: guard → params, body, query (Fastify's order) → handler → stripped response. */
function serveHot<C extends AnyContract, Caller>(
  app: FastifyInstance,
  contract: C,
  options: Omit<RouteShorthandOptions, "schema" | "preValidation">,
  guard: ((request: FastifyRequest, reply: FastifyReply) => Promise<Caller>) | undefined,
  handler: (request: ContractRequest<C>, reply: FastifyReply, caller: Caller) => Promise<HandlerResult<C>>,
): void {
  const responses = jsonResponses(contract);
  const { params, body, query } = contract;
  app.route({
    ...(options as Omit<RouteOptions, "method" | "url" | "handler">),
    method: contract.method,
    url: contract.path,
    handler: async (request, reply) => {
      const caller = (guard ? await guard(request, reply) : undefined) as Caller;
      if (params) request.params = checked(params, request.params, "params");
      if (body) request.body = checked(body, request.body, "body");
      if (query) request.query = checked(query, request.query, "query");
      const result = await handler(request as ContractRequest<C>, reply, caller);
      const schema = responses[reply.statusCode];
      if (!schema || result === reply || result === undefined) return result;
      const stripped = schema.safeParse(result);
      if (!stripped.success)
        throw new Error(
          `The response of ${contract.method} ${contract.path} does not fit its contract: ${stripped.error.message}`,
        );
      return stripped.data;
    },
  });
}
