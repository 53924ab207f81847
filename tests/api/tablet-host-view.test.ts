/**
 * A group's children on one tablet as their teacher sees them (issue 41, decision 048): the codes
 * page's read and the results name, for each child, the other children on the tablet in turn order
 * and whether it is their turn; the turn moves as the children answer; the device never leaves the
 * server; and taking one child out leaves the others' progress and answers as they were.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import type { SessionResults } from "../../src/shared/results/results.ts";
import type { MemberTablet, SessionDetail } from "../../src/shared/sessions/session-responses.ts";
import { CORRECT, joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { expectNoPrivateFields, serverSecrets } from "../support/private-fields.ts";
import { joinedTablet } from "../support/shared-tablet.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("a tablet of children, for their teacher, on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const tabletOf = (code: string, names: string[]) => joinedTablet(server.url, code, names);

  /** The device ids of the session's pupils: what must never leave the server. */
  const deviceIds = async (sessionId: string) =>
    (
      await queryRows<{ student_id: string }>(
        server.database.db,
        sql`select distinct student_id from student_progress where session_id = ${sessionId}`,
      )
    ).map((r) => r.student_id);

  type Seen = Record<string, MemberTablet | null>;
  /** Each pupil's tablet by name, as the codes page reads it and as the results do (they must agree). */
  async function tablets(teacher: HttpClient, sessionId: string): Promise<Seen> {
    const read = await teacher.get<{ session: SessionDetail }>(`/api/sessions/${sessionId}`);
    const results = await teacher.get<SessionResults>(`/api/sessions/${sessionId}/results`);
    expect(read.status).toBe(200);
    expect(results.status).toBe(200);
    const secrets = [...(await serverSecrets(server.database.db)), ...(await deviceIds(sessionId))];
    expectNoPrivateFields("the host's read", read.text, { secrets });
    expectNoPrivateFields("the results", results.text, { secrets });
    const fromRead: Seen = Object.fromEntries(
      read.body.session.groups.flatMap((g) => g.members.map((m) => [m.name, m.tablet])),
    );
    const fromResults: Seen = Object.fromEntries(results.body.students.map((s) => [s.studentName, s.tablet]));
    expect(fromResults).toEqual(fromRead);
    // The results' groups are the codes page's groups.
    expect(results.body.session.groups.flatMap((g) => g.members.map((m) => m.tablet))).toEqual(
      read.body.session.groups.flatMap((g) => g.members.map((m) => m.tablet)),
    );
    return fromRead;
  }

  const turnOf = (seen: Seen) =>
    Object.entries(seen)
      .filter(([, t]) => t?.turn)
      .map(([name]) => name);

  it("names the other children of each child's tablet in turn order and whose turn it is; a child alone has none", async () => {
    const { teacher, session, sessionId } = await teacherWithSession(server.url, 2);
    const [yellow, red] = session.groups.map((g: { joinCode: string }) => g.joinCode);
    await tabletOf(yellow, ["Aoife", "Cian", "Saoirse"]);
    await joinedStudent(server.url, yellow, "Dara");
    await tabletOf(red, ["Éabha", "Fionn"]);
    // A device that took one child only is that child's own.
    await tabletOf(red, ["Bríd"]);

    expect(await tablets(teacher.client, sessionId)).toEqual({
      Aoife: { with: ["Cian", "Saoirse"], turn: true },
      Cian: { with: ["Aoife", "Saoirse"], turn: false },
      Saoirse: { with: ["Aoife", "Cian"], turn: false },
      Dara: null,
      Éabha: { with: ["Fionn"], turn: true },
      Fionn: { with: ["Éabha"], turn: false },
      Bríd: null,
    });
  });

  it("moves the turn as the children answer: on after a right answer, not after a wrong one, past a child who finished, to no one at the end", async () => {
    const { teacher, session, sessionId } = await teacherWithSession(server.url, 1);
    const tablet = await tabletOf(session.groups[0].joinCode, ["Aoife", "Cian", "Saoirse"]);
    const [aoife, cian, saoirse] = ["Aoife", "Cian", "Saoirse"].map(tablet.child);
    // The teacher's pages and the tablet itself (the pupils' side) say the same.
    const turn = async () => {
      const seen = turnOf(await tablets(teacher.client, sessionId));
      expect(seen).toEqual([await tablet.turnOnTablet()].filter((name) => name !== null));
      return seen;
    };
    const right = async (child: typeof aoife, question: number) =>
      expect((await child!.answer(question, CORRECT[question]!)).body.isCorrect).toBe(true);

    expect(await turn()).toEqual(["Aoife"]);
    await right(aoife, 0);
    expect(await turn()).toEqual(["Cian"]);
    // A wrong answer leaves the turn with the child: they try again.
    expect((await cian!.answer(0, (CORRECT[0]! + 1) % 4)).body.isCorrect).toBe(false);
    expect(await turn()).toEqual(["Cian"]);
    await right(cian, 0);
    expect(await turn()).toEqual(["Saoirse"]);
    await right(saoirse, 0);
    // Everyone at the next question: the first added again.
    expect(await turn()).toEqual(["Aoife"]);
    for (const child of [aoife, cian, saoirse]) await right(child, 1);
    await right(aoife, 2);
    // Aoife has finished: her turns are over, and the others' go on in their order.
    expect(await turn()).toEqual(["Cian"]);
    await right(cian, 2);
    expect(await turn()).toEqual(["Saoirse"]);
    await right(saoirse, 2);
    expect(await turn()).toEqual([]);
    const end = await tablets(teacher.client, sessionId);
    expect(end).toEqual({
      Aoife: { with: ["Cian", "Saoirse"], turn: false },
      Cian: { with: ["Aoife", "Saoirse"], turn: false },
      Saoirse: { with: ["Aoife", "Cian"], turn: false },
    });
  });

  it("takes one child of a tablet out: the others' progress and answers stay as they were, the turn passes on", async () => {
    const { teacher, session, sessionId } = await teacherWithSession(server.url, 1);
    const tablet = await tabletOf(session.groups[0].joinCode, ["Aoife", "Cian", "Saoirse"]);
    const [aoife, cian, saoirse] = ["Aoife", "Cian", "Saoirse"].map(tablet.child);
    for (const child of [aoife, cian, saoirse]) expect((await child!.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
    expect((await aoife!.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
    expect((await cian!.answer(1, (CORRECT[1]! + 1) % 4)).body.isCorrect).toBe(false);
    expect(turnOf(await tablets(teacher.client, sessionId))).toEqual(["Cian"]);

    const answersOf = async (progressIds: string[]) =>
      queryRows<{ progress_id: string; question_index: number; attempts: number; is_correct: boolean }>(
        server.database.db,
        sql`select progress_id, question_index, attempts, is_correct from progress_answers
            where progress_id in (${sql.join(
              progressIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by progress_id, question_index`,
      );
    const progressOf = async (progressIds: string[]) =>
      queryRows<{ id: string; seat: number; completed_questions_count: number; first_attempt_correct_count: number }>(
        server.database.db,
        sql`select id, seat, completed_questions_count, first_attempt_correct_count from student_progress
            where id in (${sql.join(
              progressIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by id`,
      );
    const staying = [aoife!.progressId, saoirse!.progressId];
    const answersBefore = await answersOf(staying);
    const progressBefore = await progressOf(staying);
    const resultsBefore = (await teacher.client.get<SessionResults>(`/api/sessions/${sessionId}/results`)).body
      .students;

    const removed = await teacher.client.delete(`/api/sessions/${sessionId}/pupils/${cian!.progressId}`);
    expect(removed.status).toBe(200);

    expect(await answersOf(staying)).toEqual(answersBefore);
    expect(await progressOf(staying)).toEqual(progressBefore);
    expect(await answersOf([cian!.progressId])).toEqual([]);
    const resultsAfter = (await teacher.client.get<SessionResults>(`/api/sessions/${sessionId}/results`)).body.students;
    const without = (students: SessionResults["students"]) =>
      students.filter((s) => s.studentName !== "Cian").map(({ tablet: _, ...s }) => s);
    expect(resultsAfter.map((s) => s.studentName)).toEqual(["Aoife", "Saoirse"]);
    expect(without(resultsAfter)).toEqual(without(resultsBefore));

    // Cian's turn was the tablet's: it passes to the next child still at that question.
    expect(await tablets(teacher.client, sessionId)).toEqual({
      Aoife: { with: ["Saoirse"], turn: false },
      Saoirse: { with: ["Aoife"], turn: true },
    });
    expect(await tablet.turnOnTablet()).toBe("Saoirse");
    expect((await saoirse!.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
    expect(turnOf(await tablets(teacher.client, sessionId))).toEqual(["Aoife"]);

    // The last child left on the tablet is a child alone on a device.
    expect((await teacher.client.delete(`/api/sessions/${sessionId}/pupils/${saoirse!.progressId}`)).status).toBe(200);
    expect(await tablets(teacher.client, sessionId)).toEqual({ Aoife: null });
    expect(await answersOf([aoife!.progressId])).toEqual(
      answersBefore.filter((a) => a.progress_id === aoife!.progressId),
    );
  });
});
