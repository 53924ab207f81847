/**
 * Every error a client can receive is a catalogue key with Irish.
 *
 * The types do most of it: ApiError, the factories of errors.ts, limitReached and errorBody take a
 * MessageText (a key, or a message encoded by messageText), so free English does not compile
 * (the `@ts-expect-error` lines below fail the type check the day it does), and every key has
 * its Irish (catalogues.test.ts). What the types cannot see is checked here: every domain's
 * message table, found by name in src/shared, src/server and src/web (its functions called too);
 * the messages zod schemas give (zod types them as any string); Fastify's own refusals, which the
 * error handler maps by code. tests/support/error-keys.ts checks every error body the API tests
 * receive, and tests/api/error-keys.test.ts the framework's refusals over HTTP.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { errorCodes } from "fastify";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { ApiError } from "../../shared/api-errors.ts";
import en from "../../shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../shared/i18n/locales/ga.json" with { type: "json" };
import { issueMessage, type Text } from "../../shared/i18n/messages.ts";
import { asMessage } from "../i18n.ts";
import { limitReached } from "../limits/limits.ts";
import { FRAMEWORK_MESSAGES, frameworkMessage } from "./error-body.ts";
import { badRequest, conflict, forbidden, notFound, tooManyRequests, tryAgain } from "./errors.ts";

const SRC = join(import.meta.dirname, "..", "..");
const irish = ga as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Why a text is not a catalogue message with Irish, or null. */
function problemOf(text: unknown): string | null {
  if (typeof text !== "string" && (typeof text !== "object" || text === null)) return `not a message: ${String(text)}`;
  const message = asMessage(text as Text | string);
  if (!message) return `not a catalogue key: ${JSON.stringify(text)}`;
  if (!irish[message.key]?.trim()) return `no Irish for ${message.key}`;
  return null;
}

