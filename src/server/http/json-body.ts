/**
 * The JSON body parser: Fastify's own (prototype-poisoning keys refused), after one linear
 * scan that refuses what none of our bodies needs before `JSON.parse` pays for it: nesting
 * deeper than BODY_LIMITS.jsonDepth (a few hundred KiB of `[[[[…` cost the parser hundreds of
 * milliseconds), and more values than BODY_LIMITS.jsonValues (27 MiB of
 * `"questions":[{},{},…]` is 9.4 million values; parsing it, then checking each, holds every
 * other request for seconds and takes 1.3 GB). The scan reads the body as it arrives and keeps
 * nothing after the first value too many, so a hostile body costs only its reading.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { BODY_LIMITS, limitMessages } from "../limits/limits.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The sentence for a body refused for holding too many values, where a route has a better one than the generic (a game file: "too large to be a game"). */
    tooManyValuesMessage?: MessageText;
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
 * A scan of a JSON text as it arrives, chunk by chunk, for what it holds too much of:
 * arrays and objects nested deeper than `depth`, or more than `values` values. It reads bytes,
 * not characters: every byte it looks for is ASCII, and UTF-8 never uses an ASCII byte inside
 * a longer character. Values are counted as the commas and opening brackets outside strings:
 * every element or member but a container's first follows a comma, and each container opens
 * once, so a body holds at most one value more than the count (a key and its value count
 * once). Each call returns the problem found so far; once it has found one, stop calling it.
 */
export function jsonShapeScanner(limits: {
  depth: number;
  values: number;
}): (chunk: Uint8Array) => JsonShapeProblem | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    const end = chunk.length;
    // Where the chunk's next backslash is at or after `i` (-1: none); found again only once passed.
    let backslash = -2;
    let i = 0;
    if (escaped && end > 0) {
      escaped = false;
      i = 1;
    }
    while (i < end) {
      if (inString) {
        // Strings (a game file's pictures are most of it) are skipped by the native search.
        if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(BACKSLASH, i);
        const quote = chunk.indexOf(QUOTE, i);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          // The byte after a backslash is escaped, in this chunk or the next.
          if (backslash + 1 >= end) escaped = true;
          i = backslash + 2;
        } else if (quote === -1) i = end;
        else {
          inString = false;
          i = quote + 1;
        }
        continue;
      }
      const c = chunk[i++]!;
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
        if (++depth > limits.depth) return "tooDeep";
        if (++values > limits.values) return "tooManyValues";
      } else if (c === COMMA) {
        if (++values > limits.values) return "tooManyValues";
      } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
    }
    return null;
  };
}

/** What a whole JSON text holds too much of (jsonShapeScanner), or null. */
export const jsonShapeProblem = (
  json: string | Uint8Array,
  limits: { depth: number; values: number },
): JsonShapeProblem | null => jsonShapeScanner(limits)(typeof json === "string" ? Buffer.from(json, "utf8") : json);

/**
 * Fastify's default JSON parser (prototype-poisoning keys refused), fed by a reader that scans
 * each chunk as it arrives. Once the scan has found a problem, the rest of the body is read and
 * let go, not kept: the answer still reaches a client that is sending, and a hostile body of
 * 28 MiB costs the server neither its memory nor a parse. The byte limit and the
 * Content-Length check are Fastify's own (content-type-parser.js rawBody), with its errors.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  // A `__proto__` or `constructor.prototype` key is refused (secure-json-parse): no form of
  // ours sends one, so a body carrying it is an attack, answered like malformed JSON.
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit;
    const declared = Number(request.headers["content-length"]);
    if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    new JsonBodyReader(request, payload, limit, declared, (text) => parse(request, text, done), done).start();
  });
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * One request's body as it arrives. A class, not closures made per request: under tsx every
 * named closure is also renamed (esbuild's keepNames), which shows in a profile of a burst
 * of joins; the two listeners are unnamed arrows kept as fields, so they can be taken off.
 */
class JsonBodyReader {
  private readonly scan = jsonShapeScanner({ depth: BODY_LIMITS.jsonDepth, values: BODY_LIMITS.jsonValues });
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private problem: JsonShapeProblem | null = null;
  private readonly onData: (chunk: Buffer) => void;
  private readonly onEnd: (error?: Error) => void;

  private readonly request: FastifyRequest;
  private readonly payload: NodeJS.ReadableStream;
  private readonly limit: number;
  private readonly declared: number;
  private readonly parse: (text: string) => void;
  private readonly done: ParserDone;

  constructor(
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    limit: number,
    declared: number,
    parse: (text: string) => void,
    done: ParserDone,
  ) {
    this.request = request;
    this.payload = payload;
    this.limit = limit;
    this.declared = declared;
    this.parse = parse;
    this.done = done;
    this.onData = (chunk) => this.data(chunk);
    this.onEnd = (error) => this.end(error);
  }

  start() {
    const { payload } = this;
    payload.on("data", this.onData);
    payload.on("end", this.onEnd);
    payload.on("error", this.onEnd);
    // As Fastify's own reader does: a stream paused before the parser was reached flows again.
    payload.resume();
  }

  private stop() {
    this.payload.off("data", this.onData);
    this.payload.off("end", this.onEnd);
    this.payload.off("error", this.onEnd);
  }

  private data(chunk: Buffer) {
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.stop();
      this.done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    } else if (!this.problem) {
      this.problem = this.scan(chunk);
      if (this.problem) this.chunks.length = 0;
      else this.chunks.push(chunk);
    }
  }

  private end(error?: Error) {
    this.stop();
    const { done, problem, received, declared } = this;
    if (error) done(Object.assign(error, { statusCode: 400 }), undefined);
    else if (!Number.isNaN(declared) && received !== declared)
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
    else if (problem) {
      const message =
        problem === "tooDeep"
          ? limitMessages.bodyTooDeep
          : (this.request.routeOptions.config.tooManyValuesMessage ?? limitMessages.bodyTooManyValues);
      done(Object.assign(new Error(message), { statusCode: 400 }), undefined);
    } else this.parse(Buffer.concat(this.chunks, received).toString("utf8"));
  }
}
