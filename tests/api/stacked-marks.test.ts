/**
 * Accents and other marks stacked on one letter: a name that draws as a smear over the codes page
 * and the projector ("A" under 29 acute accents, zalgo text) is refused with a clear message
 * wherever a pupil's name enters (a typed name at the join, a class list pasted on Start Session,
 * a saved class's names), and nothing is stored; real names with marks, in any script, pass.
 * On both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { nameKey } from "../../src/shared/text.ts";
import { teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { NAMES_WITH_MARKS } from "../support/classroom-names.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** `count` marks from the Combining Diacritical Marks block (U+0300–U+036F), as zalgo generators draw them. */
const marks = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(0x300 + ((from + i * 7) % 0x70))).join("");

/** Every way of stacking marks the probe and the rule know of; each must be refused. */
const STACKED = [
  `A${"\u0301".repeat(29)}`,
  // Zalgo text: every letter of a real name under a pile of marks (within the 40 characters a name may have).
  [..."Aoife"].map((c, i) => c + marks(6, i * 5)).join(""),
  // Marks spread over several letters, four on one of them.
  `A${marks(2)}o${marks(3, 1)}i${marks(4, 2)}fe`,
  // Irish fadas typed decomposed, then more on the same letter.
  `Sea${"\u0301".repeat(4)}n`,
  // Split by characters a browser draws nothing for, or beside the letter: still one stack.
  `A${marks(2)}\ufe0f${marks(2, 3)}`,
  `A${marks(2)}\u{e0041}${marks(2, 3)}`,
  `Ao${marks(2)}\u0903${marks(2, 3)}ife`,
  // Marks of other scripts stack too: a Thai tone mark repeated, an enclosing circle repeated.
  `ก${"\u0e49".repeat(10)}`,
  `O${"\u20dd".repeat(5)}`,
];

const TOO_MANY_MARKS = {
  code: "invalid_input",
  message: "A letter in your name has too many accents or marks on it. Please type your name again.",
  key: "pupil.join.tooManyMarks",
  field: "name",
};
const LIST_TOO_MANY_MARKS = {
  key: "sessions.classList.tooManyMarks",
  message: expect.stringMatching(/^A letter of a name on the class list can carry at most 3 accents or marks/),
};

describe.each(testDatabaseKinds())("stacked marks in names on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => server?.close());

  async function tryJoin(code: string, name: string) {
    const client = new HttpClient(server.url);
    const found = await client.post("/api/join/lookup", { code });
    return client.post("/api/join", { code, groupId: found.body.groupId, name });
  }

  it("refuses a typed name with a letter under more than 3 marks, with a clear message, and stores nothing; real names with marks join", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const code = session.groups[0].joinCode as string;
    for (const name of STACKED) {
      const res = await tryJoin(code, name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error, JSON.stringify(name)).toEqual(TOO_MANY_MARKS);
    }
    expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.students).toEqual([]);
    expect(
      await queryRows(server.database.db, sql`select 1 from student_progress where session_id = ${sessionId}::uuid`),
    ).toEqual([]);

    // One of each name as the join compares them ("محمد" and "مُحَمَّد" are one name), as typed and decomposed.
    const real = [...NAMES_WITH_MARKS, ..."Seán Siobhán Oisín Éabha Dáithí".split(" ").map((n) => `${n} Ó`)].map(
      (name, i) => (i % 2 === 0 ? name : name.normalize("NFD")),
    );
    const distinct = real.filter((name, i) => real.findIndex((other) => nameKey(other) === nameKey(name)) === i);
    expect(distinct.length).toBeGreaterThan(40);
    for (const name of distinct) expect((await tryJoin(code, name)).status, JSON.stringify(name)).toBe(201);
    const joined = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.students.map(
      (s: { studentName: string }) => s.studentName,
    );
    expect(new Set(joined)).toEqual(new Set(distinct));
  });

  it("refuses a class list with such a name, on Start Session and in a saved class, and stores nothing; real names with marks are kept", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const kept = (await teacher.client.post("/api/classes", { name: "Kept", names: "Aoife" })).body.class;
    for (const stacked of STACKED) {
      // (Not beside a name it folds to, as "Aoife" under marks is to "Aoife": the list keeps only the first of those.)
      const names = `Niamh\n${stacked}\nCian`;
      const started = await teacher.client.post("/api/sessions", {
        gameId: game.body.id,
        groupCount: 1,
        classList: names,
      });
      expect(started.status, JSON.stringify(stacked)).toBe(400);
      expect(started.body.error, JSON.stringify(stacked)).toMatchObject(LIST_TOO_MANY_MARKS);
      const created = await teacher.client.post("/api/classes", { name: "Rang", names });
      expect(created.status, JSON.stringify(stacked)).toBe(400);
      expect(created.body.error, JSON.stringify(stacked)).toMatchObject(LIST_TOO_MANY_MARKS);
      const edited = await teacher.client.put(`/api/classes/${kept.id}`, { name: "Kept", names });
      expect(edited.status, JSON.stringify(stacked)).toBe(400);
      expect(edited.body.error, JSON.stringify(stacked)).toMatchObject(LIST_TOO_MANY_MARKS);
    }
    expect((await teacher.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);
    expect(
      await queryRows(server.database.db, sql`select name, names from classes where teacher_id = ${teacher.id}`),
    ).toEqual([{ name: "Kept", names: ["Aoife"] }]);

    const real = NAMES_WITH_MARKS.map((name, i) => (i % 2 === 0 ? name : name.normalize("NFD")));
    const pasted = real.join("\n");
    const started = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      classList: pasted,
    });
    expect(started.status).toBe(201);
    const saved = await teacher.client.post("/api/classes", { name: "Rang", names: pasted });
    expect(saved.status).toBe(201);
    // Every name kept as pasted, but for repeats as the join compares names ("محمد" and "مُحَمَّد").
    expect(saved.body.class.names).toEqual(
      real.filter((name, i) => real.findIndex((other) => nameKey(other) === nameKey(name)) === i),
    );
  });
});
