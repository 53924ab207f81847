/**
 * Bad input, property-based (fast-check): every write endpoint and every id in a path fed
 * malformed JSON, wrong content types, bodies that are not objects, missing fields, fields
 * of the wrong type, extra fields, over-long strings, huge and deeply nested bodies, bad
 * indexes and malformed ids. The answer is always a 4xx with a JSON error message — never a
 * 5xx — and a refused request leaves every table as it was. Where Unicode is legal (fadas,
 * emoji, right-to-left text), it is stored and returned exactly, after the documented
 * rules: control characters removed (tab and line breaks kept in game texts), bidi controls
 * and invisible characters removed, surrounding whitespace trimmed, half surrogate pairs refused.
 *
 * Every request comes from a new loopback address with the caller's cookies, so the
 * per-client rate limits never answer in place of validation.
 */

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import { BODY_LIMITS } from "../../src/server/limits/limits.ts";
import { loadBlockedWords } from "../../src/server/play/blocked-names.ts";
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from "../../src/shared/account/auth-contracts.ts";
import { CLASS_LIST_MAX_NAMES } from "../../src/shared/classes/class-list.ts";
import { CLASS_NAME_MAX_LENGTH, classMessages } from "../../src/shared/classes/saved-classes.ts";
import { libraryMessages } from "../../src/shared/games/game-library.ts";
import { GAME_LIMITS, gameMessages } from "../../src/shared/games/games.ts";
import { STUDENT_NAME_MAX_LENGTH } from "../../src/shared/play/join-rules.ts";
import { nameHasBlockedWord } from "../../src/shared/play/name-guard.server.ts";
import { groupGameIds, groupGameMessages } from "../../src/shared/sessions/group-games.ts";
import { hasStackedMarks, nameKey } from "../../src/shared/text.ts";
import { attemptId, CORRECT, joinedStudent, teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import {
  CHROMIUM_WEBP,
  CHROMIUM_WEBP_ALPHA,
  PNG_HEAD,
  webpAnimated,
  webpDeclaring,
  webpWithExif,
  webpWithHugeCanvas,
  webpWithXmp,
} from "../support/webp-files.ts";

const RUNS = 30;
const BROKEN_CHARACTER = "Some text contains a broken character (half of an emoji, perhaps). Please type it again.";

type As = "nobody" | "teacher" | "student";
type Body = Record<string, unknown>;
type WriteEndpoint = {
  name: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  as: As;
  path: () => string;
  /** A body the endpoint accepts (or refuses only for what it refers to); none: the endpoint reads no body. */
  valid?: () => Body;
  required?: string[];
  /** String fields and their length limits. */
  limits?: Record<string, number>;
};

// ---------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------

const SPECIAL_TEXTS = [
  "Seán Ó Briain, Áine Ní Bhriain: á é í ó ú Á É Í Ó Ú",
  "🦊🐉👩🏽‍🏫🇮🇪 ❤️",
  "مرحبا بالعالم",
  "שלום עולם",
  "\u202eevil\u202c text",
  "zero\u200bwidth\u200c\u200djoiners\ufeff",
  "e\u0301 combining",
  "tab\tand\nnew line\r\n",
  "\u0000nul\u0001\u0007\u001b[31mansi\u007f",
  "\ud800lone high",
  "lone low\udfff",
  "emoji cut \ud83e",
  "'; drop table games; --",
  "1' or '1'='1",
  "Robert'); DELETE FROM users;--",
  "%00%27%22",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "../../etc/passwd",
  "   ",
  "",
];

/** Strings worth trying anywhere: any code point, printable graphemes, and the classics above. */
const weirdString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(...SPECIAL_TEXTS),
  fc.tuple(fc.constantFrom(...SPECIAL_TEXTS), fc.string({ unit: "grapheme", maxLength: 10 })).map(([a, b]) => a + b),
);

/**
 * Keys the server refuses at any depth as prototype poisoning (http/json-body.ts), with their
 * own test: never an "extra field". fast-check makes them on purpose, nested too (a run once
 * drew `{" ":{"__proto__":false}}` as an extra field, seed -778031979).
 */
const POISONING_KEYS = new Set(["__proto__", "constructor"]);
const hasPoisoningKey = (value: unknown): boolean =>
  value !== null &&
  typeof value === "object" &&
  (Array.isArray(value)
    ? value.some(hasPoisoningKey)
    : Object.keys(value).some((key) => POISONING_KEYS.has(key) || hasPoisoningKey((value as Body)[key])));

/** Fields no endpoint reads: any keys and JSON values, with no poisoning key at any depth. */
const extraFields = fc
  .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 })
  .filter((extra) => !hasPoisoningKey(extra));

/** A value of another JSON type than the valid one. */
function wrongTypeFor(valid: unknown): fc.Arbitrary<unknown> {
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ["string", weirdString],
    ["number", fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["array", fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 })],
    ["object", fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const type = valid === null ? "null" : Array.isArray(valid) ? "array" : typeof valid;
  return fc.oneof(...all.filter(([t]) => t !== type).map(([, a]) => a));
}

/** Text that is not JSON: garbage, or a valid body cut short. */
const notJson = (valid: string) =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 60 }),
      fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((n) => valid.slice(0, n)),
      fc.constantFrom(
        "{",
        "{'a':1}",
        '{"a":}',
        "[1,]",
        "undefined",
        "NaN",
        '{"a":1}}',
        "\u0000",
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
    )
    .filter((text) => {
      try {
        const parsed = JSON.parse(text) as unknown;
        // A "__proto__" key parses fine in JSON but must be refused too.
        return /__proto__|constructor/.test(text) && typeof parsed === "object";
      } catch {
        return true;
      }
    });

const badIndex = fc.oneof(
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.integer({ min: 1000, max: 2_000_000_000 }),
  fc.double({ min: -10, max: 10, noNaN: true, noInteger: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53, 32768, 65536, "0", "1", true, null, [0], { index: 0 }),
);

/** Ids that are not ids, URL-encoded for a path. */
const badId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    "not-a-uuid",
    "'; select pg_sleep(1); --",
    "1 or 1=1",
    "00000000-0000-0000-0000-00000000000g",
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    "{00000000-0000-0000-0000-000000000000}",
    "../../api/health",
    "%",
    "😀",
    "\u0000",
    "\ud800",
    "a".repeat(99),
    "a".repeat(101),
  ),
  fc.uuid(),
);

// ---------------------------------------------------------------------------------------
// The expected cleaning of stored text (the documented rules, restated here)
// ---------------------------------------------------------------------------------------

/** Bidi controls and invisible characters go; a zero-width joiner stays only between two emoji (👩‍🏫). */
const visibleOnly = (s: string) =>
  s
    .replace(
      /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u00ad\u115f\u180e\u200b\u200c\u2060-\u2064\u3164\ufeff\uffa0]|\u034f|\u1160/g,
      "",
    )
    .replace(
      /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/gu,
      "",
    );
