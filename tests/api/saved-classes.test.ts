/**
 * Saved classes (decision 040): a teacher's classes created, listed, edited and deleted by
 * that teacher only; bad input refused with nothing saved; the limit of classes; a session started
 * with a class offers its names at the join and keeps them whatever becomes of the class; the
 * account's export and deletion cover classes. On both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const classNotFound = { code: "not_found", message: "Class not found.", key: "classes.notFound" };

describe.each(testDatabaseKinds())("saved classes on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => server?.close());

  const classRows = async (teacherId: string) =>
    queryRows<{ name: string; names: string[] }>(
      server.database.db,
      sql`select name, names from classes where teacher_id = ${teacherId} order by created_at`,
    );

  const joinCodeOf = async (teacher: Awaited<ReturnType<typeof signedUpTeacher>>, sessionId: string) =>
    (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups[0].joinCode as string;

  const lookupNames = async (code: string) =>
    ((await new HttpClient(server.url).post("/api/join/lookup", { code })).body.classList as { name: string }[]).map(
      (entry) => entry.name,
    );

  it("creates, lists (newest first), edits and deletes a class, the teacher's own", async () => {
    const teacher = await signedUpTeacher(server.url);
    const created = await teacher.client.post("/api/classes", {
      name: "  3rd Class 2026 ",
      level: "3rd Class",
      names: "Aoife\nSeán\n\n  Oisín \naoife\n",
    });
    expect(created.status).toBe(201);
    expect(created.body.class).toEqual({
      id: expect.any(String),
      name: "3rd Class 2026",
      level: "3rd Class",
      names: ["Aoife", "Seán", "Oisín"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await teacher.client.post("/api/classes", { name: "Rang a Sé", names: "Niamh\nCian" });
    expect(second.status).toBe(201);
    expect(second.body.class.level).toBeNull();

    const listed = await teacher.client.get("/api/classes");
    expect(listed.status).toBe(200);
    expect(listed.body.classes.map((c: { name: string }) => c.name)).toEqual(["Rang a Sé", "3rd Class 2026"]);
    expect((await teacher.client.get(`/api/classes/${created.body.class.id}`)).body.class).toEqual(created.body.class);

    const edited = await teacher.client.put(`/api/classes/${created.body.class.id}`, {
      name: "4th Class 2027",
      level: null,
      names: "Aoife\nSeán\nMaeve",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.class).toMatchObject({ name: "4th Class 2027", level: null, names: ["Aoife", "Seán", "Maeve"] });
    expect(Date.parse(edited.body.class.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.class.updatedAt));

    const deleted = await teacher.client.request("DELETE", `/api/classes/${created.body.class.id}`);
    expect(deleted.status).toBe(204);
    expect((await teacher.client.get("/api/classes")).body.classes.map((c: { id: string }) => c.id)).toEqual([
      second.body.class.id,
    ]);
    expect((await teacher.client.get(`/api/classes/${created.body.class.id}`)).body.error).toEqual(classNotFound);
  });

  it("answers another teacher's class and a missing one alike: 404 on read, edit, delete and start, nothing changed", async () => {
    const owner = await signedUpTeacher(server.url);
    const other = await signedUpTeacher(server.url);
    const saved = (await owner.client.post("/api/classes", { name: "2nd Class", names: "Aoife\nSeán" })).body.class;
    const game = await other.client.post("/api/games", threeQuestionGame);
    const body = { name: "Taken over", names: "Zebedee" };
    for (const id of [saved.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      for (const response of [
        await other.client.get(`/api/classes/${id}`),
        await other.client.put(`/api/classes/${id}`, body),
        await other.client.request("DELETE", `/api/classes/${id}`),
        await other.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1, classId: id }),
      ]) {
        expect(response.status, id).toBe(404);
        expect(response.body.error, id).toEqual(classNotFound);
      }
    }
    expect((await other.client.get("/api/classes")).body.classes).toEqual([]);
    expect((await owner.client.get("/api/classes")).body.classes).toEqual([saved]);
    expect((await other.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);
  });

  it("refuses bad input with a clear message, and saves nothing", async () => {
    const teacher = await signedUpTeacher(server.url);
    const kept = (await teacher.client.post("/api/classes", { name: "Kept", names: "Aoife" })).body.class;
    const cases: [unknown, string, string][] = [
      [{ name: "   ", names: "Aoife" }, "classes.nameRequired", "Type a name for the class."],
      [{ name: "x".repeat(61), names: "Aoife" }, "classes.nameTooLong", "A class name can be at most 60 characters."],
      [
        { name: "Rang", level: "7th Class", names: "Aoife" },
        "classes.levelInvalid",
        "Choose a class level from the list, or none.",
      ],
      [
        { name: "Rang", names: Array.from({ length: 61 }, (_, n) => `Pupil ${n}`).join("\n") },
        "sessions.classList.tooMany",
        "A class list can hold at most 60 names.",
      ],
      [
        { name: "Rang", names: ["Aoife", "Seán"] },
        "classes.namesNotText",
        "names must be text, one first name per line.",
      ],
      [{ name: 42, names: "Aoife" }, "classes.nameRequired", "Type a name for the class."],
      [{ name: "Rang", names: "\n \n" }, "classes.namesRequired", "Add the pupils' first names, one per line."],
    ];
    for (const [body, key, message] of cases) {
      const created = await teacher.client.post("/api/classes", body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(created.body.error).toMatchObject({ key, message });
      const edited = await teacher.client.put(`/api/classes/${kept.id}`, body);
      expect(edited.status, JSON.stringify(body)).toBe(400);
      expect(edited.body.error).toMatchObject({ key, message });
    }
    expect(await classRows(teacher.id)).toEqual([{ name: "Kept", names: ["Aoife"] }]);
  });

  it("keeps a name the name guard would refuse if typed, as a pasted class list does", async () => {
    const teacher = await signedUpTeacher(server.url);
    const created = await teacher.client.post("/api/classes", { name: "Rang", names: "Dick\nAoife" });
    expect(created.status).toBe(201);
    expect(created.body.class.names).toEqual(["Dick", "Aoife"]);
  });

  it(`refuses the class after ${TEACHER_LIMITS.savedClasses}, and takes one again once a class is deleted`, async () => {
    const teacher = await signedUpTeacher(server.url);
    await queryRows(
      server.database.db,
      sql`insert into classes (teacher_id, name, names)
          select ${teacher.id}, 'Class ' || n, array['Aoife'] from generate_series(1, ${TEACHER_LIMITS.savedClasses - 1}) n`,
    );
    const last = await teacher.client.post("/api/classes", { name: "The fiftieth", names: "Aoife" });
    expect(last.status).toBe(201);
    const refused = await teacher.client.post("/api/classes", { name: "One too many", names: "Aoife" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "too_many_classes",
      key: "limits.tooManyClasses",
      message: "You can keep up to 50 classes. Delete a class you no longer use before adding another.",
    });
    expect(await classRows(teacher.id)).toHaveLength(TEACHER_LIMITS.savedClasses);
    expect((await teacher.client.request("DELETE", `/api/classes/${last.body.class.id}`)).status).toBe(204);
    expect((await teacher.client.post("/api/classes", { name: "Room again", names: "Aoife" })).status).toBe(201);
  });

  it("starts a session with a class: the join offers its names, kept when the class is edited or deleted", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const saved = (await teacher.client.post("/api/classes", { name: "5th Class", names: "Aoife\nSeán\nOisín" })).body
      .class;
    const started = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      classId: saved.id,
    });
    expect(started.status).toBe(201);
    const code = await joinCodeOf(teacher, started.body.id);
    expect(await lookupNames(code)).toEqual(["Aoife", "Seán", "Oisín"]);
    const [row] = await queryRows<{ class_id: string }>(
      server.database.db,
      sql`select class_id from game_sessions where id = ${started.body.id}`,
    );
    expect(row!.class_id).toBe(saved.id);

    await teacher.client.put(`/api/classes/${saved.id}`, { name: "5th Class", names: "Niamh" });
    expect(await lookupNames(code)).toEqual(["Aoife", "Seán", "Oisín"]);
    expect((await teacher.client.request("DELETE", `/api/classes/${saved.id}`)).status).toBe(204);
    expect(await lookupNames(code)).toEqual(["Aoife", "Seán", "Oisín"]);
    const [after] = await queryRows<{ class_id: string | null; class_list: string[] }>(
      server.database.db,
      sql`select class_id, class_list from game_sessions where id = ${started.body.id}`,
    );
    expect(after).toEqual({ class_id: null, class_list: ["Aoife", "Seán", "Oisín"] });
  });

  it("refuses a class and a pasted list together, starting nothing", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const saved = (await teacher.client.post("/api/classes", { name: "Rang", names: "Aoife" })).body.class;
    const both = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      classId: saved.id,
      classList: "Seán",
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({
      key: "sessions.classAndList",
      message: "Choose a saved class or paste a list, not both.",
    });
    expect((await teacher.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);
  });

  it("exports the account's classes, and deleting the account removes them", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const saved = (
      await teacher.client.post("/api/classes", {
        name: "Naíonáin Shinsearacha",
        level: "Senior Infants",
        names: "Ruairí\nCaoimhe",
      })
    ).body.class;
    const started = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      classId: saved.id,
    });
    const exported = await teacher.client.get("/api/account/export");
    expect(exported.status).toBe(200);
    const document = typeof exported.body === "string" ? JSON.parse(exported.body) : exported.body;
    expect(document.classes).toEqual([saved]);
    expect(document.sessions).toEqual([
      expect.objectContaining({ id: started.body.id, classId: saved.id, classList: ["Ruairí", "Caoimhe"] }),
    ]);

    const deleted = await teacher.client.post("/api/account/delete", {
      confirmation: teacher.email,
      currentPassword: teacher.password,
    });
    expect(deleted.status).toBe(200);
    expect(await classRows(teacher.id)).toEqual([]);
  });
});
