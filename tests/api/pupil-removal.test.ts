/**
 * A teacher takes a pupil out of a live session (decision 016): the pupil's device is
 * told, cannot join that session again, the pupil's answers leave the results and the CSV, the
 * name is free for someone else, and every other pupil plays on untouched.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { removalMessages } from "../../src/shared/sessions/pupil-removal.ts";
import { CORRECT, joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("removing a pupil on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const removePath = (sessionId: string, progressId: string) => `/api/sessions/${sessionId}/pupils/${progressId}`;
  const remove = (client: HttpClient, sessionId: string, progressId: string) =>
    client.request("DELETE", removePath(sessionId, progressId));
  const tombstones = (sessionId: string) =>
    queryRows<{ progress_id: string; device_id: string }>(
      server.database.db,
      sql`select progress_id, device_id from removed_pupils where session_id = ${sessionId}`,
    );

  it("takes the pupil out: their device is told, their answers leave the results and the CSV, the others play on", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 2);
    const [yellow, red] = session.groups.map((g: any) => g.joinCode as string);
    const intruder = await joinedStudent(server.url, yellow, "Hacker Zed");
    const aoife = await joinedStudent(server.url, yellow, "Aoife");
    const brid = await joinedStudent(server.url, red, "Bríd");
    expect((await intruder.answer(0, CORRECT[0]!)).status).toBe(200);
    expect((await aoife.answer(0, CORRECT[0]!)).status).toBe(200);

    const res = await remove(teacher.client, sessionId, intruder.progressId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: true });

    // The removed pupil's device: told kindly, on every route of that progress.
    for (const answer of [
      await intruder.state(),
      await intruder.answer(1, CORRECT[1]!),
      await intruder.client.post(`/api/play/${intruder.progressId}/help`, { requested: true }),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body.error).toEqual({
        code: "pupil_removed",
        message: inEnglish(removalMessages.progressRemoved),
        key: removalMessages.progressRemoved,
      });
    }
    await expect(connectSse(intruder.client, `/api/play/${intruder.progressId}/events`)).rejects.toMatchObject({
      status: 410,
    });
    // Another device asking after that id learns nothing: not found.
    expect((await aoife.client.get(`/api/play/${intruder.progressId}`)).status).toBe(404);

    // The codes page and the projector: one member fewer, the name gone.
    const groups = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups;
    expect(groups.map((g: any) => [g.memberCount, g.members.map((m: any) => m.name), g.questionsCompleted])).toEqual([
      [1, ["Aoife"], 1],
      [1, ["Bríd"], 0],
    ]);
    // Results and CSV: only the pupils still in the game.
    const results = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body;
    expect(results.students.map((s: any) => s.studentName)).toEqual(["Aoife", "Bríd"]);
    const csv = await teacher.client.get(`/api/sessions/${sessionId}/results.csv`);
    expect(csv.text).not.toContain("Hacker Zed");
    expect(csv.text).toContain("Aoife");
    // Nothing of the intruder's progress is left but the tombstone.
    const left = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from answer_attempts where progress_id = ${intruder.progressId}`,
    );
    expect(left[0]!.n).toBe(0);
    expect((await tombstones(sessionId)).map((t) => t.progress_id)).toEqual([intruder.progressId]);

    // The others play on.
    expect((await aoife.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
    expect((await brid.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
    expect((await aoife.state()).body.completedQuestionsCount).toBe(2);

    // Removing again (a double click, a second tab) changes nothing and says the same.
    const again = await remove(teacher.client, sessionId, intruder.progressId);
    expect(again.status).toBe(200);
    expect((await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups[0].memberCount).toBe(1);
  });

  it("refuses the removed device a way back into that session, under any name or group; the name is free for another device", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 2);
    const [yellow, red] = session.groups as Array<{ id: string; joinCode: string }>;
    const pupil = await joinedStudent(server.url, yellow!.joinCode, "Aoife");
    expect((await remove(teacher.client, sessionId, pupil.progressId)).status).toBe(200);

    for (const attempt of [
      { code: yellow!.joinCode, groupId: yellow!.id, name: "Aoife" },
      { code: yellow!.joinCode, groupId: yellow!.id, name: "Aoife B" },
      { code: red!.joinCode, groupId: red!.id, name: "Someone Else" },
    ]) {
      const before = await dataFingerprint(server.database.db);
      const refused = await pupil.client.post("/api/join", attempt);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: "pupil_removed",
        message: inEnglish(removalMessages.cannotRejoin),
        key: removalMessages.cannotRejoin,
      });
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // The real Aoife, on her own tablet, can now join as Aoife.
    const realAoife = await joinedStudent(server.url, yellow!.joinCode, "aoife");
    expect((await realAoife.state()).body.studentName).toBe("aoife");

    // The device can still join another teacher's session: the block is for this session only.
    const other = await teacherWithSession(server.url, 1);
    const found = await pupil.client.post("/api/join/lookup", { code: other.session.groups[0].joinCode });
    const joined = await pupil.client.post("/api/join", {
      code: other.session.groups[0].joinCode,
      groupId: found.body.groupId,
      name: "Aoife",
    });
    expect(joined.status).toBe(201);
  });

  it("tells the host's channel and that pupil's channel at once, and no other pupil", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const code = session.groups[0].joinCode as string;
    const leaving = await joinedStudent(server.url, code, "Cian");
    const staying = await joinedStudent(server.url, code, "Dara");
    const host = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);
    const leavingChannel = await connectSse(leaving.client, `/api/play/${leaving.progressId}/events`);
    const stayingChannel = await connectSse(staying.client, `/api/play/${staying.progressId}/events`);
    try {
      expect((await remove(teacher.client, sessionId, leaving.progressId)).status).toBe(200);
      expect(await host.waitFor((e) => e.type === "pupil-removed")).toEqual({
        type: "pupil-removed",
        sessionId,
        progressId: leaving.progressId,
      });
      // The pupil's channel carries the kind only: no ids leave for a pupil's device.
      expect(await leavingChannel.waitFor((e) => e.type === "pupil-removed")).toEqual({ type: "pupil-removed" });
      // Dara's channel hears nothing of it (an answer of Dara's arrives, as a marker that events flow).
      expect((await staying.answer(0, CORRECT[0]!)).status).toBe(200);
      await stayingChannel.waitFor((e) => e.type === "progress");
      expect(stayingChannel.events.some((e) => e.type === "pupil-removed")).toBe(false);
    } finally {
      for (const channel of [host, leavingChannel, stayingChannel]) channel.close();
    }
  });

  it("lets only the host remove: another teacher gets not found, a pupil forbidden, nobody unauthenticated; nothing changes", async () => {
    const { sessionId, session } = await teacherWithSession(server.url, 1);
    const code = session.groups[0].joinCode as string;
    const pupil = await joinedStudent(server.url, code, "Éabha");
    const other = await joinedStudent(server.url, code, "Fionn");
    const otherTeacher = await signedUpTeacher(server.url);
    const before = await dataFingerprint(server.database.db);
    const cases: Array<[HttpClient, number, string]> = [
      [otherTeacher.client, 404, "Session not found."],
      [pupil.client, 403, ""],
      [other.client, 403, ""],
      [new HttpClient(server.url), 401, "User not authenticated."],
    ];
    for (const [client, status, message] of cases) {
      const res = await remove(client, sessionId, pupil.progressId);
      expect(res.status).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect(await dataFingerprint(server.database.db)).toBe(before);
    expect((await pupil.state()).status).toBe(200);
  });

  it("answers ids that are not there: a progress of another session, unknown ids, malformed ids", async () => {
    const first = await teacherWithSession(server.url, 1);
    const second = await teacherWithSession(server.url, 1);
    const elsewhere = await joinedStudent(server.url, second.session.groups[0].joinCode, "Gráinne");
    // Teacher one cannot remove a pupil of another session through their own session id.
    const crossed = await remove(first.teacher.client, first.sessionId, elsewhere.progressId);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error).toMatchObject({ message: "Progress not found.", key: "pupil.play.progressNotFound" });
    expect((await elsewhere.state()).status).toBe(200);
    expect((await remove(first.teacher.client, first.sessionId, "5f0e8e62-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    expect((await remove(first.teacher.client, first.sessionId, "not-a-uuid")).status).toBe(404);
    expect((await remove(first.teacher.client, "not-a-uuid", elsewhere.progressId)).body.error.message).toBe(
      "Session not found.",
    );
  });

  it("deletes the tombstones with their session", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Hugh");
    expect((await remove(teacher.client, sessionId, pupil.progressId)).status).toBe(200);
    expect(await tombstones(sessionId)).toHaveLength(1);
    expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    expect((await teacher.client.request("DELETE", `/api/sessions/${sessionId}`)).status).toBe(200);
    expect(await tombstones(sessionId)).toHaveLength(0);
  });
});