// eslint-disable-next-line no-control-regex -- the rule under test
const gameText = (s: string) => visibleOnly(s.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "")).trim();
// eslint-disable-next-line no-control-regex -- the rule under test
const nameText = (s: string) => visibleOnly(s.replace(/[\x00-\x1f\x7f]/g, "")).trim();
const hasLoneSurrogate = (s: string) => /\p{Cs}/u.test(s);
/** Percent-encodes anything, half surrogates too (as the invalid UTF-8 a broken client would send). */
const encodeLoosely = (s: string) =>
  [...s]
    .map((c) =>
      /\p{Cs}/u.test(c)
        ? [...Buffer.from([0xed, 0xa0 + ((c.charCodeAt(0) >> 6) & 0x1f), 0x80])]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join("")
        : encodeURIComponent(c),
    )
    .join("");
/** Length limits count code points: an emoji is one character. */
const chars = (s: string) => [...s].length;

const shippedBlockedWords = loadBlockedWords(undefined);

it("draws extra fields with no __proto__ or constructor key at any depth, as they are sent (the seed that once drew one, and 2,000 draws)", () => {
  for (const extra of fc.sample(extraFields, { seed: -778031979, numRuns: 2000 })) {
    const keys: string[] = [];
    // The keys the server's parser will see: JSON.parse's reviver visits every one, at every depth.
    JSON.parse(JSON.stringify(extra), (key: string, value: unknown) => (keys.push(key), value));
    expect(
      keys.filter((key) => POISONING_KEYS.has(key)),
      JSON.stringify(extra),
    ).toEqual([]);
  }
});

