import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionSummaries, type SessionResults, studentSummary } from "../../src/shared/results/results.ts";
import { CORRECT, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { expectedClass, playScriptedClass } from "../support/scripted-class.ts";
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
