/**
 * The JSON body parser: Fastify's own (prototype-poisoning keys refused), after one linear
 * scan that refuses what none of our bodies needs before `JSON.parse` pays for it: nesting
 * deeper than BODY_LIMITS.jsonDepth (a few hundred KiB of `[[[[…` cost the parser hundreds of
 * milliseconds), and more values than BODY_LIMITS.jsonValues (issue 27: 27 MiB of
 * `"questions":[{},{},…]` is 9.4 million values; parsing it, then checking each, held every
 * other request for seconds and took 1.3 GB). The scan stops at the first value too many, so
 * a hostile body costs only its reading.
 */
import type { FastifyInstance } from "fastify";
import { BODY_LIMITS, limitMessages } from "./limits.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The sentence for a body refused for holding too many values, where a route has a better one than the generic (a game file: "too large to be a game"). */
    tooManyValuesMessage?: string;
  }
}

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export type JsonShapeProblem = "tooDeep" | "tooManyValues";

/**
 * What a JSON text holds too much of, found without parsing it: arrays and objects nested
 * deeper than `depth`, or more than `values` values. Values are counted as the commas and
 * opening brackets outside strings: every element or member but a container's first follows a
 * comma, and each container opens once, so a body holds at most one value more than the count
 * (a key and its value count once). Brackets and commas inside strings do not count.
 */
export function jsonShapeProblem(json: string, limits: { depth: number; values: number }): JsonShapeProblem | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limits.depth) return "tooDeep";
      if (++values > limits.values) return "tooManyValues";
    } else if (c === COMMA) {
      if (++values > limits.values) return "tooManyValues";
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return null;
}

export function registerJsonBodyParser(app: FastifyInstance) {
  // A `__proto__` or `constructor.prototype` key is refused (secure-json-parse): no form of
  // ours sends one, so a body carrying it is an attack, answered like malformed JSON.
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string, { depth: BODY_LIMITS.jsonDepth, values: BODY_LIMITS.jsonValues });
    if (problem) {
      const message = problem === "tooDeep" ? limitMessages.bodyTooDeep : (request.routeOptions.config.tooManyValuesMessage ?? limitMessages.bodyTooManyValues);
      done(Object.assign(new Error(message), { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
