/**
 * The JSON body parser: Fastify's own (prototype-poisoning keys refused), after a linear
 * scan that refuses nesting deeper than any of our bodies needs. A body of a few hundred KiB
 * of `[[[[…` otherwise costs the parser hundreds of milliseconds of CPU per request.
 */
import type { FastifyInstance } from "fastify";
import { BODY_LIMITS, limitMessages } from "../limits/limits.ts";

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether arrays and objects nest deeper than `max` (brackets inside strings do not count). */
export function nestedDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance) {
  // A `__proto__` or `constructor.prototype` key is refused (secure-json-parse): no form of
  // ours sends one, so a body carrying it is an attack, answered like malformed JSON.
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestedDeeperThan(body as string, BODY_LIMITS.jsonDepth)) {
      done(Object.assign(new Error(limitMessages.bodyTooDeep), { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
