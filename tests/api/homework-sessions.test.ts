/**
 * Homework sessions (decision 041): a session kept open until a closing time stays live
 * past its maxDuration and ends by itself at that time, as "End Session for All" does. Time is moved
 * forward with `app.sweepExpiredSessions(aheadMs)`, the sweep the server runs every minute.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDatabaseKinds())("homework sessions on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const teacherWithGame = async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    expect(game.status).toBe(201);
    return { teacher, gameId: game.body.id as string };
  };

  it("stays live past maxDuration until its closing time, then ends by itself and pupils are told it has ended", async () => {
    const { teacher, gameId } = await teacherWithGame();
    // Two days ahead, to the second: the database keeps microseconds, the API gives milliseconds.
    const closesAt = new Date(Math.floor((Date.now() + 2 * DAY) / 1000) * 1000).toISOString();
    const homework = await teacher.client.post("/api/sessions", { gameId, groupCount: 2, closesAt });
    expect(homework.status).toBe(201);
    const inClass = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
    expect(inClass.status).toBe(201);

    const codes = (await teacher.client.get(`/api/sessions/${homework.body.id}`)).body.session;
    expect(codes.closesAt).toBe(closesAt);
    expect((await teacher.client.get(`/api/sessions/${inClass.body.id}`)).body.session.closesAt).toBeNull();
    const active = (await teacher.client.get("/api/sessions?status=active")).body.sessions;
    expect(active.find((s: any) => s.id === homework.body.id).closesAt).toBe(closesAt);
    expect(active.find((s: any) => s.id === inClass.body.id).closesAt).toBeNull();

    const code = codes.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Aoife");
    expect((await pupil.answer(0, CORRECT[0]!)).status).toBe(200);

    // An hour and a minute on: the class session has run out its 60 minutes; the homework has not.
    const ended = await server.app.sweepExpiredSessions(61 * MINUTE);
    expect(ended).toContain(inClass.body.id);
    expect(ended).not.toContain(homework.body.id);
    // The sweep moved time on; the real clock did not: the rule itself, judged a day on, keeps it live.
    const [judged] = await queryRows<{ live: boolean }>(
      server.database.db,
      sql`select (status = 'active' and coalesce(closes_at, start_time + make_interval(mins => max_duration)) > now() + interval '1 day') as live
          from game_sessions where id = ${homework.body.id}`,
    );
    expect(judged!.live).toBe(true);
    // Still open at home: a pupil joins and plays after the class session's time.
    await server.database.db.execute(
      sql`update game_sessions set start_time = now() - interval '3 hours' where id = ${homework.body.id}`,
    );
    const later = await joinedStudent(server.url, code, "Cian");
    expect((await later.answer(0, CORRECT[0]!)).status).toBe(200);
    expect((await teacher.client.get(`/api/sessions/${homework.body.id}`)).body.session.status).toBe("active");

    // Just before the closing time: still open. Just after: ended, as "End Session for All" ends one,
    // and the host's and the pupil's live channels are told.
    const hostChannel = await connectSse(teacher.client, `/api/sessions/${homework.body.id}/events`);
    const pupilChannel = await connectSse(pupil.client, `/api/play/${pupil.progressId}/events`);
    try {
      expect(await server.app.sweepExpiredSessions(2 * DAY - 10 * MINUTE)).not.toContain(homework.body.id);
      expect(await server.app.sweepExpiredSessions(2 * DAY + MINUTE)).toContain(homework.body.id);
      await hostChannel.waitFor((e) => e.type === "session-ended" && e.sessionId === homework.body.id);
      await pupilChannel.waitFor((e) => e.type === "session-ended");
    } finally {
      hostChannel.close();
      pupilChannel.close();
    }
    const after = (await teacher.client.get(`/api/sessions/${homework.body.id}`)).body.session;
    expect(after.status).toBe("completed");
    expect(after.endTime).toBe(closesAt);
    const [freed] = await queryRows<{ active: number }>(
      server.database.db,
      sql`select count(*)::int as active from session_groups where session_id = ${homework.body.id} and is_active`,
    );
    expect(Number(freed!.active)).toBe(0);
    expect((await teacher.client.get("/api/sessions?status=active")).body.sessions).toEqual([]);

    const lookup = await new HttpClient(server.url).post("/api/join/lookup", { code });
    expect(lookup.status).toBe(410);
    expect(lookup.body.error.message).toBe("This session has ended");
    expect((await pupil.state()).body.sessionActive).toBe(false);
    const answer = await pupil.answer(1, CORRECT[1]!);
    expect(answer.status).toBe(410);
    expect(answer.body.error.message).toBe("This session has ended");
  });

  it("refuses a closing time in the past, too far ahead or not a date, with a clear message, and saves nothing", async () => {
    const { teacher, gameId } = await teacherWithGame();
    const cases: [unknown, string][] = [
      [new Date(Date.now() - MINUTE).toISOString(), "The homework closing time must be in the future."],
      [new Date(Date.now() + 15 * DAY).toISOString(), "The homework closing time must be within 14 days."],
      ["next Friday", "Enter the homework closing time as a date and time."],
      ["2026-12-04T15:00", "Enter the homework closing time as a date and time."],
      ["2026-02-30T15:00:00Z", "Enter the homework closing time as a date and time."],
      [1_800_000_000_000, "Enter the homework closing time as a date and time."],
    ];
    const before = await dataFingerprint(server.database.db);
    for (const [closesAt, message] of cases) {
      const res = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, closesAt });
      expect(res.status, String(closesAt)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // Within the fortnight, and an empty value (a class session), are taken.
    const fine = await teacher.client.post("/api/sessions", {
      gameId,
      groupCount: 1,
      closesAt: new Date(Date.now() + 14 * DAY - MINUTE).toISOString(),
    });
    expect(fine.status).toBe(201);
    const none = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, closesAt: null });
    expect(none.status).toBe(201);
    expect((await teacher.client.get(`/api/sessions/${none.body.id}`)).body.session.closesAt).toBeNull();
  });
});
