/**
 * Names from a class list (issue 18): a teacher who pastes a class list on Start Session has
 * pupils choose from it; the lookup shows the names and which are taken; the server refuses
 * any other name and stores the list's own spelling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("class list on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => server?.close());

  async function sessionWith(classList?: string) {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1, ...(classList === undefined ? {} : { classList }) });
    return { teacher, started, code: started.status === 201 ? ((await teacher.client.get(`/api/sessions/${started.body.id}`)).body.session.groups[0].joinCode as string) : "" };
  }

  /** A pupil's device: it signs in by joining (decision 014). */
  const pupil = async () => new HttpClient(server.url);

  it("shows pupils the list with taken names marked, and accepts only names on it, in the list's spelling", async () => {
    const { teacher, started, code } = await sessionWith("Aoife\nSeán\n\n  Oisín  \naoife\n");
    expect(started.status).toBe(201);
    const first = await pupil();
    const found = await first.post("/api/join/lookup", { code });
    expect(found.body.classList).toEqual([
      { name: "Aoife", taken: false },
      { name: "Seán", taken: false },
      { name: "Oisín", taken: false },
    ]);
    const off = await first.post("/api/join", { code, groupId: found.body.groupId, name: "Siobhán" });
    expect(off.status).toBe(400);
    expect(off.body.error).toEqual({ code: "not_on_class_list", message: "Please choose your name from the list.", key: "pupil.join.notOnList", field: "name" });
    expect((await first.post("/api/join", { code, groupId: found.body.groupId, name: "sean" })).status).toBe(201);

    const second = await pupil();
    const again = await second.post("/api/join/lookup", { code });
    expect(again.body.classList).toContainEqual({ name: "Seán", taken: true });
    expect((await second.post("/api/join", { code, groupId: again.body.groupId, name: "Seán" })).status).toBe(409);
    const results = await teacher.client.get(`/api/sessions/${started.body.id}/results`);
    expect(results.body.students.map((s: { studentName: string }) => s.studentName)).toEqual(["Seán"]);
  });

  it("a name on the teacher's list is taken as the teacher wrote it, even one the name guard would refuse if typed", async () => {
    const { code } = await sessionWith("Dick\nAoife");
    const client = await pupil();
    const found = await client.post("/api/join/lookup", { code });
    expect((await client.post("/api/join", { code, groupId: found.body.groupId, name: "Dick" })).status).toBe(201);
    const typed = await sessionWith();
    const other = await pupil();
    const lookup = await other.post("/api/join/lookup", { code: typed.code });
    expect((await other.post("/api/join", { code: typed.code, groupId: lookup.body.groupId, name: "Dick" })).body.error.code).toBe("blocked_name");
  });

  it("without a list, pupils type their names as before", async () => {
    const { code } = await sessionWith();
    const client = await pupil();
    const found = await client.post("/api/join/lookup", { code });
    expect(found.body.classList).toBeNull();
    expect((await client.post("/api/join", { code, groupId: found.body.groupId, name: "Anyone" })).status).toBe(201);
  });

  it("refuses a list too long, or a name on it too long, and starts nothing", async () => {
    const tooMany = await sessionWith(Array.from({ length: 61 }, (_, i) => `Pupil ${i}`).join("\n"));
    expect(tooMany.started.status).toBe(400);
    expect(tooMany.started.body.error.message).toBe("A class list can hold at most 60 names.");
    const tooLong = await sessionWith("x".repeat(200));
    expect(tooLong.started.status).toBe(400);
    expect((await tooLong.teacher.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);
  });
});
