/**
 * A teacher's game library through the real API on every database: editing with
 * the create-game validation, sessions pinned to the questions they started with (during and
 * after), archive and restore, delete (archived instead when the game has sessions).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { libraryMessages } from "../../src/shared/games/game-library.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { CORRECT, joinedStudent, pupilDevice, teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { expectNoPrivateFields, serverSecrets } from "../support/private-fields.ts";
import { kindQuestions, sampleGame, sampleQuestion, signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** The game after a teacher fixed it: every text, answer and clue changed, one question fewer. */
const editedGame = {
  ...threeQuestionGame,
  title: "Gaeilge - 3rd Class - Bia (fixed)",
  description: "Food words, corrected",
  questions: [
    {
      questionText: "Cad é 'an apple'?",
      options: ["úll", "oráiste", "arán", "im"],
      correctAnswer: 0,
      clue: "It is red or green.",
    },
    { questionText: "Cad é 'cheese'?", options: ["bainne", "cáis", "arán", "uisce"], correctAnswer: 1, clue: null },
  ],
};

type ResultsBody = {
  session: { questionCount: number };
  questions: Array<{
    questionText: string;
    options: string[];
    correctAnswer: number;
    clue: string | null;
    firstAnswers: unknown;
  }>;
};

/** The questions as the session asked them: without the first answers, which grow as pupils answer. */
const asked = (results: ResultsBody) => results.questions.map(({ firstAnswers: _counts, ...question }) => question);