describe("every error a client can receive is a catalogue key with Irish", () => {
  const tables = sourceFiles(SRC).flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(/^export const (\w+Messages) = \{/gm)].map(
      (match) => [relative(SRC, path), match[1]!] as const,
    ),
  );

  it("finds the message tables of both sides", () => {
    const names = tables.map(([, name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "gameMessages",
        "sessionMessages",
        "playMessages",
        "limitMessages",
        "aiServiceMessages",
        "resultsMessages",
        "readMessages",
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it.each(tables)("%s: every one of %s", async (path, name) => {
    const table = (await import(join(SRC, path)))[name] as Record<string, unknown>;
    const problems = Object.entries(table).flatMap(([entry, value]) => {
      // A function makes its message from values: any will do to see which key it uses.
      const text = typeof value === "function" ? value(...Array.from({ length: value.length }, () => "7")) : value;
      const problem = problemOf(text);
      return problem ? [`${entry}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("maps each of Fastify's own refusals of a request to a key with Irish", () => {
    for (const [code, FastifyErrorClass] of Object.entries(errorCodes)) {
      const error = new (FastifyErrorClass as new (...args: string[]) => Error & { statusCode?: number })("x", "y");
      if (!error.statusCode || error.statusCode < 400 || error.statusCode >= 500) continue;
      expect(problemOf(frameworkMessage(error)), code).toBeNull();
    }
    for (const key of Object.values(FRAMEWORK_MESSAGES)) expect(problemOf(key), key).toBeNull();
    // A plugin's error without a code, and a body parser's own message.
    expect(frameworkMessage(new Error("Something the plugin said"))).toBe("common.error.badRequest");
    expect(frameworkMessage(new Error("common.error.bodyTooDeep"))).toBe("common.error.bodyTooDeep");
    // A route schema's refusal keeps the schema's key; zod's own English does not pass.
    const refused = (message: string) =>
      Object.assign(new errorCodes.FST_ERR_VALIDATION(), {
        validation: [{ keyword: "custom", instancePath: "/groupCount", schemaPath: "", params: {}, message }],
      });
    expect(frameworkMessage(refused("sessions.groupCountRange"))).toBe("sessions.groupCountRange");
    expect(frameworkMessage(refused("Invalid input: expected number"))).toBe("common.error.invalidInput");
  });

  it("gives a zod issue in zod's own English as 'Invalid input.', and keeps a schema's key", () => {
    const english = new ZodError([{ code: "custom", path: ["a"], message: "Invalid input: expected string" }]);
    expect(issueMessage(english.issues[0])).toBe("common.error.invalidInput");
    expect(issueMessage({ message: "sessions.groupCountRange" })).toBe("sessions.groupCountRange");
    expect(issueMessage(undefined)).toBe("common.error.invalidInput");
  });

  it("takes no free text in an error, by type", () => {
    // Never called: the type check reads it. Each line would be a type error without its comment.
    const _freeText = () => [
      // @ts-expect-error free English is not a MessageText
      new ApiError(400, "bad_request", "Game data could not be read."),
      // @ts-expect-error free English
      notFound("Game data could not be read."),
      // @ts-expect-error a template of English
      forbidden(`You are not authorized to delete ${"this"} session's results.`),
      // @ts-expect-error free English
      badRequest("invalid_input", "Invalid input"),
      // @ts-expect-error free English
      conflict("session_active", "End the session first."),
      // @ts-expect-error free English
      tooManyRequests("Slow down"),
      // @ts-expect-error free English
      tryAgain("Try again"),
      // @ts-expect-error free English
      limitReached("Too many"),
      // @ts-expect-error a string from elsewhere is not one either
      notFound(String(Date.now())),
    ];
    expect(problemOf(notFound("common.error.gameUnreadable").message)).toBeNull();
  });
});

/** zod's checks, which take a message after their value (or alone): `.min(1, "key")`, `.int("key")`. */
const ZOD_CHECKS = new Set([
  "min",
  "max",
  "length",
  "int",
  "regex",
  "email",
  "url",
  "uuid",
  "nonempty",
  "positive",
  "nonnegative",
  "gte",
  "lte",
  "gt",
  "lt",
  "multipleOf",
  "datetime",
]);
/** zod's own, whatever they are called on (a helper's schema too): no string or array method has these names. */
const ZOD_ONLY = new Set(["refine", "superRefine", "check"]);

/** The leftmost name of `z.string().min(…)` or `text(…).refine(…)`. */
function rootOf(node: ts.Expression): string | null {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return rootOf(node.expression);
  if (ts.isCallExpression(node)) return rootOf(node.expression);
  return null;
}

/** String literals a file gives zod (or any `message:` / `error:` property) that are not catalogue keys. */
export function zodMessagesNotKeys(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (node: ts.Node) => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if (!literal && !ts.isTemplateExpression(node)) return;
    // A template is free text whatever it holds: a message with values is msg() + messageText().
    if (literal && Object.hasOwn(en, node.text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${line + 1}: ${node.getText(source)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ["message", "error"].includes(node.name.getText(source)))
      check(node.initializer);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const root = rootOf(node.expression.expression);
      // `z.string("key")`, `z.enum([…], "key")`: a schema's own message (z.literal's argument is its value).
      const factory = ts.isIdentifier(node.expression.expression) && root === "z" && method !== "literal";
      if (ZOD_ONLY.has(method) || (ZOD_CHECKS.has(method) && root === "z") || factory)
        for (const argument of node.arguments) check(argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Only literals with a letter are messages (a regex's source, a separator are not).
  return found.filter((finding) => /\p{L}/u.test(finding.replace(/^\d+: /, "")));
}

describe("the messages zod schemas give are catalogue keys", () => {
  // config.ts's schema reads the environment at start-up, and the starter library's the starter files
  // (a bad one is named in the log): their sentences are for whoever runs the server.
  const files = [...sourceFiles(join(SRC, "shared")), ...sourceFiles(join(SRC, "server"))]
    .filter((path) => !path.endsWith(join("server", "config.ts")))
    .filter((path) => !path.endsWith(join("server", "starter", "starter-library.ts")))
    .filter((path) => /from "zod"/.test(readFileSync(path, "utf8")))
    .map((path) => [relative(SRC, path), path] as const);

  it.each(files)("%s", (_name, path) => {
    expect(zodMessagesNotKeys(path)).toEqual([]);
  });

  it("finds a message in English (so it can fail)", () => {
    const sample = join(SRC, "..", "tests", "fixtures", "i18n", "zod-messages.ts");
    expect(zodMessagesNotKeys(sample).map((f) => f.replace(/^\d+: /, ""))).toEqual([
      "\"status must be 'active' or 'past'.\"",
      '"Too long"',
      '`Number of questions must be one of ${COUNTS.join(", ")}.`',
      '"Pick a group"',
    ]);
  });
});
