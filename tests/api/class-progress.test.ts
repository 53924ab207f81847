/**
 * A class's progress: GET /api/classes/:id/progress gives each pupil of a saved class
 * their sessions started with that class and still kept, with figures that match each session's
 * results; a session deleted by the teacher or the retention sweep leaves it; typed names in a
 * session without the class never appear; only the class's teacher sees it. On both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassProgressResponse, PupilSession } from "../../src/shared/classes/class-progress.ts";
import { givenAnswer } from "../../src/shared/games/shown-answers.ts";
import { type SessionResults, type StudentResult } from "../../src/shared/results/results.ts";
import { joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const classNotFound = { code: "not_found", message: "Class not found.", key: "classes.notFound" };

/** The first game with a clue on its first question (correct answers 1, 2, 0). */
const foodGame = {
  ...threeQuestionGame,
  questions: threeQuestionGame.questions.map((q, i) => (i === 0 ? { ...q, clue: "It is red or green." } : q)),
};
/** A second game of two questions (correct answers 0 and 3), a clue on the second. */
const numbersGame = {
  title: "Mata - 3rd Class - Suimeanna",
  description: "Sums",
  questions: [
    { questionText: "2 + 2?", options: ["4", "5", "6", "3"], correctAnswer: 0 },
    { questionText: "5 + 4?", options: ["7", "8", "10", "9"], correctAnswer: 3, clue: "Count on from 5." },
  ],
};

