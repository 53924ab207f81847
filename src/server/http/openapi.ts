/**
 * The API as an OpenAPI 3.1 document, made from the same contracts the routes are registered from
 * (decision 045): a school's IT reads it at GET /api/docs.json. Public: it says what the routes
 * take and answer, which the web app's own code says to anyone who loads it, and nothing of
 * anyone's data. Made once per process and cached by browsers and proxies for an hour.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { allContracts, serviceContracts } from "../../shared/api-contracts.server.ts";
import { SERVER_ERROR_CODES } from "../../shared/api-errors.ts";
import { type AnyContract, isRawResponse } from "../../shared/contract.server.ts";
import { serve } from "./contract-routes.ts";

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, OpenAPI 3.1's own dialect; what zod cannot say (a refinement) says nothing. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(SERVER_ERROR_CODES),
    message: z.string().meta({ description: "In English" }),
    key: z.string().optional().meta({ description: "The message's key in the catalogues, to show it translated" }),
    values: z.record(z.string(), z.unknown()).optional(),
    field: z.string().optional().meta({ description: "The request's field the message is about" }),
  }),
});

const SECURITY: Record<AnyContract["caller"], Array<Record<string, string[]>> | undefined> = {
  anyone: [],
  link: [],
  teacher: [{ teacher: [] }],
  pupil: [{ pupil: [] }],
};

function operation(contract: AnyContract): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", contract.params],
    ["query", contract.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {}))
      parameters.push({
        name,
        in: where,
        required: where === "path" || !!object.required?.includes(name),
        schema: property,
      });
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(contract.responses)) {
    if (response === null) responses[status] = { description: "No body" };
    else if (isRawResponse(response))
      responses[status] = { description: response.description, content: { [response.content]: {} } };
    else
      responses[status] = {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(response, "output") } },
      };
  }
  responses.default = {
    description: "A refusal or a failure: its status, and a message by catalogue key",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  const body = contract.body
    ? { "application/json": { schema: jsonSchema(contract.body, "input") } }
    : contract.rawBody
      ? { [contract.rawBody]: {} }
      : undefined;
  return {
    summary: contract.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
    security: SECURITY[contract.caller],
  };
}

/** OpenAPI writes a path parameter as {name}, Fastify as :name. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The cookies that sign a teacher and a pupil's device in (their names are auth's). */
export type SignInCookies = { teacher: string; pupil: string };

export function openApiDocument(cookies: SignInCookies, contracts: readonly AnyContract[] = allContracts): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const contract of contracts) {
    const path = openApiPath(contract.path);
    paths[path] = { ...paths[path], [contract.method.toLowerCase()]: operation(contract) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cluehunt API",
      version: "1",
      description:
        "The JSON API the Cluehunt web app uses. Writes from a browser must come from the app's own origin " +
        "(CSRF). Teachers are signed in by cookie; pupils by the device cookie their join sets.",
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorSchema, "output") },
      securitySchemes: {
        teacher: { type: "apiKey", in: "cookie", name: cookies.teacher },
        pupil: { type: "apiKey", in: "cookie", name: cookies.pupil },
      },
    },
  };
}

/** GET /api/docs.json: the document, made on its first request and then kept. */
export function registerOpenApiRoute(app: FastifyInstance, cookies: SignInCookies): void {
  let made: { text: string; etag: string } | null = null;
  serve(app, serviceContracts.docs, {}, async (request, reply) => {
    made ??= (() => {
      const text = JSON.stringify(openApiDocument(cookies));
      return { text, etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
    })();
    reply.header("cache-control", "public, max-age=3600").header("etag", made.etag);
    if (request.headers["if-none-match"] === made.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(made.text);
  });
}