describe.each(testDatabaseKinds())("bad input on %s", (db) => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let teacherCookies: Map<string, string>;
  let studentCookies: Map<string, string>;
  let gameId: string;
  let sessionId: string;
  let progressId: string;
  /** The teacher's saved class: the edit row's. */
  let classId: string;
  let code: string;
  let groupId: string;
  const tally = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.set({
      kind: "questions",
      questions: [{ questionText: "Cad é 'rain'?", options: ["báisteach", "grian", "sneachta", "gaoth"] }],
    });
    server = await startTestServer({ db, env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" } });
    const started = await teacherWithSession(server.url, 1);
    teacherCookies = started.teacher.client.cookies;
    gameId = started.gameId;
    sessionId = started.sessionId;
    code = started.session.groups[0].joinCode;
    groupId = started.session.groups[0].id;
    const pupil = await joinedStudent(server.url, code, "Aoife");
    studentCookies = pupil.client.cookies;
    progressId = pupil.progressId;
    const saved = await started.teacher.client.post("/api/classes", { name: "3rd Class", names: "Aoife\nSeán" });
    expect(saved.status).toBe(201);
    classId = saved.body.class.id;
  });
  afterAll(async () => {
    // What each kind of bad input got, for the record (and the report).
    for (const [kind, counts] of tally)
      console.info(`[bad-input ${db}] ${kind}: ${[...counts].map(([s, n]) => `${n}×${s}`).join(", ")}`);
    await server?.close();
    await fake?.close();
  });

  let counter = 0;
  const fresh = (label: string) => `${label}-${Date.now()}-${++counter}`;

  /** A new machine with the caller's cookies. */
  function clientAs(as: As) {
    const client = new HttpClient(server.url);
    const cookies = as === "teacher" ? teacherCookies : as === "student" ? studentCookies : undefined;
    for (const [k, v] of cookies ?? []) client.cookies.set(k, v);
    return client;
  }

  const send = (as: As, method: string, path: string, raw?: string, headers: Record<string, string> = {}) =>
    clientAs(as).request(method, path, raw, headers);

  function record(kind: string, res: HttpResponse) {
    const counts = tally.get(kind) ?? new Map<number, number>();
    counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
    tally.set(kind, counts);
  }

  /** The core property: a 4xx with a JSON message, and every table as it was. */
  async function expectRefusedUnchanged(
    kind: string,
    request: () => Promise<HttpResponse>,
    allowed: (status: number) => boolean = (s) => s >= 400 && s < 500,
  ) {
    const before = await dataFingerprint(server.database.db);
    const res = await request();
    record(kind, res);
    expect(allowed(res.status), `${kind}: status ${res.status} ${res.text.slice(0, 200)}`).toBe(true);
    expect(res.body?.error?.message, `${kind}: a JSON error message (${res.text.slice(0, 200)})`).toEqual(
      expect.any(String),
    );
    expect(res.body.error.message.length).toBeGreaterThan(0);
    expect(await dataFingerprint(server.database.db), `${kind}: stored data changed`).toBe(before);
    return res;
  }

  const endpoints = (): WriteEndpoint[] => [
    {
      name: "signup",
      method: "POST",
      as: "nobody",
      path: () => "/api/auth/signup",
      valid: () => ({ displayName: "Siobhán", email: `${fresh("bad")}@scoil.ie`, password: "password-123" }),
      required: ["displayName", "email", "password"],
      limits: { displayName: DISPLAY_NAME_MAX_LENGTH, password: PASSWORD_MAX_LENGTH },
    },
    {
      name: "login",
      method: "POST",
      as: "nobody",
      path: () => "/api/auth/login",
      valid: () => ({ email: "nobody@scoil.ie", password: "password-123" }),
      required: ["email", "password"],
      limits: { password: PASSWORD_MAX_LENGTH },
    },
    {
      name: "forgot-password",
      method: "POST",
      as: "nobody",
      path: () => "/api/auth/forgot-password",
      valid: () => ({ email: "nobody@scoil.ie" }),
      required: ["email"],
    },
    {
      name: "reset-password",
      method: "POST",
      as: "nobody",
      path: () => "/api/auth/reset-password",
      valid: () => ({ token: "abcdefghijklmnopqrstuvwx", password: "password-123" }),
      required: ["token", "password"],
      limits: { token: 200, password: PASSWORD_MAX_LENGTH },
    },
    { name: "logout", method: "POST", as: "nobody", path: () => "/api/auth/logout" },
    {
      name: "create game",
      method: "POST",
      as: "teacher",
      path: () => "/api/games",
      valid: () => ({ ...threeQuestionGame, aiLastUsedTopic: "Bia", aiLastUsedContext: "Sa bhaile" }),
      required: ["title", "questions"],
      limits: {
        title: GAME_LIMITS.title,
        description: GAME_LIMITS.description,
        aiLastUsedTopic: GAME_LIMITS.topic,
        aiLastUsedContext: GAME_LIMITS.context,
      },
    },
    {
      // The live session's game: sessions keep their questions, so an edit that gets through changes nothing for its pupils.
      name: "edit game",
      method: "PUT",
      as: "teacher",
      path: () => `/api/games/${gameId}`,
      valid: () => ({ ...threeQuestionGame, aiLastUsedTopic: "Bia", aiLastUsedContext: "Sa bhaile" }),
      required: ["title", "questions"],
      limits: {
        title: GAME_LIMITS.title,
        description: GAME_LIMITS.description,
        aiLastUsedTopic: GAME_LIMITS.topic,
        aiLastUsedContext: GAME_LIMITS.context,
      },
    },
    {
      name: "archive game",
      method: "PATCH",
      as: "teacher",
      path: () => `/api/games/${gameId}`,
      valid: () => ({ archived: false }),
      required: ["archived"],
    },
    // Not the session's game: a delete that gets through must not archive it.
    { name: "delete game", method: "DELETE", as: "teacher", path: () => `/api/games/${crypto.randomUUID()}` },
    // Saved classes: creating and editing share the schema; an edit that gets through changes only the class.
    {
      name: "create class",
      method: "POST",
      as: "teacher",
      path: () => "/api/classes",
      valid: () => ({ name: "3rd Class 2026", level: "3rd Class", names: "Aoife\nSeán" }),
      required: ["name", "names"],
      limits: { name: CLASS_NAME_MAX_LENGTH },
    },
    {
      name: "edit class",
      method: "PUT",
      as: "teacher",
      path: () => `/api/classes/${classId}`,
      valid: () => ({ name: "3rd Class", level: null, names: "Aoife\nSeán" }),
      required: ["name", "names"],
      limits: { name: CLASS_NAME_MAX_LENGTH },
    },
    { name: "delete class", method: "DELETE", as: "teacher", path: () => `/api/classes/${crypto.randomUUID()}` },
    {
      name: "start session",
      method: "POST",
      as: "teacher",
      path: () => "/api/sessions",
      valid: () => ({ gameId, groupCount: 2 }),
      required: ["gameId", "groupCount"],
    },
    {
      name: "import game file",
      method: "POST",
      as: "teacher",
      path: () => "/api/games/import",
      valid: () => ({ format: "cluehunt-game", version: 1, game: threeQuestionGame }),
      required: ["format", "version", "game"],
    },
    // Not the teacher's game: a body that happens to parse must not share or unshare anything.
    { name: "turn share link on", method: "PUT", as: "teacher", path: () => `/api/games/${crypto.randomUUID()}/share` },
    {
      name: "turn share link off",
      method: "DELETE",
      as: "teacher",
      path: () => `/api/games/${crypto.randomUUID()}/share`,
    },
    { name: "copy shared game", method: "POST", as: "teacher", path: () => "/api/shared/AAAAAAAAAAAAAAAAAAAAAA/copy" },
    // Not the live session: these must not end or delete it when a body happens to parse.
    { name: "end session", method: "POST", as: "teacher", path: () => `/api/sessions/${crypto.randomUUID()}/end` },
    { name: "delete session", method: "DELETE", as: "teacher", path: () => `/api/sessions/${crypto.randomUUID()}` },
    {
      name: "clear help",
      method: "POST",
      as: "teacher",
      path: () => `/api/sessions/${sessionId}/progress/${crypto.randomUUID()}/clear-help`,
    },
    // An id no pupil has: a body that happens to parse must not take the live session's pupil out.
    {
      name: "remove pupil",
      method: "DELETE",
      as: "teacher",
      path: () => `/api/sessions/${sessionId}/pupils/${crypto.randomUUID()}`,
    },
    {
      name: "join lookup",
      method: "POST",
      as: "student",
      path: () => "/api/join/lookup",
      valid: () => ({ code }),
      required: ["code"],
    },
    {
      name: "join",
      method: "POST",
      as: "student",
      path: () => "/api/join",
      valid: () => ({ code, groupId, name: "Aoife" }),
      required: ["code", "groupId", "name"],
      limits: { name: STUDENT_NAME_MAX_LENGTH },
    },
    {
      name: "answer",
      method: "POST",
      as: "student",
      path: () => `/api/play/${progressId}/answers`,
      valid: () => ({ questionIndex: 0, selectedOption: (CORRECT[0]! + 1) % 4, attemptId: attemptId() }),
      required: ["questionIndex", "selectedOption", "attemptId"],
      limits: { attemptId: 64 },
    },
    {
      name: "help",
      method: "POST",
      as: "student",
      path: () => `/api/play/${progressId}/help`,
      valid: () => ({ requested: true }),
      required: ["requested"],
    },
    {
      name: "generate questions",
      method: "POST",
      as: "teacher",
      path: () => "/api/ai/generate-questions",
      valid: () => ({ subject: "Irish", level: "4th Class", topic: "An aimsir", contextText: "", numQuestions: 3 }),
      required: ["subject", "level", "topic"],
      limits: { topic: GAME_LIMITS.topic, contextText: GAME_LIMITS.context },
    },
    {
      // A version of a game for another class level. Without basedOn, 2 questions is
      // not a count a plain generation may ask for: a missing basedOn is refused too.
      name: "generate a version",
      method: "POST",
      as: "teacher",
      path: () => "/api/ai/generate-questions",
      valid: () => ({
        subject: "Mathematics",
        level: "4th Class",
        topic: "Leathanna",
        numQuestions: 2,
        basedOn: ["Cad é leath de 8?", "Cad é ceathrú de 8?"],
      }),
      required: ["subject", "level", "topic", "basedOn"],
      limits: { topic: GAME_LIMITS.topic },
    },
    // The account page. A valid-looking body still cannot delete or change anything here:
    // the confirmation is not the teacher's email, the current password is not theirs.
    {
      name: "change name",
      method: "POST",
      as: "teacher",
      path: () => "/api/account/name",
      valid: () => ({ displayName: "Siobhán" }),
      required: ["displayName"],
      limits: { displayName: DISPLAY_NAME_MAX_LENGTH },
    },
    {
      name: "preferred language",
      method: "PATCH",
      as: "teacher",
      path: () => "/api/account/language",
      valid: () => ({ language: "ga" }),
      required: ["language"],
    },
    {
      name: "change email",
      method: "POST",
      as: "teacher",
      path: () => "/api/account/email",
      valid: () => ({ newEmail: `${fresh("new")}@scoil.ie`, currentPassword: "not-the-password" }),
      required: ["newEmail", "currentPassword"],
      limits: { currentPassword: PASSWORD_MAX_LENGTH },
    },
    {
      name: "confirm email",
      method: "POST",
      as: "nobody",
      path: () => "/api/account/email/confirm",
      valid: () => ({ token: "abcdefghijklmnopqrstuvwx" }),
      required: ["token"],
      limits: { token: 200 },
    },
    {
      name: "undo email change",
      method: "POST",
      as: "nobody",
      path: () => "/api/account/email/undo",
      valid: () => ({ token: "abcdefghijklmnopqrstuvwx" }),
      required: ["token"],
      limits: { token: 200 },
    },
    {
      name: "change password",
      method: "POST",
      as: "teacher",
      path: () => "/api/account/password",
      valid: () => ({ currentPassword: "not-the-password", newPassword: "password-456" }),
      required: ["currentPassword", "newPassword"],
      limits: { currentPassword: PASSWORD_MAX_LENGTH, newPassword: PASSWORD_MAX_LENGTH },
    },
    { name: "sign out everywhere", method: "POST", as: "teacher", path: () => "/api/account/sign-out-everywhere" },
    {
      name: "delete account",
      method: "POST",
      as: "teacher",
      path: () => "/api/account/delete",
      valid: () => ({ confirmation: "not my email", currentPassword: "not-the-password" }),
      required: ["confirmation", "currentPassword"],
      limits: { confirmation: 300, currentPassword: PASSWORD_MAX_LENGTH },
    },
  ];
  const withBodies = () => endpoints().filter((e) => e.valid);
  const endpointNames = endpoints().map((e) => e.name);
  const byName = (name: string) => endpoints().find((e) => e.name === name)!;

  it("refuses malformed JSON on every write endpoint with 400 'not valid JSON'", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...endpointNames)
          .chain((name) =>
            notJson(JSON.stringify(byName(name).valid?.() ?? { a: 1 })).map((text) => [name, text] as const),
          ),
        async ([name, text]) => {
          const e = byName(name);
          const res = await expectRefusedUnchanged(`malformed JSON`, () => send(e.as, e.method, e.path(), text));
          expect(res.status).toBe(400);
          expect(res.body.error.message).toMatch(/not valid JSON|Body cannot be empty/);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("refuses wrong content types", async () => {
    const types = [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/octet-stream",
      "text/html",
      "application/jsonx",
    ];
    // Endpoints that read a body (student sign-in and logout read none, so any body is fine there).
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBodies().map((e) => e.name)),
        fc.constantFrom(...types),
        async (name, type) => {
          const e = byName(name);
          // The valid body as text: even a body that would be accepted as JSON is not read as one.
          const raw = type.startsWith("application/x-www") ? "title=x&questions=y" : JSON.stringify(e.valid?.() ?? {});
          await expectRefusedUnchanged("wrong content type", () =>
            send(e.as, e.method, e.path(), raw, { "content-type": type }),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses bodies that are not objects, missing fields and fields of the wrong type with 400", async () => {
    type Mutation = { name: string; kind: string; body: unknown };
    const mutation: fc.Arbitrary<Mutation> = fc.constantFrom(...withBodies().map((e) => e.name)).chain((name) => {
      const valid = byName(name).valid!();
      const required = byName(name).required!;
      return fc.oneof(
        fc
          .jsonValue({ maxDepth: 2 })
          .filter((v) => v === null || typeof v !== "object" || Array.isArray(v))
          .map((body) => ({ name, kind: "not an object", body })),
        fc
          .constantFrom(...required)
          .map((field) => ({ name, kind: "missing field", body: { ...valid, [field]: undefined } })),
        fc
          .constantFrom(...required)
          .chain((field) =>
            wrongTypeFor(valid[field]).map((v) => ({ name, kind: "wrong type", body: { ...valid, [field]: v } })),
          ),
      );
    });
    await fc.assert(
      fc.asyncProperty(mutation, async ({ name, kind, body }) => {
        const e = byName(name);
        const res = await expectRefusedUnchanged(kind, () => send(e.as, e.method, e.path(), JSON.stringify(body)));
        expect(res.status, `${name} ${kind} ${JSON.stringify(body)}`).toBe(400);
      }),
      { numRuns: 50 },
    );
  });

  /** Each route's body limit (docs/SECURITY.md): a body past it is refused with 413 before it is read. */
  const bodyLimitOf = (name: string) =>
    name === "create game" || name === "edit game"
      ? BODY_LIMITS.gameSave
      : name === "import game file"
        ? BODY_LIMITS.gameFile
        : name === "generate questions" || name === "generate a version"
          ? BODY_LIMITS.aiGeneration
          : BODY_LIMITS.default;

  it("refuses over-long strings with 400 and the limit's message (413 past the route's body limit)", async () => {
    const cases = withBodies().flatMap((e) =>
      Object.entries(e.limits ?? {}).map(([field, max]) => ({ name: e.name, field, max })),
    );
    cases.push({ name: "signup", field: "email", max: EMAIL_MAX_LENGTH });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases),
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom("a", "á", "🦊", "ש"),
        async ({ name, field, max }, extra, unit) => {
          const e = byName(name);
          // Limits count characters (code points), so an emoji is one.
          let value = unit.repeat(max + extra);
          if (field === "email") value = `${"a".repeat(max + extra)}@scoil.ie`;
          if (field === "token" || field === "attemptId") value = "a".repeat(max + extra);
          const body = JSON.stringify({ ...e.valid!(), [field]: value });
          const res = await expectRefusedUnchanged("over-long string", () => send(e.as, e.method, e.path(), body));
          expect(res.status).toBe(Buffer.byteLength(body) > bodyLimitOf(name) ? 413 : 400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses over-long questions, options and too many questions", async () => {
    const q = threeQuestionGame.questions[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .integer({ min: GAME_LIMITS.questionText + 1, max: 5000 })
            .map((n) => [{ ...q, questionText: "q".repeat(n) }]),
          fc
            .integer({ min: GAME_LIMITS.option + 1, max: 5000 })
            .map((n) => [{ ...q, options: ["o".repeat(n), "b", "c", "d"] }]),
          fc.integer({ min: GAME_LIMITS.clue + 1, max: 5000 }).map((n) => [{ ...q, clue: "c".repeat(n) }]),
          fc.integer({ min: GAME_LIMITS.maxQuestions + 1, max: 400 }).map((n) => Array.from({ length: n }, () => q)),
          fc
            .array(fc.string({ maxLength: 3 }), { minLength: 0, maxLength: 8 })
            .filter((o) => o.length !== 4)
            .map((options) => [{ ...q, options }]),
          // Option pictures (decision 038): not a list of four ids or nulls, or an id that is no picture of this teacher's.
          fc
            .oneof(
              fc.array(fc.oneof(fc.uuid(), fc.constant(null)), { maxLength: 8 }).filter((ids) => ids.length !== 4),
              fc.tuple(
                fc.oneof(fc.string(), fc.integer(), fc.uuid()),
                fc.constant(null),
                fc.constant(null),
                fc.constant(null),
              ),
              wrongTypeFor([]).filter((v) => v !== undefined && v !== null),
            )
            .map((optionImageIds) => [{ ...q, optionImageIds }]),
        ),
        fc.boolean(),
        async (questions, asEdit) => {
          // Creating and editing share the schema: both refuse alike, and an edit loses nothing already saved.
          const [method, path] = asEdit ? ["PUT", `/api/games/${gameId}`] : ["POST", "/api/games"];
          const res = await expectRefusedUnchanged("over-long question", () =>
            send("teacher", method, path, JSON.stringify({ title: "T", questions })),
          );
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses game files whose game breaks a save's rules, naming the question", async () => {
    const q = threeQuestionGame.questions[0]!;
    const file = (game: Record<string, unknown>) =>
      JSON.stringify({ format: "cluehunt-game", version: 1, game: { ...threeQuestionGame, ...game } });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .integer({ min: GAME_LIMITS.questionText + 1, max: 3000 })
            .map((n) => ({ questions: [q, { ...q, questionText: "q".repeat(n) }] })),
          fc
            .integer({ min: GAME_LIMITS.option + 1, max: 3000 })
            .map((n) => ({ questions: [{ ...q, options: ["o".repeat(n), "b", "c", "d"] }] })),
          fc.integer({ min: GAME_LIMITS.title + 1, max: 3000 }).map((n) => ({ title: "t".repeat(n) })),
          fc
            .integer({ min: GAME_LIMITS.maxQuestions + 1, max: 300 })
            .map((n) => ({ questions: Array.from({ length: n }, () => q) })),
          fc
            .array(fc.string({ maxLength: 3 }), { maxLength: 8 })
            .filter((o) => o.length !== 4)
            .map((options) => ({ questions: [{ ...q, options }] })),
          badIndex.map((correctAnswer) => ({ questions: [{ ...q, correctAnswer }] })),
          wrongTypeFor([]).map((questions) => ({ questions })),
          wrongTypeFor("")
            .filter((t) => t !== undefined)
            .map((title) => ({ title })),
          // Pictures: an index that names none, bytes that are not a clean WebP, a picture without its description.
          fc
            .oneof(badIndex, fc.integer({ min: 1, max: 1000 }))
            .filter((i) => i !== null && i !== undefined)
            .map((image) => ({
              images: [CHROMIUM_WEBP.toString("base64")],
              questions: [{ ...q, image, imageAlt: "A fox" }],
            })),
          fc
            .oneof(
              fc.string(),
              fc.constantFrom(
                webpWithExif().toString("base64"),
                webpWithXmp().toString("base64"),
                webpAnimated().toString("base64"),
                PNG_HEAD.toString("base64"),
              ),
              wrongTypeFor(""),
            )
            .map((picture) => ({ images: [picture], questions: [{ ...q, image: 0, imageAlt: "A fox" }] })),
          fc.constantFrom(undefined, null, "", "   ", 42).map((imageAlt) => ({
            images: [CHROMIUM_WEBP.toString("base64")],
            questions: [{ ...q, image: 0, imageAlt }],
          })),
          // Option pictures (decision 038): an index that names none, or not a list of four.
          fc
            .oneof(badIndex, fc.integer({ min: 1, max: 1000 }))
            .filter((i) => i !== null && i !== undefined)
            .map((index) => ({
              images: [CHROMIUM_WEBP.toString("base64")],
              questions: [{ ...q, optionImages: [0, index, null, null] }],
            })),
          fc
            .oneof(
              fc.array(fc.constantFrom(0, null), { maxLength: 8 }).filter((list) => list.length !== 4),
              wrongTypeFor([]).filter((v) => v !== undefined && v !== null),
            )
            .map((optionImages) => ({
              images: [CHROMIUM_WEBP.toString("base64")],
              questions: [{ ...q, optionImages }],
            })),
        ),
        async (game) => {
          const res = await expectRefusedUnchanged("bad game file", () =>
            send("teacher", "POST", "/api/games/import", file(game)),
          );
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses negative, out-of-range and non-integer indexes and counts", async () => {
    const game = (correctAnswer: unknown) => ({
      title: "T",
      questions: [{ ...threeQuestionGame.questions[0], correctAnswer }],
    });
    await fc.assert(
      // null is a wrong type everywhere but aiLastUsedNumQuestions (optional): tried with the wrong types.
      fc.asyncProperty(
        fc.constantFrom(
          "questionIndex",
          "selectedOption",
          "correctAnswer",
          "groupCount",
          "numQuestions",
          "aiLastUsedNumQuestions",
        ),
        badIndex.filter((v) => v !== null),
        async (field, value) => {
          const request = () => {
            switch (field) {
              case "questionIndex":
              case "selectedOption":
                return send(
                  "student",
                  "POST",
                  `/api/play/${progressId}/answers`,
                  JSON.stringify({ questionIndex: 0, selectedOption: 0, attemptId: attemptId(), [field]: value }),
                );
              case "correctAnswer":
                return send("teacher", "POST", "/api/games", JSON.stringify(game(value)));
              case "groupCount":
                return send("teacher", "POST", "/api/sessions", JSON.stringify({ gameId, groupCount: value }));
              case "numQuestions":
                return send(
                  "teacher",
                  "POST",
                  "/api/ai/generate-questions",
                  JSON.stringify({ subject: "Irish", level: "4th Class", topic: "Bia", numQuestions: value }),
                );
              default:
                return send(
                  "teacher",
                  "POST",
                  "/api/games",
                  JSON.stringify({ ...game(0), aiLastUsedNumQuestions: value }),
                );
            }
          };
          const res = await expectRefusedUnchanged("bad index", request);
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: 50 },
    );
  });

  /**
   * The group-games field: a game per group. Each property has a teacher of its own (a start that parses
   * takes one of the teacher's hourly starts); an accepted session is ended at once (the cap on
   * running sessions), and a refused start saves nothing.
   */
  async function groupGamesTeacher() {
    const teacher = await signedUpTeacher(server.url);
    const own = (await teacher.client.post("/api/games", threeQuestionGame)).body.id as string;
    const start = async (body: unknown) => {
      const client = new HttpClient(server.url);
      for (const [k, v] of teacher.client.cookies) client.cookies.set(k, v);
      return client.request("POST", "/api/sessions", JSON.stringify(body));
    };
    const accepted = async (res: HttpResponse) => {
      const session = (await teacher.client.get(`/api/sessions/${res.body.id}`)).body.session;
      expect((await teacher.client.post(`/api/sessions/${res.body.id}/end`, {})).status).toBe(200);
      return session as { groups: Array<{ gameId: string }> };
    };
    return { teacher, own, start, accepted };
  }
  const groupGamesRefusals = [groupGameMessages.notFound, groupGameMessages.moreGamesThanGroups].map(inEnglish);

  it("answers any groupGames value with 201 or a 4xx and a clear message, saving nothing when refused", async () => {
    const { own, start, accepted } = await groupGamesTeacher();
    const junk = fc.oneof(
      wrongTypeFor([]),
      fc.array(fc.oneof(badId, fc.jsonValue({ maxDepth: 1 }), fc.constant(null)), { maxLength: 8 }),
      fc.array(fc.constantFrom(null, "", own), { minLength: 7, maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(junk, fc.integer({ min: 1, max: 6 }), async (groupGames, groupCount) => {
        const body = { gameId: own, groupCount, groupGames };
        const label = JSON.stringify(body);
        const before = await dataFingerprint(server.database.db);
        const res = await start(body);
        record("group games", res);
        if (res.status === 201) {
          const games = groupGameIds(own, groupCount, groupGames as (string | null)[]);
          expect(
            (await accepted(res)).groups.map((g) => g.gameId),
            label,
          ).toEqual(games);
          return;
        }
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status === 400) expect(groupGamesRefusals, label).toContain(res.body.error.message);
        else expect([403, 404, 409], label).toContain(res.status);
        expect(await dataFingerprint(server.database.db), `${label}: stored data changed`).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers any classId with 201 (no class) or a 4xx and a clear message, saving nothing when refused (issue 32)", async () => {
    const { teacher, own, start, accepted } = await groupGamesTeacher();
    const kept = (await teacher.client.post("/api/classes", { name: "Rang", names: "Aoife" })).body.class.id as string;
    const refusals = [classMessages.notFound, classMessages.classAndList].map(inEnglish);
    const junk = fc.oneof(
      fc.tuple(fc.oneof(badId, wrongTypeFor(""), fc.constant(classId)), fc.constant("")),
      // A class of the teacher's beside a pasted list: never both.
      fc.tuple(
        fc.constant(kept),
        fc.string({ minLength: 1, maxLength: 30 }).filter((t) => t.trim() !== ""),
      ),
    );
    await fc.assert(
      fc.asyncProperty(junk, async ([id, classList]) => {
        const body = { gameId: own, groupCount: 1, classId: id, classList };
        const label = JSON.stringify(body);
        const before = await dataFingerprint(server.database.db);
        const res = await start(body);
        record("class id", res);
        if (res.status === 201) {
          // Only no class at all starts a session; its pupils type their names.
          expect([null, undefined, ""], label).toContain(id);
          await accepted(res);
          return;
        }
        expect([400, 404], `${label}: ${res.text.slice(0, 200)}`).toContain(res.status);
        expect(refusals, label).toContain(res.body.error.message);
        expect(await dataFingerprint(server.database.db), `${label}: stored data changed`).toBe(before);
      }),
      { numRuns: 25 },
    );
  });

  it("starts groupGames of the teacher's own games, and refuses another's, an archived, a missing one, or too many", async () => {
    const { teacher, own, start, accepted } = await groupGamesTeacher();
    const second = (await teacher.client.post("/api/games", threeQuestionGame)).body.id as string;
    const archived = (await teacher.client.post("/api/games", threeQuestionGame)).body.id as string;
    expect((await teacher.client.patch(`/api/games/${archived}`, { archived: true })).status).toBe(200);
    const other = await signedUpTeacher(server.url);
    const theirs = (await other.client.post("/api/games", threeQuestionGame)).body.id as string;
    const missing = crypto.randomUUID();
    // What the server answers, in the order it checks: the list's length, then each game named
    // (the session's, then the groups' in group order), the first one wrong saying what is wrong.
    const refusalOf = (id: string) =>
      id === theirs
        ? { status: 403, message: "You are not authorized to start a session for this game." }
        : id === archived
          ? { status: 409, message: inEnglish(libraryMessages.archivedCannotStart) }
          : id === missing
            ? { status: 404, message: inEnglish(groupGameMessages.notFound) }
            : null;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<string | null>(null, "", own, second, archived, theirs, missing), { maxLength: 7 }),
        fc.integer({ min: 1, max: 6 }),
        async (groupGames, groupCount) => {
          const body = { gameId: own, groupCount, groupGames };
          const games = groupGameIds(own, groupCount, groupGames);
          const refusal =
            groupGames.length > groupCount
              ? { status: 400, message: inEnglish(groupGameMessages.moreGamesThanGroups) }
              : (games.map(refusalOf).find(Boolean) ?? null);
          if (!refusal) {
            const res = await start(body);
            expect(res.status, JSON.stringify(body)).toBe(201);
            expect((await accepted(res)).groups.map((g) => g.gameId)).toEqual(games);
            return;
          }
          const res = await expectRefusedUnchanged("group games by whose", () => start(body));
          expect([res.status, res.body.error.message], JSON.stringify(body)).toEqual([refusal.status, refusal.message]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("refuses in-range indexes the game does not have, or out of order, without recording anything", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 3 }),
        async (questionIndex, selectedOption) => {
          const res = await expectRefusedUnchanged("index not in play", () =>
            send(
              "student",
              "POST",
              `/api/play/${progressId}/answers`,
              JSON.stringify({ questionIndex, selectedOption, attemptId: attemptId() }),
            ),
          );
          expect(res.status).toBe(questionIndex < 3 ? 409 : 400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses malformed ids in every path with a 4xx, and in bodies with 400 or 404", async () => {
    const routes: Array<{ as: As; method: string; path: (id: string) => string; body?: Body }> = [
      { as: "teacher", method: "GET", path: (id) => `/api/games/${id}` },
      { as: "teacher", method: "GET", path: (id) => `/api/games/${id}/export` },
      { as: "teacher", method: "GET", path: (id) => `/api/games/${id}/share` },
      { as: "teacher", method: "PUT", path: (id) => `/api/games/${id}/share` },
      { as: "teacher", method: "DELETE", path: (id) => `/api/games/${id}/share` },
      { as: "teacher", method: "GET", path: (id) => `/api/shared/${id}` },
      { as: "teacher", method: "POST", path: (id) => `/api/shared/${id}/copy`, body: {} },
      { as: "teacher", method: "PUT", path: (id) => `/api/games/${id}`, body: threeQuestionGame },
      { as: "teacher", method: "PATCH", path: (id) => `/api/games/${id}`, body: { archived: true } },
      { as: "teacher", method: "DELETE", path: (id) => `/api/games/${id}` },
      { as: "nobody", method: "GET", path: (id) => `/api/images/${id}` },
      { as: "teacher", method: "GET", path: (id) => `/api/sessions/${id}` },
      { as: "teacher", method: "POST", path: (id) => `/api/sessions/${id}/end`, body: {} },
      { as: "teacher", method: "GET", path: (id) => `/api/sessions/${id}/results` },
      { as: "teacher", method: "GET", path: (id) => `/api/sessions/${id}/results.csv` },
      { as: "teacher", method: "GET", path: (id) => `/api/sessions/${id}/events` },
      {
        as: "teacher",
        method: "POST",
        path: (id) => `/api/sessions/${id}/progress/${progressId}/clear-help`,
        body: {},
      },
      { as: "teacher", method: "POST", path: (id) => `/api/sessions/${sessionId}/progress/${id}/clear-help`, body: {} },
      { as: "teacher", method: "DELETE", path: (id) => `/api/sessions/${id}` },
      { as: "teacher", method: "GET", path: (id) => `/api/classes/${id}` },
      { as: "teacher", method: "PUT", path: (id) => `/api/classes/${id}`, body: { name: "Rang", names: "Aoife" } },
      { as: "teacher", method: "DELETE", path: (id) => `/api/classes/${id}` },
      { as: "teacher", method: "DELETE", path: (id) => `/api/sessions/${id}/pupils/${progressId}` },
      { as: "teacher", method: "DELETE", path: (id) => `/api/sessions/${sessionId}/pupils/${id}` },
      { as: "student", method: "GET", path: (id) => `/api/play/${id}` },
      { as: "student", method: "GET", path: (id) => `/api/play/${id}/events` },
      {
        as: "student",
        method: "POST",
        path: (id) => `/api/play/${id}/answers`,
        body: { questionIndex: 0, selectedOption: 0, attemptId: "abcdefgh" },
      },
      { as: "student", method: "POST", path: (id) => `/api/play/${id}/help`, body: { requested: true } },
      { as: "teacher", method: "POST", path: () => "/api/sessions", body: { groupCount: 1 } },
      { as: "student", method: "POST", path: () => "/api/join", body: { code: "123456", name: "Aoife" } },
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: routes.length - 1 }), badId, async (i, id) => {
        const route = routes[i]!;
        const body =
          route.body && i === routes.length - 2
            ? { ...route.body, gameId: id }
            : i === routes.length - 1
              ? { ...route.body, groupId: id }
              : route.body;
        await expectRefusedUnchanged("malformed id", () =>
          send(
            route.as,
            route.method,
            route.path(encodeLoosely(id)),
            body === undefined ? undefined : JSON.stringify(body),
            route.method === "GET" ? { accept: "application/json" } : {},
          ),
        );
      }),
      { numRuns: 50 },
    );
  });

  it("answers any picture upload with a 201 or a 4xx and a message, and a refused one stores nothing", async () => {
    const bases = [
      CHROMIUM_WEBP,
      CHROMIUM_WEBP_ALPHA,
      webpWithExif(),
      webpWithXmp(),
      webpAnimated(),
      webpWithHugeCanvas(),
      webpDeclaring(1281, 20),
      PNG_HEAD,
    ];
    const picture = fc.oneof(
      // A real or hostile file with bytes changed where the container and headers are.
      fc
        .tuple(
          fc.constantFrom(...bases),
          fc.array(fc.tuple(fc.nat({ max: 60 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        )
        .map(([base, edits]) => {
          const bytes = Buffer.from(base);
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          return bytes;
        }),
      // Cut short, or with something after its end.
      fc
        .tuple(fc.constantFrom(...bases), fc.nat({ max: 2000 }))
        .map(([base, n]) => base.subarray(0, n % (base.length + 1))),
      fc
        .tuple(fc.constantFrom(...bases), fc.uint8Array({ minLength: 1, maxLength: 64 }))
        .map(([base, tail]) => Buffer.concat([base, Buffer.from(tail)])),
      // Anything at all.
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    );
    await fc.assert(
      fc.asyncProperty(
        picture,
        fc.constantFrom("image/webp", "image/png", "image/jpeg", "application/octet-stream", "application/json"),
        async (bytes, type) => {
          const before = await dataFingerprint(server.database.db);
          const res = await clientAs("teacher").request("POST", "/api/images", bytes, { "content-type": type });
          record("picture upload", res);
          if (res.status === 201) {
            expect(type).toBe("image/webp");
            expect(res.body.width).toBeLessThanOrEqual(1280);
            return;
          }
          expect(res.status, res.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body?.error?.message).toEqual(expect.any(String));
          expect(await dataFingerprint(server.database.db)).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a bad status filter", async () => {
    await fc.assert(
      fc.asyncProperty(
        weirdString.filter((s) => s !== "active" && s !== "past"),
        async (status) => {
          const res = await expectRefusedUnchanged("bad query", () =>
            send("teacher", "GET", `/api/sessions?status=${encodeLoosely(status)}`),
          );
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect((await send("teacher", "GET", "/api/sessions?status=active&status=past")).status).toBe(400);
  });

  it("refuses bodies over the size limit with 413, and deeply nested ones with 400", async () => {
    for (const e of endpoints()) {
      // Past the route's own limit: 1 MiB for most, 28 MiB for a game file (it carries pictures).
      const huge = JSON.stringify({
        ...(e.valid?.() ?? {}),
        padding: "x".repeat(Math.max(1024 * 1024, bodyLimitOf(e.name)) + 1),
      });
      const res = await expectRefusedUnchanged("huge body", () => send(e.as, e.method, e.path(), huge));
      expect(res.status, e.name).toBe(413);
      expect(res.body.error.message).toBe("The request is too large.");
    }
    // Within every route's size limit, so the depth check is what refuses it.
    for (const e of [byName("create game"), byName("signup"), byName("answer"), byName("logout")]) {
      const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
      const res = await expectRefusedUnchanged("deeply nested body", () => send(e.as, e.method, e.path(), deep));
      expect(res.status, e.name).toBe(400);
      expect(res.body.error.message, e.name).toBe("The request body is nested too deeply.");
    }
  });

  it("ignores extra fields: no one chooses their own role, owner, answer or score", async () => {
    const signup = await send(
      "nobody",
      "POST",
      "/api/auth/signup",
      JSON.stringify({
        ...byName("signup").valid!(),
        role: "admin",
        isAnonymous: true,
        id: "chosen-id",
        emailVerified: true,
      }),
    );
    expect(signup.status).toBe(201);
    expect(signup.body.user).toMatchObject({ role: "teacher", isAnonymous: false });
    expect(signup.body.user.id).not.toBe("chosen-id");

    const other = await signedUpTeacher(server.url);
    const game = await send(
      "teacher",
      "POST",
      "/api/games",
      JSON.stringify({
        ...threeQuestionGame,
        title: "Mine",
        creatorId: other.id,
        archived: true,
        id: crypto.randomUUID(),
      }),
    );
    expect(game.status).toBe(201);
    expect((await other.client.get(`/api/games/${game.body.id}`)).status).toBe(404);
    expect(
      (await send("teacher", "GET", "/api/games")).body.games.some((g: { id: string }) => g.id === game.body.id),
    ).toBe(true);

    const answer = await send(
      "student",
      "POST",
      `/api/play/${progressId}/answers`,
      JSON.stringify({ ...byName("answer").valid!(), isCorrect: true, completedQuestionsCount: 3, correctAnswer: 0 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.isCorrect).toBe(false);
    const state = await send("student", "GET", `/api/play/${progressId}`);
    expect(state.body.completedQuestionsCount).toBe(0);

    await fc.assert(
      fc.asyncProperty(extraFields, async (extra) => {
        const res = await send(
          "student",
          "POST",
          `/api/play/${progressId}/help`,
          JSON.stringify({ ...extra, requested: false }),
        );
        record("extra fields", res);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ helpRequested: false });
      }),
      { numRuns: RUNS },
    );

    // Prototype-poisoning keys are not extra fields: refused as malformed JSON at any depth, and nothing changes.
    for (const poisoned of [
      '{" ":{"__proto__":false},"requested":true}',
      '{"a":[{"b":{"__proto__":{"admin":true}}}],"requested":true}',
      '{"a":{"constructor":{"prototype":{"x":1}}},"requested":true}',
    ]) {
      const res = await expectRefusedUnchanged("poisoning key", () =>
        send("student", "POST", `/api/play/${progressId}/help`, poisoned),
      );
      expect(res.status, poisoned).toBe(400);
      expect(res.body.error.message).toMatch(/not valid JSON/);
    }
  });

  it("stores game text exactly as typed: fadas, emoji, RTL kept; control, bidi and invisible characters removed; half surrogates refused", async () => {
    const text = fc.oneof(weirdString, fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }));
    // A teacher of its own, with a whole hour of saves: the game files refused above spent the
    // first teacher's (a refused file counts as a save).
    const author = await signedUpTeacher(server.url);
    const asAuthor = (method: string, path: string, raw?: string) => {
      const client = new HttpClient(server.url);
      for (const [k, v] of author.client.cookies) client.cookies.set(k, v);
      return client.request(method, path, raw);
    };
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        text,
        fc.array(text, { minLength: 4, maxLength: 4 }),
        text,
        async (title, description, questionText, options, clue) => {
          const body = { title, description, questions: [{ questionText, options, correctAnswer: 2, clue }] };
          const all = [title, description, questionText, ...options, clue];
          const blank = [title, questionText, ...options].some((s) => gameText(s) === "");
          const tooLong =
            chars(gameText(title)) > GAME_LIMITS.title ||
            chars(gameText(questionText)) > GAME_LIMITS.questionText ||
            options.some((o) => chars(gameText(o)) > GAME_LIMITS.option) ||
            chars(gameText(clue)) > GAME_LIMITS.clue;
          if (blank || tooLong || all.some(hasLoneSurrogate)) {
            const res = await expectRefusedUnchanged("game text", () =>
              asAuthor("POST", "/api/games", JSON.stringify(body)),
            );
            expect(res.status).toBe(400);
            if (!blank && !tooLong) expect(res.body.error.message).toBe(BROKEN_CHARACTER);
            return;
          }
          const res = await asAuthor("POST", "/api/games", JSON.stringify(body));
          record("game text", res);
          expect(res.status, res.text).toBe(201);
          const stored = (await asAuthor("GET", `/api/games/${res.body.id}`)).body.game;
          expect(stored.title).toBe(gameText(title));
          expect(stored.description).toBe(gameText(description));
          // A clue that is blank once cleaned is no clue.
          expect(stored.questions).toEqual([
            {
              questionText: gameText(questionText),
              kind: "choice",
              options: options.map(gameText),
              correctAnswer: 2,
              correctAnswers: null,
              fadasCount: false,
              clue: gameText(clue) || null,
              imageId: null,
              imageAlt: null,
              optionImageIds: null,
              recordingId: null,
              clueRecordingId: null,
              optionRecordingIds: null,
              optionNotes: null,
              hidingPlace: null,
              stationKey: expect.any(String),
            },
          ]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("stores Irish names exactly: a teacher's display name and a pupil's name", async () => {
    const joinedNames = new Set<string>();
    const name = fc.oneof(
      fc.constantFrom(
        "Siobhán Ní Bhriain",
        "Ó Súilleabháin",
        "Pádraig Mac Giolla Phádraig",
        "Éabha 🦊",
        "نور",
        "Zoë\u200d",
        "  Seán  ",
        "Bríd\u0000\u0007",
        "Aoife\nNí",
        `A${"\u0301".repeat(29)}`,
      ),
      weirdString,
    );
    await fc.assert(
      fc.asyncProperty(name, async (raw) => {
        const cleaned = nameText(raw);
        const teacherOk = cleaned !== "" && chars(cleaned) <= DISPLAY_NAME_MAX_LENGTH && !hasLoneSurrogate(cleaned);
        const teacher = new HttpClient(server.url);
        const signup = () =>
          teacher.post("/api/auth/signup", {
            displayName: raw,
            email: `${fresh("name")}@scoil.ie`,
            password: "password-123",
          });
        if (teacherOk) {
          const res = await signup();
          record("names", res);
          expect(res.status, res.text).toBe(201);
          expect((await teacher.get("/api/me")).body.user.displayName).toBe(cleaned);
        } else {
          const res = await expectRefusedUnchanged("names", signup);
          expect(res.status).toBe(400);
        }

        // A random string can, rarely, hold a word of the name guard's list, or a letter under more
        // marks than a real name's: that one is refused too (a teacher's display name is not).
        const pupilOk =
          cleaned !== "" &&
          chars(cleaned) <= STUDENT_NAME_MAX_LENGTH &&
          !hasLoneSurrogate(cleaned) &&
          !hasStackedMarks(cleaned) &&
          !nameHasBlockedWord(cleaned, shippedBlockedWords);
        // Each name from a device of its own: one device's names would share a tablet (decision 048).
        const device = new HttpClient(server.url);
        const join = () => device.request("POST", "/api/join", JSON.stringify({ code, groupId, name: raw }));
        if (pupilOk) {
          const res = await join();
          record("names", res);
          // A name drawn again meets its first device's claim: taken, as for any second device.
          if (res.status === 409 && joinedNames.has(nameKey(cleaned))) {
            expect(res.body.error.code).toBe("name_taken");
            return;
          }
          expect([200, 201], res.text).toContain(res.status);
          joinedNames.add(nameKey(cleaned));
          expect((await device.request("GET", `/api/play/${res.body.progressId}`)).body.studentName).toBe(cleaned);
        } else {
          const res = await expectRefusedUnchanged("names", join);
          expect(res.status).toBe(400);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("start session: a class list that is not text, holds too many names or a name past the limit is refused with 400, and starts nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wrongTypeFor("text").filter((value) => value !== undefined),
          fc
            .integer({ min: CLASS_LIST_MAX_NAMES + 1, max: 150 })
            .map((n) => Array.from({ length: n }, (_, i) => `Dalta ${i}`).join("\n")),
          fc
            .tuple(
              fc.integer({ min: STUDENT_NAME_MAX_LENGTH + 1, max: 300 }),
              fc.constantFrom("a", "á", "🦊"),
              fc.constantFrom("\n", "\r\n"),
            )
            .map(([n, unit, newline]) => ["Aoife", unit.repeat(n), "Seán"].join(newline)),
        ),
        async (classList) => {
          const res = await expectRefusedUnchanged("class list", () =>
            send("teacher", "POST", "/api/sessions", JSON.stringify({ gameId, groupCount: 1, classList })),
          );
          expect(res.status, JSON.stringify(classList).slice(0, 120)).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("answers a game title of only control characters as empty, and a half emoji as broken", async () => {
    const empty = await send(
      "teacher",
      "POST",
      "/api/games",
      JSON.stringify({ ...threeQuestionGame, title: "\u0000\u0001 \u007f" }),
    );
    expect(empty.body.error.message).toBe(inEnglish(gameMessages.titleRequired));
    const broken = await send(
      "teacher",
      "POST",
      "/api/games",
      JSON.stringify({ ...threeQuestionGame, title: "Ainmhithe \ud83e" }),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.error).toEqual({
      code: "invalid_input",
      message: BROKEN_CHARACTER,
      key: "common.error.brokenCharacter",
      field: "title",
    });
    const nul = await send(
      "nobody",
      "POST",
      "/api/auth/reset-password",
      JSON.stringify({ token: "abc\u0000def", password: "password-123" }),
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("invalid_input");
  });
});
