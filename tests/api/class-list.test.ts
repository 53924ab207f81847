/**
 * Names from a class list: a teacher who pastes a class list on Start Session has
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
    const started = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      ...(classList === undefined ? {} : { classList }),
    });
    return {
      teacher,
      started,
      code:
        started.status === 201
          ? ((await teacher.client.get(`/api/sessions/${started.body.id}`)).body.session.groups[0].joinCode as string)
          : "",
    };
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
    expect(off.body.error).toEqual({
      code: "not_on_class_list",
      message: "Please choose your name from the list.",
      key: "pupil.join.notOnList",
      field: "name",
    });
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
    expect(
      (await other.post("/api/join", { code: typed.code, groupId: lookup.body.groupId, name: "Dick" })).body.error.code,
    ).toBe("blocked_name");
  });

  it("answers a join with a wrong code the same whatever the name, and forgets a list once its session ends, its results or its teacher's account are deleted (issue 27)", async () => {
    const { teacher, started, code } = await sessionWith("Aoife\nSeán\nDick");
    const client = await pupil();
    const groupId = (await client.post("/api/join/lookup", { code })).body.groupId as string;
    // The first join reads the list and remembers it.
    expect((await client.post("/api/join", { code, groupId, name: "Aoife" })).status).toBe(201);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = async (joinCode: string, names: string[]) => {
      const out: unknown[] = [];
      for (const name of names)
        out.push((await (await pupil()).post("/api/join", { code: joinCode, groupId, name })).body.error);
      return out;
    };
    // A wrong code learns nothing about the list: a name on it, one off it, and one only a list may give all answer as for a group without a list.
    const invalid = {
      code: "details_invalid",
      message: "Session details missing or invalid. Please re-enter code.",
      key: "pupil.join.detailsMissing",
    };
    expect(await answers(wrong, ["Seán", "Zebedee"])).toEqual([invalid, invalid]);
    expect(await answers(wrong, ["Dick"])).toEqual([expect.objectContaining({ code: "blocked_name" })]);
    const noList = await sessionWith();
    const noListGroup = (await client.post("/api/join/lookup", { code: noList.code })).body.groupId as string;
    expect((await client.post("/api/join", { code: wrong, groupId: noListGroup, name: "Dick" })).body.error.code).toBe(
      "blocked_name",
    );

    // Ended: the right code tells only that, for any name.
    await teacher.client.post(`/api/sessions/${started.body.id}/end`, {});
    expect((await answers(code, ["Seán", "Zebedee"])).map((e) => (e as { code: string }).code)).toEqual([
      "session_ended",
      "session_ended",
    ]);
    // Results deleted: the group is gone, names or not.
    expect((await teacher.client.request("DELETE", `/api/sessions/${started.body.id}`)).status).toBe(200);
    expect(await answers(code, ["Seán", "Zebedee"])).toEqual([invalid, invalid]);

    // The whole account deleted while its session runs: likewise.
    const leaving = await sessionWith("Róisín\nTadhg");
    const leavingGroup = (await client.post("/api/join/lookup", { code: leaving.code })).body.groupId as string;
    expect((await client.post("/api/join", { code: leaving.code, groupId: leavingGroup, name: "Tadhg" })).status).toBe(
      201,
    );
    expect(
      (await client.post("/api/join", { code: leaving.code, groupId: leavingGroup, name: "Zebedee" })).body.error.code,
    ).toBe("not_on_class_list");
    const deleted = await leaving.teacher.client.post("/api/account/delete", {
      confirmation: leaving.teacher.email,
      currentPassword: leaving.teacher.password,
    });
    expect(deleted.status).toBe(200);
    for (const name of ["Róisín", "Zebedee"]) {
      expect(
        (await (await pupil()).post("/api/join", { code: leaving.code, groupId: leavingGroup, name })).body.error,
        name,
      ).toEqual(invalid);
    }
  });

  it.runIf(db === "postgres")(
    "forgets a list when its session ends on another instance (PostgreSQL: two app instances, LISTEN/NOTIFY)",
    async () => {
      const other = await startTestServer({ db, shareDatabaseOf: server });
      try {
        const { teacher, started, code } = await sessionWith("Aoife\nSeán");
        const client = await pupil();
        const groupId = (await client.post("/api/join/lookup", { code })).body.groupId as string;
        expect((await client.post("/api/join", { code, groupId, name: "Aoife" })).status).toBe(201);
        expect((await client.post("/api/join", { code, groupId, name: "Zebedee" })).body.error.code).toBe(
          "not_on_class_list",
        );
        // Ended through the other instance: this one hears of it and stops consulting the list.
        const ending = new HttpClient(other.url);
        for (const [name, value] of teacher.client.cookies) ending.cookies.set(name, value);
        expect((await ending.post(`/api/sessions/${started.body.id}/end`, {})).status).toBe(200);
        await expect
          .poll(
            async () => (await (await pupil()).post("/api/join", { code, groupId, name: "Zebedee" })).body.error.code,
            { timeout: 3_000 },
          )
          .toBe("session_ended");
      } finally {
        await other.close();
      }
    },
  );

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
