import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionSummaries, type SessionResults, studentSummary } from "../../src/shared/results/results.ts";
import { CORRECT, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { expectedClass, kindsGame, playKindsClass, playScriptedClass } from "../support/scripted-class.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("results API on %s", (db) => {
  let server: TestServer;
  let host: HttpClient;
  let sessionId: string;
  let pupils: Awaited<ReturnType<typeof playScriptedClass>>;

  beforeAll(async () => {
    server = await startTestServer({ db });
    const started = await teacherWithSession(server.url, 2);
    host = started.teacher.client;
    sessionId = started.sessionId;
    pupils = await playScriptedClass(
      server.url,
      started.session.groups.map((g: { joinCode: string }) => g.joinCode),
    );
  });
  afterAll(() => server?.close());

  it("gives the host every student with their answers and attempts", async () => {
    const res = await host.get(`/api/sessions/${sessionId}/results`);
    expect(res.status).toBe(200);
    const results = res.body as SessionResults;
    expect(results.questions.map((q) => q.correctAnswer)).toEqual(CORRECT);
    expect(results.students.map((s) => s.studentName)).toEqual(expectedClass.rows.map((r) => r.name));
    for (const [i, row] of expectedClass.rows.entries()) {
      const s = results.students[i]!;
      expect(studentSummary(s, 3).outcomes, row.name).toEqual(row.outcomes);
      expect(s.helpRequested).toBe(row.help === "Yes");
      expect(Boolean(s.completedAt)).toBe(row.status === "Completed");
    }
    expect(results.students[4]!.answers.map((a) => a.attempts)).toEqual([3, 2, 1]);
    expect(questionSummaries(results.questions, results.students).map(({ questionText: _q, ...rest }) => rest)).toEqual(
      expectedClass.questions,
    );
  });

  it("gives the new kinds' answers as the pupils gave them, a typed question's wrong answers folded, and the CSV's Answer column", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", kindsGame);
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const kindsSession = started.body.id as string;
    await playKindsClass(
      server.url,
      (await teacher.client.get(`/api/sessions/${kindsSession}`)).body.session.groups[0].joinCode,
    );

    const res = await teacher.client.get(`/api/sessions/${kindsSession}/results`);
    expect(res.status).toBe(200);
    const results = res.body as SessionResults;
    expect(
      results.questions.map((q) => [q.kind, q.correctAnswer, q.correctAnswers, q.fadasCount, q.commonWrongAnswers]),
    ).toEqual([
      // Folded as the marking folds: "dgo", "Dgo." and "dgo " are one wrong answer, tried three times.
      [
        "typed",
        0,
        null,
        false,
        [
          { answer: "dgo", count: 3 },
          { answer: "=1+1", count: 1 },
          { answer: "cat", count: 1 },
        ],
      ],
      ["truefalse", 0, null, false, null],
      ["order", 0, null, false, null],
      ["multi", 0, [0, 2], false, null],
    ]);
    const answersOf = (name: string) =>
      results.students
        .find((s) => s.studentName === name)!
        .answers.map(({ questionIndex, selectedOption, typedAnswer, givenOrder, attempts }) => ({
          questionIndex,
          selectedOption,
          typedAnswer,
          givenOrder,
          attempts,
        }));
    const none = { typedAnswer: undefined, givenOrder: undefined };
    // The last answer of each: the typed text as sent, the order as the items' right places, choose all's mask.
    expect(answersOf("Aoife")).toEqual([
      { questionIndex: 0, selectedOption: -1, typedAnswer: "dog", givenOrder: undefined, attempts: 3 },
      { questionIndex: 1, selectedOption: 0, ...none, attempts: 2 },
      { questionIndex: 2, selectedOption: -1, typedAnswer: undefined, givenOrder: [0, 1, 2, 3], attempts: 2 },
      { questionIndex: 3, selectedOption: 0b0101, ...none, attempts: 2 },
    ]);
    expect(answersOf("Bríd")[2]).toEqual({
      questionIndex: 2,
      selectedOption: -1,
      typedAnswer: undefined,
      givenOrder: [1, 0, 2, 3],
      attempts: 1,
    });
    expect(answersOf("Cian")).toEqual([
      { questionIndex: 0, selectedOption: -1, typedAnswer: "=1+1", givenOrder: undefined, attempts: 2 },
    ]);
    expect(answersOf("Eimear")[3]).toMatchObject({ selectedOption: 0b0111 });
    expect(questionSummaries(results.questions, results.students).map((q) => [q.firstTry, q.stillWrong])).toEqual([
      [2, 1],
      [2, 1],
      [1, 1],
      [0, 1],
    ]);

    // The CSV: each question's Answer after its attempts, in the teacher's words, a typed formula defused.
    const csv = await teacher.client.get(`/api/sessions/${kindsSession}/results.csv`);
    const lines = csv.text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Student Name,Group,Score,Time Taken,Status,Help Requested,Q1 Outcome,Q1 Attempts,Q1 Answer,Q2 Outcome,Q2 Attempts,Q2 Answer,Q3 Outcome,Q3 Attempts,Q3 Answer,Q4 Outcome,Q4 Attempts,Q4 Answer",
    );
    const cells = (name: string) => {
      const row = lines.find((l) => l.startsWith(`${name},`))!.split(",");
      return row.slice(6);
    };
    expect(cells("Aoife")).toEqual([
      "Correct (eventually)",
      "3",
      "dog",
      "Correct (eventually)",
      "2",
      "True",
      "Correct (eventually)",
      "2",
      "1 → 5 → 9 → 12",
      "Correct (eventually)",
      "2",
      "2 · 4",
    ]);
    expect(cells("Bríd").slice(6, 9)).toEqual(["Incorrect", "1", "5 → 1 → 9 → 12"]);
    const notAttempted = ["Not attempted", "0", ""];
    expect(cells("Cian")).toEqual(["Incorrect", "2", "'=1+1", ...notAttempted, ...notAttempted, ...notAttempted]);
    expect(cells("Dara").slice(3, 6)).toEqual(["Incorrect", "1", "False"]);
    expect(cells("Eimear").slice(9, 12)).toEqual(["Incorrect", "1", "2 · 3 · 4"]);
    // In Irish, true and false are Irish words.
    const irish = await teacher.client.get(`/api/sessions/${kindsSession}/results.csv?lang=ga`);
    const daraIrish = irish.text.split("\r\n").find((l) => l.startsWith("Dara,"))!;
    expect(daraIrish.split(",").slice(9, 12)).toEqual(["Mícheart", "1", "Bréagach"]);
    expect(irish.text.split("\r\n")[0]).toContain("C1 Freagra");
  });

  it("is for the host alone", async () => {
    const other = await signedUpTeacher(server.url);
    expect((await other.client.get(`/api/sessions/${sessionId}/results`)).status).toBe(404);
    expect((await other.client.get(`/api/sessions/${sessionId}/results.csv`)).status).toBe(404);
    expect((await pupils.aoife.client.get(`/api/sessions/${sessionId}/results`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`/api/sessions/${sessionId}/results`)).status).toBe(401);
  });

  it("exports the same figures as CSV: UTF-8 with a BOM, fadas intact, formulas defused", async () => {
    const res = await host.get(`/api/sessions/${sessionId}/results.csv`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="cluehunt-results-.*\.csv"/);
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const lines = res.text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Student Name,Group,Score,Time Taken,Status,Help Requested,Q1 Outcome,Q1 Attempts,Q2 Outcome,Q2 Attempts,Q3 Outcome,Q3 Attempts",
    );
    expect(lines).toHaveLength(7);
    expect(lines[2]).toMatch(
      /^Bríd,Red Circle,2\/3,In Progress,In Progress,Yes,Correct \(eventually\),2,Correct \(first try\),1,Incorrect,1$/,
    );
    expect(lines[4]).toBe(
      "Dara,Red Circle,0/3,In Progress,In Progress,No,Not attempted,0,Not attempted,0,Not attempted,0",
    );
    expect(lines[5]).toMatch(
      /^Eimear,Yellow Square,3\/3,(\d+ seconds?|0 seconds),Completed,No,Correct \(eventually\),3,Correct \(eventually\),2,Correct \(first try\),1$/,
    );
    expect(lines[6]!.startsWith("'=SUM(1+1),Red Circle,1/3")).toBe(true);
  });

  it("lets the host clear a help request, and no one else", async () => {
    const other = await signedUpTeacher(server.url);
    expect(
      (await other.client.post(`/api/sessions/${sessionId}/progress/${pupils.brid.progressId}/clear-help`, {})).status,
    ).toBe(404);
    expect(
      (await host.post(`/api/sessions/${sessionId}/progress/${pupils.brid.progressId}/clear-help`, {})).status,
    ).toBe(200);
    const results = (await host.get(`/api/sessions/${sessionId}/results`)).body as SessionResults;
    expect(results.students.find((s) => s.studentName === "Bríd")!.helpRequested).toBe(false);
  });

  it("deletes an ended session's results for the host only, after it has ended", async () => {
    const other = await signedUpTeacher(server.url);
    const activeDelete = await host.request("DELETE", `/api/sessions/${sessionId}`);
    expect(activeDelete.status).toBe(409);
    expect(activeDelete.body.error.message).toBe("End the session before deleting its results.");
    await host.post(`/api/sessions/${sessionId}/end`, {});
    expect((await other.client.request("DELETE", `/api/sessions/${sessionId}`)).status).toBe(403);
    expect((await host.request("DELETE", `/api/sessions/${sessionId}`)).status).toBe(200);
    expect((await host.get(`/api/sessions/${sessionId}/results`)).status).toBe(404);
    expect((await pupils.aoife.state()).status).toBe(404);
    expect(
      (await host.get("/api/sessions?status=past")).body.sessions.some((s: { id: string }) => s.id === sessionId),
    ).toBe(false);
  });
});
