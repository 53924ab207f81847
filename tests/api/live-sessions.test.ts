import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { endExpiredSessions } from "../../src/server/sessions/session-commands.ts";
import { attemptId, CORRECT, joinedStudent, pupilDevice, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("live sessions on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const progressRow = async (progressId: string) =>
    (
      await queryRows<Record<string, any>>(
        server.database.db,
        sql`select * from student_progress where id = ${progressId}`,
      )
    )[0]!;
  const answerRows = async (progressId: string) =>
    queryRows<Record<string, any>>(
      server.database.db,
      sql`select question_index, selected_option, is_correct, was_ever_incorrect from progress_answers where progress_id = ${progressId} order by question_index`,
    );

  describe("starting", () => {
    it("creates an active session with one group per colour, each with its own 6-digit code", async () => {
      const { session } = await teacherWithSession(server.url, 6);
      expect(session).toMatchObject({
        status: "active",
        endTime: null,
        maxDuration: 60,
        questionCount: 3,
        gameTitle: "Gaeilge - 3rd Class - Bia",
      });
      expect(session.groups.map((g: any) => g.groupIdentifier)).toEqual([
        "yellow-square",
        "red-circle",
        "blue-triangle",
        "green-rectangle",
        "purple-oval",
        "orange-octagon",
      ]);
      const codes = session.groups.map((g: any) => g.joinCode);
      expect(new Set(codes).size).toBe(6);
      for (const code of codes) {
        expect(code).toMatch(/^\d{6}$/);
        expect(Number(code)).toBeGreaterThanOrEqual(100000);
      }
      expect(session.groups.every((g: any) => g.memberCount === 0)).toBe(true);
    });

    it("refuses a group count outside 1 to 6, and a game with no questions", async () => {
      const { client, id } = await signedUpTeacher(server.url);
      const game = await client.post("/api/games", {
        title: "T",
        questions: [{ questionText: "Q", options: ["a", "b", "c", "d"], correctAnswer: 0 }],
      });
      for (const groupCount of [0, 7, 2.5]) {
        const res = await client.post("/api/sessions", { gameId: game.body.id, groupCount });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe("Group count must be between 1 and 6");
      }
      await server.database.db.execute(sql`insert into games (title, creator_id) values ('Empty', ${id})`);
      const [empty] = await queryRows<{ id: string }>(
        server.database.db,
        sql`select id from games where title = 'Empty' and creator_id = ${id}`,
      );
      const res = await client.post("/api/sessions", { gameId: empty!.id, groupCount: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("Game has no questions or data invalid");
    });

    it("lets only the game's creator start it", async () => {
      const { gameId } = await teacherWithSession(server.url);
      const other = await signedUpTeacher(server.url);
      const res = await other.client.post("/api/sessions", { gameId, groupCount: 1 });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("You are not authorized to start a session for this game.");
    });

    it("shows a session only to its host", async () => {
      const { sessionId } = await teacherWithSession(server.url);
      const other = await signedUpTeacher(server.url);
      expect((await other.client.get(`/api/sessions/${sessionId}`)).status).toBe(404);
      const student = await pupilDevice(server.url);
      expect((await student.get(`/api/sessions/${sessionId}`)).status).toBe(403);
      expect((await new HttpClient(server.url).get(`/api/sessions/${sessionId}`)).status).toBe(401);
    });
  });

  describe("ending", () => {
    it("lets only the host end it; then it is completed with an end time, and joining and playing say it has ended", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url);
      const code = session.groups[0].joinCode;
      const pupil = await joinedStudent(server.url, code, "Aoife");
      const other = await signedUpTeacher(server.url);
      const refused = await other.client.post(`/api/sessions/${sessionId}/end`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe("You are not authorized to end this session.");

      expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
      const after = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session;
      expect(after.status).toBe("completed");
      expect(Date.now() - new Date(after.endTime).getTime()).toBeLessThan(60_000);

      const late = new HttpClient(server.url);
      const lookup = await late.post("/api/join/lookup", { code });
      expect(lookup.status).toBe(410);
      expect(lookup.body.error.message).toBe("This session has ended");
      expect((await pupil.state()).body.sessionActive).toBe(false);
      const answer = await pupil.answer(0, CORRECT[0]!);
      expect(answer.status).toBe(410);
      expect(answer.body.error.message).toBe("This session has ended");
      // Ending twice is harmless.
      expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    });

    it("ends sessions that ran past their maxDuration", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Cian");
      await server.database.db.execute(
        sql`update game_sessions set start_time = now() - interval '61 minutes' where id = ${sessionId}`,
      );
      // Even before the sweep runs, the expired session takes no answers.
      expect((await pupil.answer(0, CORRECT[0]!)).status).toBe(410);
      expect((await endExpiredSessions(server.database.db)).length).toBeGreaterThanOrEqual(1);
      const after = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session;
      expect(after.status).toBe("completed");
      expect(new Date(after.endTime).getTime() - new Date(after.startTime).getTime()).toBe(60 * 60_000);
    });
  });

  describe("join codes", () => {
    it("are unique among active sessions, and free again once a session ends", async () => {
      const fixed = await startTestServer({ db, appOptions: { nextJoinCode: () => "424242" } });
      try {
        const first = await teacherWithSession(fixed.url, 1);
        expect(first.session.groups[0].joinCode).toBe("424242");
        const teacher = await signedUpTeacher(fixed.url);
        const game = await teacher.client.post("/api/games", {
          title: "Second",
          questions: [{ questionText: "Q", options: ["a", "b", "c", "d"], correctAnswer: 0 }],
        });
        const clash = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
        expect(clash.status).toBe(503);
        expect(clash.body.error.message).toBe("Failed to generate a unique join code after 10 attempts");
        // Nothing half-made: the failed session was rolled back.
        expect((await teacher.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);

        await first.teacher.client.post(`/api/sessions/${first.sessionId}/end`, {});
        const again = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
        expect(again.status).toBe(201);
      } finally {
        await fixed.close();
      }
    });

    it("avoid codes already used in the same session", async () => {
      const sequence = ["111111", "111111", "222222"];
      let i = 0;
      const fixed = await startTestServer({ db, appOptions: { nextJoinCode: () => sequence[i++ % sequence.length]! } });
      try {
        const { session } = await teacherWithSession(fixed.url, 2);
        expect(session.groups.map((g: any) => g.joinCode)).toEqual(["111111", "222222"]);
      } finally {
        await fixed.close();
      }
    });
  });

  describe("joining", () => {
    it("needs a 6-digit code and a name, and answers a wrong code with 'Invalid join code'", async () => {
      const pupil = new HttpClient(server.url);
      for (const code of ["12345", "1234567", "12a456", 123456]) {
        const res = await pupil.post("/api/join/lookup", { code });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe("Please enter a 6-digit join code.");
      }
      const wrong = await pupil.post("/api/join/lookup", { code: "000001" });
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.message).toBe("Invalid join code");
    });

    it("creates the progress, counts the member, trims the name, and gives a returning pupil the same progress", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url, 2);
      const code = session.groups[1].joinCode;
      const pupil = new HttpClient(server.url);
      const found = await pupil.post("/api/join/lookup", { code });
      expect(found.body).toMatchObject({
        groupIdentifier: "red-circle",
        sessionId,
        gameTitle: "Gaeilge - 3rd Class - Bia",
      });

      for (const [name, message] of [
        ["   ", "Please enter your name."],
        ["x".repeat(41), "Names can be at most 40 characters."],
      ] as const) {
        const bad = await pupil.post("/api/join", { code, groupId: found.body.groupId, name });
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toBe(message);
      }
      const mismatch = await pupil.post("/api/join", { code, groupId: session.groups[0].id, name: "Niamh" });
      expect(mismatch.body.error.message).toBe("Session details missing or invalid. Please re-enter code.");

      const joined = await pupil.post("/api/join", { code, groupId: found.body.groupId, name: "  Niamh Ó Sé  " });
      expect(joined.status).toBe(201);
      const row = await progressRow(joined.body.progressId);
      expect(row).toMatchObject({
        student_name: "Niamh Ó Sé",
        group_identifier: "red-circle",
        completed_questions_count: 0,
        first_attempt_correct_count: 0,
        help_requested: false,
        completed_at: null,
      });

      const again = await pupil.post("/api/join", { code, groupId: found.body.groupId, name: "Niamh Ó Sé" });
      expect(again.status).toBe(200);
      expect(again.body.progressId).toBe(joined.body.progressId);
      const groups = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups;
      expect(groups.map((g: any) => g.memberCount)).toEqual([0, 1]);
    });

    it("gives the host each group's names in join order and the right answers its pupils have summed", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url, 3);
      const [yellow, red] = session.groups.map((g: any) => g.joinCode as string);
      expect(session.groups.map((g: any) => [g.members, g.questionsCompleted])).toEqual([
        [[], 0],
        [[], 0],
        [[], 0],
      ]);
      const aoife = await joinedStudent(server.url, yellow, "Aoife");
      const brid = await joinedStudent(server.url, red, "Bríd");
      const cathal = await joinedStudent(server.url, yellow, "Cathal");
      await joinedStudent(server.url, yellow, "Dara");
      for (let q = 0; q < 3; q++) expect((await aoife.answer(q, CORRECT[q]!)).status).toBe(200);
      expect((await cathal.answer(0, (CORRECT[0]! + 1) % 4)).body.isCorrect).toBe(false);
      expect((await cathal.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
      expect((await brid.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
      // A wrong answer counts nothing; a pupil rejoining is not a second member.
      expect((await brid.answer(1, (CORRECT[1]! + 1) % 4)).body.isCorrect).toBe(false);
      await brid.client.post("/api/join", { code: red, groupId: session.groups[1].id, name: "Bríd" });

      const groups = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups;
      const names = (g: any) => g.members.map((m: any) => m.name);
      expect(
        groups.map((g: any) => ({
          memberCount: g.memberCount,
          memberNames: names(g),
          questionsCompleted: g.questionsCompleted,
        })),
      ).toEqual([
        { memberCount: 3, memberNames: ["Aoife", "Cathal", "Dara"], questionsCompleted: 4 },
        { memberCount: 1, memberNames: ["Bríd"], questionsCompleted: 1 },
        { memberCount: 0, memberNames: [], questionsCompleted: 0 },
      ]);
      // The results page's copy of the session agrees.
      const results = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.session.groups;
      expect(results.map((g: any) => [g.members, g.questionsCompleted])).toEqual(
        groups.map((g: any) => [g.members, g.questionsCompleted]),
      );
    });

    it("throttles a client guessing codes, without slowing other clients", async () => {
      const guesser = new HttpClient(server.url);
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push((await guesser.post("/api/join/lookup", { code: String(100000 + i) })).status);
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
      const { session } = await teacherWithSession(server.url, 1);
      const honest = await joinedStudent(server.url, session.groups[0].joinCode, "Honest");
      expect(honest.progressId).toBeTruthy();
    });
  });

  describe("playing", () => {
    it("never sends a correct answer to a student", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Oisín");
      const texts: string[] = [];
      for (let q = 0; q < 3; q++) {
        const state = await pupil.state();
        texts.push(state.text);
        expect(state.body.current.index).toBe(q);
        expect(state.body.current.options).toHaveLength(4);
        texts.push((await pupil.answer(q, (CORRECT[q]! + 1) % 4)).text);
        texts.push((await pupil.answer(q, CORRECT[q]!)).text);
      }
      texts.push((await pupil.state()).text);
      for (const text of texts) expect(text).not.toMatch(/correctAnswer|correct_answer/);
    });

    it("counts exactly as SPEC section 4 says", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Saoirse");

      // Q1: right first time.
      expect((await pupil.answer(0, CORRECT[0]!)).body).toEqual({
        isCorrect: true,
        completed: false,
        questionIndex: 0,
        next: {
          index: 1,
          kind: "choice",
          questionText: "Cad é 'bread'?",
          options: ["bainne", "cáis", "arán", "uisce"],
          wrongOptions: [],
          clue: null,
          picture: null,
          optionPictures: null,
          recording: null,
          optionRecordings: null,
          clueRecording: null,
        },
        clue: null,
        clueRecording: null,
        nearly: false,
        inPlace: null,
      });
      expect(await progressRow(pupil.progressId)).toMatchObject({
        completed_questions_count: 1,
        first_attempt_correct_count: 1,
      });

      // Q2: wrong, wrong, right.
      expect((await pupil.answer(1, 0)).body).toMatchObject({ isCorrect: false, next: null });
      expect((await pupil.state()).body.current.index).toBe(1);
      await pupil.answer(1, 3);
      expect(await progressRow(pupil.progressId)).toMatchObject({
        completed_questions_count: 1,
        first_attempt_correct_count: 1,
        completed_at: null,
      });
      expect((await pupil.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
      expect(await progressRow(pupil.progressId)).toMatchObject({
        completed_questions_count: 2,
        first_attempt_correct_count: 1,
      });

      // Q3: right first time; then answering the solved Q2 again changes nothing.
      expect((await pupil.answer(2, 0)).status).toBe(200);
      expect((await pupil.answer(1, 0)).body).toMatchObject({ isCorrect: true });

      const row = await progressRow(pupil.progressId);
      expect(row).toMatchObject({ completed_questions_count: 3, first_attempt_correct_count: 2 });
      expect(row.completed_at).not.toBeNull();
      expect(await answerRows(pupil.progressId)).toEqual([
        { question_index: 0, selected_option: 1, is_correct: true, was_ever_incorrect: false },
        { question_index: 1, selected_option: 2, is_correct: true, was_ever_incorrect: true },
        { question_index: 2, selected_option: 0, is_correct: true, was_ever_incorrect: false },
      ]);
      const attempts = await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from answer_attempts where progress_id = ${pupil.progressId}`,
      );
      expect(attempts[0]!.n).toBe(5);
      const state = (await pupil.state()).body;
      expect(state).toMatchObject({ completed: true, current: null, completedQuestionsCount: 3 });
    });

    it("refuses an answer to a question ahead of the current one", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Fionn");
      const res = await pupil.answer(2, 0);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe("Answer the questions in order.");
      expect((await pupil.answer(7, 0)).status).toBe(400);
      expect((await pupil.answer(0, 4)).body.error.message).toBe("Missing required parameters for recording answer");
    });

    it("counts a retried submit (same attempt id) once", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Ruairí");
      const id = attemptId();
      const first = await pupil.answer(0, 3, id);
      const retry = await pupil.answer(0, 3, id);
      expect(retry.body).toEqual(first.body);
      const attempts = await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from answer_attempts where progress_id = ${pupil.progressId}`,
      );
      expect(attempts[0]!.n).toBe(1);
    });

    it("never double-counts two submits at the same moment", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Éabha");
      const results = await Promise.all([
        pupil.answer(0, CORRECT[0]!),
        pupil.answer(0, CORRECT[0]!),
        pupil.answer(0, CORRECT[0]!),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await progressRow(pupil.progressId)).toMatchObject({
        completed_questions_count: 1,
        first_attempt_correct_count: 1,
      });
      const wrongs = await Promise.all([pupil.answer(1, 0), pupil.answer(1, 1)]);
      expect(wrongs.every((r) => r.body.isCorrect === false)).toBe(true);
      expect(await progressRow(pupil.progressId)).toMatchObject({
        completed_questions_count: 1,
        first_attempt_correct_count: 1,
      });
    });

    it("lets only the owner read or answer their progress", async () => {
      const { teacher, session } = await teacherWithSession(server.url, 1);
      const owner = await joinedStudent(server.url, session.groups[0].joinCode, "Owner");
      const other = await joinedStudent(server.url, session.groups[0].joinCode, "Other");
      const peek = await other.client.get(`/api/play/${owner.progressId}`);
      expect(peek.status).toBe(403);
      expect(peek.body.error.message).toBe("Not authorized to view this progress.");
      expect(
        (
          await other.client.post(`/api/play/${owner.progressId}/answers`, {
            questionIndex: 0,
            selectedOption: 1,
            attemptId: attemptId(),
          })
        ).status,
      ).toBe(403);
      expect((await other.client.post(`/api/play/${owner.progressId}/help`, { requested: true })).status).toBe(403);
      expect((await teacher.client.get(`/api/play/${owner.progressId}`)).status).toBe(403);
      expect((await new HttpClient(server.url).get(`/api/play/${owner.progressId}`)).status).toBe(401);
      expect(await progressRow(owner.progressId)).toMatchObject({
        completed_questions_count: 0,
        help_requested: false,
      });
    });

    it("records a help request and tells the teacher's channel", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Help Me");
      const channel = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);
      try {
        expect((await pupil.client.post(`/api/play/${pupil.progressId}/help`, { requested: true })).status).toBe(200);
        await channel.waitFor((e) => e.type === "help" && e.progressId === pupil.progressId);
        expect((await progressRow(pupil.progressId)).help_requested).toBe(true);
      } finally {
        channel.close();
      }
    });
  });

  describe("realtime", () => {
    it("tells the host of joins and answers, and the student when the session ends", async () => {
      const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
      const hostChannel = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Live");
      await hostChannel.waitFor((e) => e.type === "members" && e.sessionId === sessionId);
      const pupilChannel = await connectSse(pupil.client, `/api/play/${pupil.progressId}/events`);
      await pupil.answer(0, CORRECT[0]!);
      await hostChannel.waitFor((e) => e.type === "progress" && e.progressId === pupil.progressId);
      await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
      await pupilChannel.waitFor((e) => e.type === "session-ended");
      await hostChannel.waitFor((e) => e.type === "session-ended");
      // A student's channel carries no one else's ids.
      expect(pupilChannel.events.every((e) => Object.keys(e).join() === "type")).toBe(true);
      hostChannel.close();
      pupilChannel.close();
    });

    it("refuses the host channel to other teachers and the play channel to other students", async () => {
      const { sessionId, session } = await teacherWithSession(server.url, 1);
      const other = await signedUpTeacher(server.url);
      await expect(connectSse(other.client, `/api/sessions/${sessionId}/events`)).rejects.toMatchObject({
        status: 404,
      });
      const owner = await joinedStudent(server.url, session.groups[0].joinCode, "A");
      const stranger = await joinedStudent(server.url, session.groups[0].joinCode, "B");
      await expect(connectSse(stranger.client, `/api/play/${owner.progressId}/events`)).rejects.toMatchObject({
        status: 403,
      });
    });
  });
});

