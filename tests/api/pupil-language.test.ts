/**
 * The pupils' language: chosen at Start Session, kept with the session, given to the
 * pupil's device at the code lookup and in every play state, with the questions' language, on
 * both databases. A bad choice is refused with a clear message, and nothing is started.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import { threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("the pupils' language on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function sessionIn(
    teacher: Awaited<ReturnType<typeof signedUpTeacher>>,
    game: Record<string, unknown>,
    body: Record<string, unknown>,
  ) {
    const created = await teacher.client.post("/api/games", game);
    expect(created.status).toBe(201);
    const started = await teacher.client.post("/api/sessions", { gameId: created.body.id, groupCount: 1, ...body });
    return { started, gameId: created.body.id as string };
  }

  it("keeps the teacher's choice and gives it, with the questions' language, to the codes page, the lookup and the play state", async () => {
    const teacher = await signedUpTeacher(server.url);
    const { started } = await sessionIn(
      teacher,
      { ...threeQuestionGame, aiLastUsedSubject: "Irish" },
      { pupilLanguage: "ga" },
    );
    expect(started.status).toBe(201);
    const detail = (await teacher.client.get(`/api/sessions/${started.body.id}`)).body.session;
    // The codes page's join links name it (decision 029), so a pupil's first screen is in it.
    expect(detail.pupilLanguage).toBe("ga");
    const code = detail.groups[0].joinCode;

    const pupil = new HttpClient(server.url);
    const found = await pupil.post("/api/join/lookup", { code });
    expect(found.body).toMatchObject({ pupilLanguage: "ga", questionLanguage: "ga" });
    const joined = await pupil.post("/api/join", { code, groupId: found.body.groupId, name: "Síofra" });
    const state = await pupil.get(`/api/play/${joined.body.progressId}`);
    expect(state.body).toMatchObject({ pupilLanguage: "ga", questionLanguage: "ga" });
  });

  it("defaults to English for a session started without a choice; a game's questions are English unless Irish", async () => {
    const teacher = await signedUpTeacher(server.url);
    const { started } = await sessionIn(teacher, { ...threeQuestionGame, aiLastUsedSubject: "Science" }, {});
    const detail = (await teacher.client.get(`/api/sessions/${started.body.id}`)).body.session;
    expect(detail.pupilLanguage).toBe("en");
    const code = detail.groups[0].joinCode;
    const found = await new HttpClient(server.url).post("/api/join/lookup", { code });
    expect(found.body).toMatchObject({ pupilLanguage: "en", questionLanguage: "en" });
    const games = await teacher.client.get("/api/games");
    expect(games.body.games[0].language).toBe("en");
  });

  it("refuses a language we do not have, with its message in English and its key, and starts nothing", async () => {
    const teacher = await signedUpTeacher(server.url);
    for (const pupilLanguage of ["fr", "", "GA", 3, null]) {
      const { started } = await sessionIn(teacher, threeQuestionGame, { pupilLanguage });
      expect(started.status, String(pupilLanguage)).toBe(400);
      expect(started.body.error).toMatchObject({
        code: "invalid_input",
        key: "sessions.pupilLanguageInvalid",
        message: en["sessions.pupilLanguageInvalid"],
        field: "pupilLanguage",
      });
    }
    const sessions = await teacher.client.get("/api/sessions?status=active");
    expect(sessions.body.sessions).toEqual([]);
  });
});
