/**
 * Every error a client can receive is a catalogue key with Irish, over HTTP on both
 * databases: the framework's own refusals (no such route, malformed or empty JSON, a body of
 * another type, too large, an address that cannot be decoded, an id too long), a schema's
 * refusal, and the sentences that used to be sent as free English. Each body names its key,
 * keeps its English (SPEC.md's word for word where it gives one) and has an Irish text.
 * Every other API test checks the errors it provokes too (tests/support/error-keys.ts).
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { errorKeyProblem, watchErrorKeys } from "../support/error-keys.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const english = en as Record<string, string>;
const irish = ga as Record<string, string>;

/** The body names `key`, in English as the catalogue has it, and the catalogue has its Irish. */
function expectKeyed(res: HttpResponse, status: number, key: string, englishText = english[key]) {
  expect(res.status, res.text).toBe(status);
  expect(errorKeyProblem(res.body), res.text).toBeNull();
  expect(res.body.error.key, res.text).toBe(key);
  expect(res.body.error.message).toBe(englishText);
  expect(irish[key]).not.toBe(english[key]);
}

describe.each(testDatabaseKinds())("every error a client can receive on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("names the framework's own refusals by key", async () => {
    const client = new HttpClient(server.url);
    const noRoute = await client.get("/api/nowhere");
    expect(noRoute.status).toBe(404);
    expect(noRoute.body.error.key).toBe("common.error.noApiRoute");
    expect(errorKeyProblem(noRoute.body)).toBeNull();

    expectKeyed(await client.request("POST", "/api/auth/login", "{not json"), 400, "common.error.invalidJson");
    expectKeyed(
      await client.request("POST", "/api/auth/login", "", { "content-type": "application/json" }),
      400,
      "common.error.emptyJsonBody",
      "Body cannot be empty when content-type is set to 'application/json'",
    );
    expectKeyed(
      await client.request("POST", "/api/auth/login", "<email/>", { "content-type": "application/xml" }),
      415,
      "common.error.unsupportedMediaType",
    );
    expectKeyed(
      await client.request("POST", "/api/auth/login", JSON.stringify({ padding: "x".repeat(1024 * 1024 + 1) })),
      413,
      "common.error.bodyTooLarge",
    );
    expectKeyed(await client.get("/api/games/%E0%A4%A"), 400, "common.error.invalidAddress");
    expectKeyed(await client.get(`/api/games/${"a".repeat(600)}`), 414, "common.error.idTooLong");
  });

  it("names the start and end of a session's SPEC refusals, signed out, by key", async () => {
    const nobody = new HttpClient(server.url);
    expectKeyed(
      await nobody.post("/api/sessions", { gameId: "x", groupCount: 1 }),
      401,
      "sessions.cannotStart",
      "Cannot start session. Game data or user information missing.",
    );
    expectKeyed(
      await nobody.post("/api/sessions/00000000-0000-4000-8000-000000000000/end", {}),
      401,
      "sessions.cannotEnd",
      "Cannot end session. Missing required data.",
    );
  });

  it("names a game that cannot be read, a list of another status, and a refused deletion by key", async () => {
    const teacher = await signedUpTeacher(server.url);
    expectKeyed(
      await teacher.client.post("/api/sessions", { gameId: "not-a-game", groupCount: 1 }),
      404,
      "common.error.gameUnreadable",
      "Game data could not be read.",
    );
    const listed = await teacher.client.get("/api/sessions?status=archived");
    expectKeyed(listed, 400, "sessions.statusInvalid");
    expect(listed.body.error.field).toBe("status");

    const { teacher: host, sessionId } = await teacherWithSession(server.url, 1);
    expectKeyed(
      await host.client.request("DELETE", `/api/sessions/${sessionId}`),
      409,
      "results.endBeforeDeleting",
      "End the session before deleting its results.",
    );
    expect((await host.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    expectKeyed(
      await teacher.client.request("DELETE", `/api/sessions/${sessionId}`),
      403,
      "results.notAuthorizedToDelete",
      "You are not authorized to delete this session's results.",
    );
  });

  it("names a count of AI questions it does not offer by key, with the counts as values", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", {
      title: "Counts",
      questions: [{ questionText: "2 + 2?", options: ["4", "3", "5", "22"], correctAnswer: 0 }],
      aiLastUsedNumQuestions: 4,
    });
    expect(game.status).toBe(400);
    expect(errorKeyProblem(game.body)).toBeNull();
    expect(game.body.error).toMatchObject({
      key: "games.ai.countInvalid",
      values: { counts: "3, 5, 7, 10, 15" },
      message: "Number of questions must be one of 3, 5, 7, 10, 15.",
      field: "aiLastUsedNumQuestions",
    });
    expect(inEnglish(game.body.error.message)).toBe(game.body.error.message);
  });
});

describe("the watch on every test server's error bodies", () => {
  it("finds a body without a key, with a key the catalogues lack, and passes a keyed one (so it can fail)", async () => {
    const app = Fastify();
    const problems = watchErrorKeys(app);
    app.get("/free", (_request, reply) =>
      reply.code(400).send({ error: { code: "bad_request", message: "Free English" } }),
    );
    app.get("/unknown", (_request, reply) =>
      reply.code(404).send({ error: { code: "not_found", message: "x", key: "common.error.noSuchKey" } }),
    );
    app.get("/keyed", (_request, reply) =>
      reply
        .code(404)
        .send({ error: { code: "not_found", message: en["common.error.notFound"], key: "common.error.notFound" } }),
    );
    for (const url of ["/free", "/unknown", "/keyed"]) await app.inject({ method: "GET", url });
    await app.close();
    expect(problems()).toEqual([
      'GET /free → 400: no key for "Free English"',
      "GET /unknown → 404: common.error.noSuchKey is not in the catalogues",
    ]);
  });
});