describe.runIf(testDatabaseKinds().includes("postgres"))("two instances on one PostgreSQL database", () => {
  it("carry a realtime event from an instance on one port to an instance on another", async () => {
    const first = await startTestServer({ db: "postgres" });
    const second = await startTestServer({ db: "postgres", shareDatabaseOf: first });
    try {
      expect(first.port).not.toBe(second.port);
      const { teacher, sessionId, session } = await teacherWithSession(first.url, 1);
      // The teacher's browser talks to the second instance (cookies are per host, not port).
      const onSecond = new HttpClient(second.url);
      for (const [k, v] of teacher.client.cookies) onSecond.cookies.set(k, v);
      const channel = await connectSse(onSecond, `/api/sessions/${sessionId}/events`);
      const pupil = await joinedStudent(first.url, session.groups[0].joinCode, "Cross");
      const started = Date.now();
      await pupil.answer(0, CORRECT[0]!);
      await channel.waitFor((e) => e.type === "progress" && e.progressId === pupil.progressId);
      expect(Date.now() - started).toBeLessThan(1000);
      // The join's "members" event crosses too; it may be sent after the answer's (the joins are
      // announced in batches), so it is waited for rather than expected to be there already.
      await channel.waitFor((e) => e.type === "members");
      channel.close();
    } finally {
      await second.close();
      await first.close();
    }
  });
});