describe.each(testDatabaseKinds())("game library on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const versionsOf = async (gameId: string) =>
    (
      await queryRows<{ version: number }>(
        server.database.db,
        sql`select distinct version from questions where game_id = ${gameId} order by version`,
      )
    ).map((r) => r.version);

  describe("editing", () => {
    it("saves every field and question, and reads back as edited", async () => {
      const { client } = await signedUpTeacher(server.url);
      const created = await client.post("/api/games", sampleGame({ title: "Mathematics - 2nd Class - Addtion" }));
      const id = created.body.id as string;
      const fixed = sampleGame({
        title: "Mathematics - 2nd Class - Addition",
        description: "  Doubles to 20, fixed  ",
        aiLastUsedTopic: "Addition",
        aiLastUsedContext: "Use dice",
        questions: [
          { ...sampleQuestion(1), clue: "Count on your fingers." },
          sampleQuestion(2),
          { ...sampleQuestion(3), correctAnswer: 3 },
        ],
      });
      const res = await client.put(`/api/games/${id}`, fixed);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id });
      const detail = (await client.get(`/api/games/${id}`)).body.game;
      expect(detail).toMatchObject({
        id,
        title: "Mathematics - 2nd Class - Addition",
        description: "Doubles to 20, fixed",
        questionCount: 3,
        aiLastUsedContext: "Use dice",
        questions: [
          { ...sampleQuestion(1), clue: "Count on your fingers." },
          { ...sampleQuestion(2), clue: null },
          { ...sampleQuestion(3), correctAnswer: 3, clue: null },
        ],
      });
      const list = (await client.get("/api/games")).body.games;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id,
        title: "Mathematics - 2nd Class - Addition",
        questionCount: 3,
        archived: false,
        sessionCount: 0,
      });
      // Never played: the old version is not kept.
      expect(await versionsOf(id)).toEqual([2]);
    });

    it.each([
      ["no title", { title: "" }, inEnglish(gameMessages.titleRequired)],
      ["no questions", { questions: [] }, inEnglish(gameMessages.atLeastOneQuestion)],
      [
        "a blank question",
        { questions: [{ ...sampleQuestion(), questionText: " " }] },
        inEnglish(gameMessages.questionTextsRequired),
      ],
      [
        "a blank option",
        { questions: [{ ...sampleQuestion(), options: ["1", "", "3", "4"] }] },
        inEnglish(gameMessages.optionsRequired),
      ],
      [
        "an answer out of range",
        { questions: [{ ...sampleQuestion(), correctAnswer: 4 }] },
        inEnglish(gameMessages.correctAnswerRequired),
      ],
      [
        "a 201-character clue",
        { questions: [{ ...sampleQuestion(), clue: "c".repeat(201) }] },
        inEnglish(gameMessages.clueTooLong),
      ],
    ])(
      "refuses an edit with %s, with the create-game message, and keeps the game as it was",
      async (_label, overrides, message) => {
        const { client } = await signedUpTeacher(server.url);
        const id = (await client.post("/api/games", sampleGame())).body.id as string;
        const before = (await client.get(`/api/games/${id}`)).body.game;
        const res = await client.put(`/api/games/${id}`, sampleGame(overrides));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(message);
        expect((await client.get(`/api/games/${id}`)).body.game).toEqual(before);
        expect(await versionsOf(id)).toEqual([1]);
      },
    );

    it("lets only the game's creator edit, archive or delete it", async () => {
      const owner = await signedUpTeacher(server.url);
      const other = await signedUpTeacher(server.url);
      const id = (await owner.client.post("/api/games", sampleGame({ title: "Mine" }))).body.id as string;
      for (const res of [
        await other.client.put(`/api/games/${id}`, sampleGame({ title: "Taken" })),
        await other.client.patch(`/api/games/${id}`, { archived: true }),
        await other.client.delete(`/api/games/${id}`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(inEnglish(libraryMessages.gameNotFound));
      }
      expect((await owner.client.get(`/api/games/${id}`)).body.game).toMatchObject({ title: "Mine", archived: false });
      const student = await pupilDevice(server.url);
      expect((await student.put(`/api/games/${id}`, sampleGame())).status).toBe(403);
    });
  });

  describe("sessions keep the questions they started with", () => {
    it("an edit during a session changes nothing for its pupils, its results or its CSV; an edit after, neither; a new session asks the new questions", async () => {
      const { teacher, gameId, sessionId, session } = await teacherWithSession(server.url, 1);
      const code = session.groups[0].joinCode as string;
      const aoife = await joinedStudent(server.url, code, "Aoife");
      expect((await aoife.answer(0, (CORRECT[0]! + 1) % 4)).body.isCorrect).toBe(false);
      const resultsBefore = (await teacher.client.get<ResultsBody>(`/api/sessions/${sessionId}/results`)).body;
      const csvBefore = (await teacher.client.get(`/api/sessions/${sessionId}/results.csv`)).text;

      // The teacher fixes the game while Aoife plays.
      expect((await teacher.client.put(`/api/games/${gameId}`, editedGame)).status).toBe(200);

      const stateResponse = await aoife.state();
      // Still nothing that names the right option, before or after the edit.
      expectNoPrivateFields("play state after an edit", stateResponse.text, {
        secrets: await serverSecrets(server.database.db),
        studentFacing: true,
      });
      const state = stateResponse.body;
      expect(state).toMatchObject({
        questionCount: 3,
        current: {
          index: 0,
          questionText: threeQuestionGame.questions[0]!.questionText,
          options: threeQuestionGame.questions[0]!.options,
        },
      });
      // She answers the questions she was asked, by their answers then.
      const right = await aoife.answer(0, CORRECT[0]!);
      expect(right.body.isCorrect).toBe(true);
      expect(right.body.next).toMatchObject({ index: 1, questionText: threeQuestionGame.questions[1]!.questionText });
      // A pupil who joins after the edit is asked the same questions too.
      const bríd = await joinedStudent(server.url, code, "Bríd");
      expect((await bríd.state()).body.current.questionText).toBe(threeQuestionGame.questions[0]!.questionText);
      expect((await bríd.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
      expect((await aoife.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
      const last = await aoife.answer(2, CORRECT[2]!);
      expect(last.body).toMatchObject({ isCorrect: true, completed: true });

      const during = (await teacher.client.get<ResultsBody>(`/api/sessions/${sessionId}/results`)).body;
      expect(asked(during)).toEqual(asked(resultsBefore));
      expect(during.questions.map((q) => q.questionText)).toEqual(
        threeQuestionGame.questions.map((q) => q.questionText),
      );
      expect(during.session.questionCount).toBe(3);
      const csvDuring = (await teacher.client.get(`/api/sessions/${sessionId}/results.csv`)).text;
      expect(csvDuring.split("\r\n")[0]).toBe(csvBefore.split("\r\n")[0]);
      expect(csvDuring).toContain("Q3 Outcome");

      // After the session: edit again; the past session's results and CSV are still what was asked.
      expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
      expect(
        (await teacher.client.put(`/api/games/${gameId}`, { ...editedGame, questions: [editedGame.questions[1]] }))
          .status,
      ).toBe(200);
      const after = (await teacher.client.get<ResultsBody>(`/api/sessions/${sessionId}/results`)).body;
      expect(after.questions).toEqual(during.questions);
      expect((await teacher.client.get(`/api/sessions/${sessionId}/results.csv`)).text).toBe(csvDuring);
      // Kept: the version the session asked (1) and the current one (3); version 2 was never played.
      expect(await versionsOf(gameId)).toEqual([1, 3]);

      // A new session asks the game as it is now.
      const next = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
      expect(next.status).toBe(201);
      const nextCode = (await teacher.client.get(`/api/sessions/${next.body.id}`)).body.session.groups[0]
        .joinCode as string;
      const ciara = await joinedStudent(server.url, nextCode, "Ciara");
      expect((await ciara.state()).body).toMatchObject({
        questionCount: 1,
        current: { questionText: "Cad é 'cheese'?" },
      });
      expect((await ciara.answer(0, 1)).body).toMatchObject({ isCorrect: true, completed: true });
      const nextResults = (await teacher.client.get<ResultsBody>(`/api/sessions/${next.body.id}/results`)).body;
      expect(nextResults.questions.map((q) => q.questionText)).toEqual(["Cad é 'cheese'?"]);
      // The editor reads the game as it is now.
      expect((await teacher.client.get(`/api/games/${gameId}`)).body.game.questions).toEqual([
        {
          ...editedGame.questions[1],
          kind: "choice",
          correctAnswers: null,
          fadasCount: false,
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
      // So do everything else that reads a game's questions while older versions are kept:
      // its file, its share link, and the account export (each once read every kept version).
      const current = ["Cad é 'cheese'?"];
      const file = (await teacher.client.get(`/api/games/${gameId}/export`)).body;
      expect(file.game.questions.map((q: { questionText: string }) => q.questionText)).toEqual(current);
      const linkId = (
        (await teacher.client.request("PUT", `/api/games/${gameId}/share`)).body.sharePath as string
      ).slice("/shared/".length);
      const colleague = await signedUpTeacher(server.url);
      const shared = (await colleague.client.get(`/api/shared/${linkId}`)).body;
      expect(shared.game.questions.map((q: { questionText: string }) => q.questionText)).toEqual(current);
      const exported = (await teacher.client.get("/api/account/export")).body;
      const exportedGame = exported.games.find((g: { id: string }) => g.id === gameId);
      expect(exportedGame.questions.map((q: { questionText: string }) => q.questionText)).toEqual(current);
    });

    it("an edit keeps each kind of question; a session started before an edit keeps the old kinds, a new one gets the new", async () => {
      const { statement, typed, order, multi } = kindQuestions;
      const { client } = await signedUpTeacher(server.url);
      const id = (
        await client.post("/api/games", sampleGame({ questions: [sampleQuestion(1), statement, typed, order, multi] }))
      ).body.id as string;
      // The editor sends back what it read: every kind saved as it was.
      const read = (await client.get(`/api/games/${id}`)).body.game.questions;
      expect((await client.put(`/api/games/${id}`, sampleGame({ questions: read }))).status).toBe(200);
      expect((await client.get(`/api/games/${id}`)).body.game.questions).toEqual(read);

      const started = await client.post("/api/sessions", { gameId: id, groupCount: 1 });
      expect(started.status, started.text).toBe(201);
      // During the session the teacher makes each question another kind.
      const changed = [
        { ...sampleQuestion(1), kind: "multi", correctAnswers: [0, 3] },
        { ...statement, kind: "choice", options: ["Yes", "No", "Maybe", "Never"], correctAnswer: 2 },
        { ...typed, kind: "order", options: ["a", "an", "an t-úll"] },
        { ...order, kind: "typed", options: ["one two three four"], fadasCount: false },
        { ...multi, kind: "truefalse", options: [], correctAnswer: 1 },
      ];
      expect((await client.put(`/api/games/${id}`, sampleGame({ questions: changed }))).status).toBe(200);
      expect((await client.get(`/api/games/${id}`)).body.game.questions).toMatchObject([
        { kind: "multi", correctAnswers: [0, 3], correctAnswer: 0 },
        { kind: "choice", options: ["Yes", "No", "Maybe", "Never"], correctAnswer: 2, correctAnswers: null },
        { kind: "order", options: ["a", "an", "an t-úll"], fadasCount: false },
        { kind: "typed", options: ["one two three four"], fadasCount: false },
        { kind: "truefalse", options: [], correctAnswer: 1, correctAnswers: null },
      ]);

      const askedBy = async (sessionId: string) =>
        queryRows<Record<string, unknown>>(
          server.database.db,
          sql`select q.kind, q.options, q.correct_answer, q.fadas_count, q.answer_keys
              from questions q join game_sessions s on s.game_id = q.game_id and q.version = s.question_version
              where s.id = ${sessionId} order by q.position`,
        );
      // The session asks what it started with, each kind whole (typed answers' keys included).
      expect(await askedBy(started.body.id)).toEqual([
        {
          kind: "choice",
          options: sampleQuestion(1).options,
          correct_answer: 0,
          fadas_count: false,
          answer_keys: null,
        },
        { kind: "truefalse", options: [], correct_answer: 0, fadas_count: false, answer_keys: null },
        {
          kind: "typed",
          options: ["úll", "an t-úll"],
          correct_answer: 0,
          fadas_count: true,
          answer_keys: ["úll", "an t-úll"],
        },
        { kind: "order", options: order.options, correct_answer: 0, fadas_count: false, answer_keys: null },
        { kind: "multi", options: multi.options, correct_answer: 0b0101, fadas_count: false, answer_keys: null },
      ]);
      // Kept: the version the session asks (2) and the current one (3); version 1 was never played.
      expect(await versionsOf(id)).toEqual([2, 3]);
      // A pupil who joins it after the edit is asked the old kinds, and marked by their answers.
      const pupilOf = async (sessionId: string, name: string) => {
        const code = (await client.get(`/api/sessions/${sessionId}`)).body.session.groups[0].joinCode as string;
        return joinedStudent(server.url, code, name);
      };
      const aoife = await pupilOf(started.body.id, "Aoife");
      expect((await aoife.state()).body.current).toMatchObject({ kind: "choice", options: sampleQuestion(1).options });
      const right = await aoife.answer(0, 0);
      expect(right.body).toMatchObject({ isCorrect: true, next: { index: 1, kind: "truefalse", options: [] } });
      expect((await aoife.answer(1, 0)).body).toMatchObject({ isCorrect: true, next: { index: 2, kind: "typed" } });

      const next = await client.post("/api/sessions", { gameId: id, groupCount: 1 });
      expect((await (await pupilOf(next.body.id, "Bríd")).state()).body.current).toMatchObject({
        kind: "multi",
        options: sampleQuestion(1).options,
      });
      expect((await askedBy(next.body.id)).map((q) => [q.kind, q.correct_answer, q.answer_keys])).toEqual([
        ["multi", 0b1001, null],
        ["choice", 2, null],
        ["order", 0, null],
        ["typed", 0, ["one two three four"]],
        ["truefalse", 1, null],
      ]);
    });

    it("a clue added by an edit is not shown to a session that started without it", async () => {
      const { teacher, gameId, session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Dara");
      const withClues = {
        ...threeQuestionGame,
        questions: threeQuestionGame.questions.map((q) => ({ ...q, clue: "A new clue" })),
      };
      expect((await teacher.client.put(`/api/games/${gameId}`, withClues)).status).toBe(200);
      const wrong = await pupil.answer(0, (CORRECT[0]! + 1) % 4);
      expect(wrong.body).toMatchObject({ isCorrect: false, clue: null });
      expect((await pupil.state()).body.current.clue).toBeNull();
    });
  });

  describe("archive and restore", () => {
    it("moves a game out of Your Games and back; an archived game cannot start a session, a running one goes on", async () => {
      const { teacher, gameId, session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Eoin");
      const archived = await teacher.client.patch(`/api/games/${gameId}`, { archived: true });
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({ archived: true });
      expect((await teacher.client.get("/api/games")).body.games).toEqual([
        expect.objectContaining({ id: gameId, archived: true, sessionCount: 1 }),
      ]);

      const start = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
      expect(start.status).toBe(409);
      expect(start.body.error).toMatchObject({
        code: "game_archived",
        message: inEnglish(libraryMessages.archivedCannotStart),
      });
      expect((await pupil.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);

      const restored = await teacher.client.patch(`/api/games/${gameId}`, { archived: false });
      expect(restored.body).toEqual({ archived: false });
      expect((await teacher.client.get("/api/games")).body.games[0].archived).toBe(false);
      expect((await teacher.client.post("/api/sessions", { gameId, groupCount: 1 })).status).toBe(201);
    });

    it("refuses an archived value that is not true or false", async () => {
      const { client } = await signedUpTeacher(server.url);
      const id = (await client.post("/api/games", sampleGame())).body.id as string;
      for (const body of [{}, { archived: "yes" }, { archived: 1 }, { archived: null }]) {
        const res = await client.patch(`/api/games/${id}`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(inEnglish(libraryMessages.archiveNotBoolean));
      }
      expect((await client.get(`/api/games/${id}`)).body.game.archived).toBe(false);
    });
  });

  describe("delete", () => {
    it("deletes a game never played, questions and all", async () => {
      const { client } = await signedUpTeacher(server.url);
      const id = (await client.post("/api/games", sampleGame())).body.id as string;
      const res = await client.delete(`/api/games/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: "deleted" });
      expect((await client.get(`/api/games/${id}`)).status).toBe(404);
      expect(await versionsOf(id)).toEqual([]);
      expect((await client.delete(`/api/games/${id}`)).status).toBe(404);
    });

    it("archives a game with sessions instead, and says so; its results stay", async () => {
      const { teacher, gameId, sessionId } = await teacherWithSession(server.url, 1);
      await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
      const res = await teacher.client.delete(`/api/games/${gameId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: "archived" });
      expect((await teacher.client.get(`/api/games/${gameId}`)).body.game).toMatchObject({
        archived: true,
        questionCount: 3,
      });
      const results = await teacher.client.get<ResultsBody>(`/api/sessions/${sessionId}/results`);
      expect(results.status).toBe(200);
      expect(results.body.questions).toHaveLength(3);
    });
  });
});
