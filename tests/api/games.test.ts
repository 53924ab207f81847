import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { gameMessages, kindMessages } from "../../src/shared/games/games.ts";
import { pupilDevice } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { kindQuestions, sampleGame, sampleQuestion, signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { webpPicture } from "../support/webp-files.ts";

describe.each(testDatabaseKinds())("games API on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  it("creates a game with its questions and AI fields, and lists it first", async () => {
    const { client } = await signedUpTeacher(server.url);
    const first = await client.post("/api/games", sampleGame({ title: "First" }));
    expect(first.status).toBe(201);
    const second = await client.post(
      "/api/games",
      sampleGame({ title: "  Second  ", description: "  Áthas agus brón  " }),
    );
    expect(second.status).toBe(201);

    const list = await client.get("/api/games");
    expect(list.status).toBe(200);
    expect(list.body.games.map((g: { title: string }) => g.title)).toEqual(["Second", "First"]);
    expect(list.body.games[0]).toMatchObject({ id: second.body.id, description: "Áthas agus brón", questionCount: 2 });

    const detail = await client.get(`/api/games/${first.body.id}`);
    expect(detail.body.game).toMatchObject({
      title: "First",
      questions: [sampleQuestion(1), sampleQuestion(2)],
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "2nd Class",
      aiLastUsedTopic: "Addition",
      aiLastUsedContext: null,
      aiLastUsedNumQuestions: 5,
    });
    const [row] = await queryRows<{ archived: boolean; creator_id: string }>(
      server.database.db,
      sql`select archived, creator_id from games where id = ${first.body.id}`,
    );
    expect(row!.archived).toBe(false);
  });

  it("shows a teacher only their own games", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const created = await a.client.post("/api/games", sampleGame({ title: "A's game" }));
    expect((await b.client.get("/api/games")).body.games).toEqual([]);
    const peek = await b.client.get(`/api/games/${created.body.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.error.message).toBe("Source game not found.");
    expect((await b.client.get("/api/games/not-a-uuid")).status).toBe(404);
  });

  it("lets no one but a teacher near games", async () => {
    const nobody = new HttpClient(server.url);
    const res = await nobody.post("/api/games", sampleGame());
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(inEnglish(gameMessages.mustBeLoggedIn));
    expect((await nobody.get("/api/games")).status).toBe(401);

    const student = await pupilDevice(server.url);
    expect((await student.post("/api/games", sampleGame())).status).toBe(403);
    expect((await student.get("/api/games")).status).toBe(403);
  });

  it.each([
    ["no title", { title: "" }, inEnglish(gameMessages.titleRequired)],
    ["no questions", { questions: [] }, inEnglish(gameMessages.atLeastOneQuestion)],
    [
      "a blank question",
      { questions: [{ ...sampleQuestion(), questionText: "  " }] },
      inEnglish(gameMessages.questionTextsRequired),
    ],
    [
      "a blank option",
      { questions: [{ ...sampleQuestion(), options: ["1", "", "3", "4"] }] },
      inEnglish(gameMessages.optionsRequired),
    ],
    [
      "three options",
      { questions: [{ ...sampleQuestion(), options: ["1", "2", "3"] }] },
      inEnglish(gameMessages.optionsRequired),
    ],
    [
      "an answer out of range",
      { questions: [{ ...sampleQuestion(), correctAnswer: 4 }] },
      inEnglish(gameMessages.correctAnswerRequired),
    ],
    [
      "101 questions",
      { questions: Array.from({ length: 101 }, (_, i) => sampleQuestion(i + 1)) },
      inEnglish(gameMessages.tooManyQuestions),
    ],
    ["a 201-character title", { title: "t".repeat(201) }, inEnglish(gameMessages.titleTooLong)],
    ["a 1001-character description", { description: "d".repeat(1001) }, inEnglish(gameMessages.descriptionTooLong)],
    [
      "a 501-character question",
      { questions: [{ ...sampleQuestion(), questionText: "q".repeat(501) }] },
      inEnglish(gameMessages.questionTooLong),
    ],
    [
      "a 201-character option",
      { questions: [{ ...sampleQuestion(), options: ["o".repeat(201), "2", "3", "4"] }] },
      inEnglish(gameMessages.optionTooLong),
    ],
    ["a 2001-character context", { aiLastUsedContext: "c".repeat(2001) }, inEnglish(gameMessages.contextTooLong)],
  ])("refuses %s with a 400 and saves nothing", async (_label, overrides, message) => {
    const { client } = await signedUpTeacher(server.url);
    const res = await client.post("/api/games", sampleGame(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await client.get("/api/games")).body.games).toEqual([]);
  });

  it("accepts exactly 100 questions and the longest allowed texts", async () => {
    const { client } = await signedUpTeacher(server.url);
    const longest = { questionText: "q".repeat(500), options: ["a".repeat(200), "b", "c", "d"], correctAnswer: 3 };
    const res = await client.post(
      "/api/games",
      sampleGame({ title: "t".repeat(200), description: "d".repeat(1000), questions: Array(100).fill(longest) }),
    );
    expect(res.status).toBe(201);
    expect((await client.get("/api/games")).body.games[0].questionCount).toBe(100);
  });

  describe("kinds of question", () => {
    const { statement, typed, order, multi } = kindQuestions;
    let seed = 0;
    const upload = async (client: HttpClient) => {
      const res = await client.request("POST", "/api/images", webpPicture(40, 30, ++seed), {
        "content-type": "image/webp",
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };

    it("stores one question of each kind and reads each back whole, choose all's right ones as indices", async () => {
      const { client } = await signedUpTeacher(server.url);
      const [first, sixth] = [await upload(client), await upload(client)];
      const sixItems = {
        ...order,
        options: ["one", "two", "three", "four", "five", "six"],
        optionImageIds: [first, null, null, null, null, sixth],
      };
      const created = await client.post(
        "/api/games",
        sampleGame({ questions: [sampleQuestion(1), statement, typed, sixItems, multi] }),
      );
      expect(created.status, created.text).toBe(201);
      const { questions } = (await client.get(`/api/games/${created.body.id}`)).body.game;
      expect(questions).toMatchObject([
        { ...sampleQuestion(1), kind: "choice", correctAnswers: null, fadasCount: false },
        { ...statement, correctAnswers: null, fadasCount: false, optionImageIds: null },
        { ...typed, correctAnswer: 0, correctAnswers: null, optionImageIds: null },
        { ...sixItems, correctAnswer: 0, correctAnswers: null, fadasCount: false },
        { ...multi, correctAnswer: 0, fadasCount: false, optionImageIds: null },
      ]);
    });

    it.each([
      ["a typed answer's question with no accepted answer", { ...typed, options: [] }, kindMessages.acceptedRequired],
      [
        "an accepted answer of 61 characters",
        { ...typed, options: ["úll", "a".repeat(61)] },
        kindMessages.acceptedTooLong,
      ],
      ["six accepted answers", { ...typed, options: ["a", "b", "c", "d", "e", "f"] }, kindMessages.tooManyAccepted],
      ["a blank accepted answer", { ...typed, options: ["úll", "  "] }, kindMessages.acceptedBlank],
      ["an order of 2 items", { ...order, options: ["one", "two"] }, kindMessages.orderItemCount],
      ["an order of 7 items", { ...order, options: ["1", "2", "3", "4", "5", "6", "7"] }, kindMessages.orderItemCount],
      [
        "an order with an item repeated",
        { ...order, options: ["Cat", "Dog", " cat "] },
        kindMessages.orderItemRepeated("cat"),
      ],
      ["an order with a blank item", { ...order, options: ["one", "", "three"] }, kindMessages.orderItemBlank],
      ["choose all with none right", { ...multi, correctAnswers: [] }, kindMessages.multiRightCount],
      ["choose all with no right ones given", { ...multi, correctAnswers: undefined }, kindMessages.multiRightCount],
      ["choose all with 1 right", { ...multi, correctAnswers: [2] }, kindMessages.multiRightCount],
      ["choose all with 4 right", { ...multi, correctAnswers: [0, 1, 2, 3] }, kindMessages.multiRightCount],
      ["choose all with 5 right ones", { ...multi, correctAnswers: [0, 1, 2, 3, 0] }, kindMessages.multiRightCount],
      ["choose all with a right one out of range", { ...multi, correctAnswers: [0, 4] }, kindMessages.multiRightCount],
      ["true or false answered 2", { ...statement, correctAnswer: 2 }, kindMessages.trueOrFalseRequired],
      ["true or false answered neither", { ...statement, correctAnswer: -1 }, kindMessages.trueOrFalseRequired],
      ["true or false with no answer", { ...statement, correctAnswer: undefined }, kindMessages.trueOrFalseRequired],
      ["true or false with options", { ...statement, options: ["True"] }, gameMessages.optionsRequired],
      ["a kind that does not exist", { ...sampleQuestion(), kind: "essay" }, kindMessages.kindInvalid],
      ["fadas count that is not true or false", { ...typed, fadasCount: "yes" }, kindMessages.kindInvalid],
    ])("refuses %s with a 400 and saves nothing", async (_label, bad, message) => {
      const { client } = await signedUpTeacher(server.url);
      const res = await client.post("/api/games", sampleGame({ questions: [sampleQuestion(1), statement, bad] }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(inEnglish(message));
      expect((await client.get("/api/games")).body.games).toEqual([]);
    });

    it("refuses option pictures on a typed answer's or a true-or-false question, with a 400 and nothing saved", async () => {
      const { client } = await signedUpTeacher(server.url);
      const picture = await upload(client);
      for (const bad of [
        { ...typed, optionImageIds: [picture, null] },
        { ...statement, optionImageIds: [picture, null, null] },
      ]) {
        const res = await client.post("/api/games", sampleGame({ questions: [bad] }));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(inEnglish(kindMessages.noOptionPictures));
      }
      // An order's pictures are one per item.
      const wrongCount = await client.post(
        "/api/games",
        sampleGame({ questions: [{ ...order, optionImageIds: [picture, null, null] }] }),
      );
      expect(wrongCount.status).toBe(400);
      expect((await client.get("/api/games")).body.games).toEqual([]);
    });
  });

  it("lists a teacher's active and past sessions separately (none yet)", async () => {
    const { client } = await signedUpTeacher(server.url);
    expect((await client.get("/api/sessions?status=active")).body).toEqual({ sessions: [] });
    expect((await client.get("/api/sessions?status=past")).body).toEqual({ sessions: [] });
    expect((await client.get("/api/sessions?status=other")).status).toBe(400);
  });

  it("orders sessions as the dashboard needs and shows only the teacher's own", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const game = await a.client.post("/api/games", sampleGame({ title: "Session game" }));
    const d = server.database.db;
    const insert = (status: string, start: string, end: string | null) =>
      d.execute(sql`insert into game_sessions (game_id, host_teacher_id, status, start_time, end_time, question_count)
        values (${game.body.id}, ${a.id}, ${status}, ${start}::timestamptz, ${end}::timestamptz, 2)`);
    await insert("active", "2026-11-20T09:00:00Z", null);
    await insert("active", "2026-11-21T09:00:00Z", null);
    await insert("completed", "2026-11-18T09:00:00Z", "2026-11-18T10:00:00Z");
    await insert("archived", "2026-11-19T09:00:00Z", "2026-11-19T10:00:00Z");
    const active = (await a.client.get("/api/sessions?status=active")).body.sessions;
    expect(active.map((s: { startTime: string }) => s.startTime)).toEqual([
      "2026-11-21T09:00:00.000Z",
      "2026-11-20T09:00:00.000Z",
    ]);
    expect(active[0]).toMatchObject({ gameTitle: "Session game", status: "active", endTime: null });
    const past = (await a.client.get("/api/sessions?status=past")).body.sessions;
    expect(past.map((s: { status: string }) => s.status)).toEqual(["archived", "completed"]);
    expect((await b.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);
  });
});