describe.each(testDatabaseKinds())("a class's progress on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db, env: { RESULTS_RETENTION_DAYS: "30" } });
  });
  afterAll(async () => server?.close());

  it("shows each pupil's kept sessions with the figures of each session's results, and nothing else", async () => {
    const teacher = await signedUpTeacher(server.url);
    const food = (await teacher.client.post("/api/games", foodGame)).body.id as string;
    const numbers = (await teacher.client.post("/api/games", numbersGame)).body.id as string;
    const saved = (await teacher.client.post("/api/classes", { name: "3rd Class", names: "Aoife\nSeán\nOisín" })).body
      .class;
    const progressOf = async () => {
      const response = await teacher.client.get(`/api/classes/${saved.id}/progress`);
      expect(response.status).toBe(200);
      return response.body as ClassProgressResponse;
    };
    const start = async (gameId: string, body: Record<string, unknown> = { classId: saved.id }) => {
      const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, ...body });
      expect(started.status).toBe(201);
      const id = started.body.id as string;
      const code = (await teacher.client.get(`/api/sessions/${id}`)).body.session.groups[0].joinCode as string;
      return { id, code };
    };

    // Nothing played yet: every pupil of the list, with no sessions.
    expect((await progressOf()).pupils).toEqual([
      { name: "Aoife", onList: true, sessions: [] },
      { name: "Seán", onList: true, sessions: [] },
      { name: "Oisín", onList: true, sessions: [] },
    ]);

    const first = await start(food);
    const aoife = await joinedStudent(server.url, first.code, "Aoife");
    expect((await aoife.answer(0, 0)).status).toBe(200); // wrong: the clue is shown
    await aoife.answer(0, 1);
    await aoife.answer(1, 0); // still wrong at the end
    expect((await aoife.client.post(`/api/play/${aoife.progressId}/help`, { requested: true })).status).toBe(200);
    const sean = await joinedStudent(server.url, first.code, "Seán");
    await sean.answer(0, 1);
    await sean.answer(1, 2);
    await sean.answer(2, 0);

    const second = await start(numbers);
    const aoife2 = await joinedStudent(server.url, second.code, "Aoife");
    await aoife2.answer(0, 0);
    await aoife2.answer(1, 0); // wrong: the clue is shown, and it stays wrong
    const sean2 = await joinedStudent(server.url, second.code, "Seán");
    await sean2.answer(1, 3);

    // A session started without the class: typed names never reach the class page.
    const typed = await start(food, {});
    await joinedStudent(server.url, typed.code, "Cian");
    await (await joinedStudent(server.url, typed.code, "Aoife")).answer(0, 1);

    // Two more sessions with the class: one the teacher deletes, one the retention sweep removes.
    const deleted = await start(food);
    await (await joinedStudent(server.url, deleted.code, "Aoife")).answer(0, 1);
    const swept = await start(numbers);
    await (await joinedStudent(server.url, swept.code, "Oisín")).answer(0, 0);

    const expected = async (sessionId: string, name: string): Promise<PupilSession> => {
      const results = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body as SessionResults;
      const student = results.students.find((s) => s.studentName === name) as StudentResult;
      const questionAt = (index: number) =>
        results.questions.find((q) => q.gameId === student.gameId && q.index === index)!;
      return {
        sessionId,
        date: results.session.startTime,
        gameId: student.gameId,
        gameTitle: results.session.games.find((g) => g.id === student.gameId)!.title,
        score: student.completedQuestionsCount,
        questionCount: results.session.games.find((g) => g.id === student.gameId)!.questionCount,
        firstTry: student.firstAttemptCorrectCount,
        cluesSeen: student.answers.filter((a) => a.clueShown).length,
        helpRequested: student.helpRequested,
        stillWrong: student.answers
          .filter((a) => !a.isCorrect)
          .map((a) => ({
            question: questionAt(a.questionIndex).questionText,
            answer: givenAnswer(questionAt(a.questionIndex), a),
          })),
      };
    };

    const before = await progressOf();
    expect(before.class).toEqual({ id: saved.id, name: "3rd Class" });
    expect(before.pupils.map((p) => [p.name, p.sessions.map((s) => s.sessionId)])).toEqual([
      ["Aoife", [first.id, second.id, deleted.id]],
      ["Seán", [first.id, second.id]],
      ["Oisín", [swept.id]],
    ]);
    const [aoifeRow, seanRow] = before.pupils;
    expect(aoifeRow!.sessions.slice(0, 2)).toEqual([
      await expected(first.id, "Aoife"),
      await expected(second.id, "Aoife"),
    ]);
    expect(seanRow!.sessions).toEqual([await expected(first.id, "Seán"), await expected(second.id, "Seán")]);
    // The figures, as played: Aoife's first game and her second.
    expect(aoifeRow!.sessions[0]).toMatchObject({
      gameTitle: foodGame.title,
      score: 1,
      questionCount: 3,
      firstTry: 0,
      cluesSeen: 1,
      helpRequested: true,
      stillWrong: [{ question: "Cad é 'bread'?", answer: { kind: "text", text: "bainne" } }],
    });
    expect(aoifeRow!.sessions[1]).toMatchObject({
      gameTitle: numbersGame.title,
      score: 1,
      questionCount: 2,
      firstTry: 1,
      cluesSeen: 1,
      helpRequested: false,
      stillWrong: [{ question: "5 + 4?", answer: { kind: "text", text: "7" } }],
    });

    // Deleted by the teacher: gone from the class page.
    await teacher.client.post(`/api/sessions/${deleted.id}/end`, {});
    expect((await teacher.client.request("DELETE", `/api/sessions/${deleted.id}`)).status).toBe(200);
    // Removed by the retention sweep: ended 31 days ago on the database's clock.
    await teacher.client.post(`/api/sessions/${swept.id}/end`, {});
    await server.database.db.execute(
      sql`update game_sessions set end_time = end_time - interval '31 days' where id = ${swept.id}`,
    );
    expect((await server.app.sweepRetention()).sessions).toBeGreaterThanOrEqual(1);
    expect((await teacher.client.get(`/api/sessions/${swept.id}/results`)).status).toBe(404);

    // Seán taken off the list: his sessions still show, under his name, after the list.
    await teacher.client.put(`/api/classes/${saved.id}`, { name: "3rd Class", names: "Aoife\nOisín" });
    const after = await progressOf();
    expect(after.pupils.map((p) => [p.name, p.onList, p.sessions.map((s) => s.sessionId)])).toEqual([
      ["Aoife", true, [first.id, second.id]],
      ["Oisín", true, []],
      ["Seán", false, [first.id, second.id]],
    ]);
    expect(JSON.stringify(after)).not.toContain("Cian");
    expect(JSON.stringify(after)).not.toContain(typed.id);

    // Only the class's teacher: another's, a missing one and a malformed id read alike.
    const other = await signedUpTeacher(server.url);
    for (const id of [saved.id, "00000000-0000-4000-8000-000000000000", "not-a-class"]) {
      const response = await other.client.get(`/api/classes/${id}/progress`);
      expect(response.status, id).toBe(404);
      expect(response.body.error, id).toEqual(classNotFound);
    }
  });
});
