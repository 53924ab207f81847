/**
 * Retention: pupils' names, progress and answers are deleted a set time after
 * their session ends, by a sweep that any number of instances may run at once; stale
 * anonymous pupil identities go too. Time is moved forward (the sweep's `aheadMs`, on the database's clock), not waited for;
 * on PostgreSQL two app instances on one database sweep at once.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { STALE_PUPIL_IDENTITY_HOURS, sweepExpiredData } from "../../src/server/privacy/retention.ts";
import { nameKey } from "../../src/shared/text.ts";
import { CORRECT, joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { rowsMentioning } from "../support/rows-mentioning.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const DAY = 24 * 60 * 60 * 1000;
/** The database's clock moved on by this many days (the sweep's `aheadMs`). */
const daysOn = (days: number) => days * DAY;

describe.each(testDatabaseKinds())("retention on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db, env: { RESULTS_RETENTION_DAYS: "30" } });
  });
  afterAll(async () => server?.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(server.database.db, query))[0]!.n);

  it("tells the teacher on the results page when the results will be deleted", async () => {
    const { teacher, sessionId } = await teacherWithSession(server.url, 1);
    const running = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(running.body.retention).toEqual({ days: 30, deletesAt: null });
    await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
    const ended = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    const endTime = new Date(ended.body.session.endTime).getTime();
    expect(new Date(ended.body.retention.deletesAt).getTime()).toBe(endTime + 30 * DAY);
  });

  it("deletes an ended session's pupils, progress, answers and device ids once the server's retention has passed, and nothing sooner", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Eimear Ní Fhaoláin");
    await pupil.answer(0, CORRECT[0]!);
    const [{ device }] = (await queryRows<{ device: string }>(
      server.database.db,
      sql`select student_id as device from student_progress where id = ${pupil.progressId}`,
    )) as [{ device: string }];
    const live = await teacherWithSession(server.url, 1);
    await joinedStudent(server.url, live.session.groups[0].joinCode, "Oisín");
    await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
    const traces = [sessionId, pupil.progressId, device, "Eimear Ní Fhaoláin", nameKey("Eimear Ní Fhaoláin")];
    expect(
      (await rowsMentioning(server.database.db, traces)).length,
      "the scan finds the pupil before the sweep",
    ).toBeGreaterThan(3);

    // The server's own sweep (RESULTS_RETENTION_DAYS=30), with its clock moved on. 29 days: kept.
    await server.app.sweepRetention(daysOn(29));
    expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.students[0].studentName).toBe(
      "Eimear Ní Fhaoláin",
    );

    // 31 days on: gone, with every child row; the running session is untouched.
    const swept = await server.app.sweepRetention(daysOn(31));
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).status).toBe(404);
    expect(await count(sql`select count(*)::int as n from student_progress where session_id = ${sessionId}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from progress_answers where progress_id = ${pupil.progressId}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from answer_attempts where progress_id = ${pupil.progressId}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from session_names where session_id = ${sessionId}`)).toBe(0);
    // No row of any table still holds the pupil's name (as typed or folded), their device id or their record.
    expect(await rowsMentioning(server.database.db, traces)).toEqual([]);
    expect(
      (await live.teacher.client.get(`/api/sessions/${live.sessionId}/results`)).body.students[0].studentName,
    ).toBe("Oisín");
    // The teacher's game stays: only the children's data goes.
    expect((await teacher.client.get("/api/games")).body.games.length).toBe(1);
  });

  it("judges the cut-off by the database's clock: an app server whose clock is 40 days out sweeps exactly what a right one does (issue 27)", async () => {
    // Two ended sessions: one just now, one 31 days ago by the database's clock (which wrote end_time).
    const recent = await teacherWithSession(server.url, 1);
    await joinedStudent(server.url, recent.session.groups[0].joinCode, "Ríona");
    await recent.teacher.client.post(`/api/sessions/${recent.sessionId}/end`, {});
    const old = await teacherWithSession(server.url, 1);
    await joinedStudent(server.url, old.session.groups[0].joinCode, "Fionn");
    await old.teacher.client.post(`/api/sessions/${old.sessionId}/end`, {});
    await server.database.db.execute(
      sql`update game_sessions set start_time = now() - interval '31 days 1 hour', end_time = now() - interval '31 days' where id = ${old.sessionId}`,
    );
    const exists = async (id: string) =>
      (await count(sql`select count(*)::int as n from game_sessions where id = ${id}`)) === 1;

    // Only this process's clock moves (the database, PostgreSQL or PGlite in its worker thread, keeps its own).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 40 * DAY);
      await server.app.sweepRetention();
      expect(await exists(recent.sessionId), "an app clock 40 days fast deletes nothing early").toBe(true);
      vi.setSystemTime(Date.now() - 80 * DAY);
      await server.app.sweepRetention();
      expect(await exists(old.sessionId), "an app clock 40 days slow still deletes what is due").toBe(false);
      expect(await exists(recent.sessionId)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("applies the server's setting: RESULTS_RETENTION_DAYS=7 keeps results 7 days, and says so", async () => {
    const weekly = await startTestServer({ db, env: { RESULTS_RETENTION_DAYS: "7" } });
    try {
      const { teacher, sessionId, session } = await teacherWithSession(weekly.url, 1);
      await joinedStudent(weekly.url, session.groups[0].joinCode, "Saoirse");
      await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
      const results = await teacher.client.get(`/api/sessions/${sessionId}/results`);
      expect(results.body.retention.days).toBe(7);
      expect(new Date(results.body.retention.deletesAt).getTime()).toBe(
        new Date(results.body.session.endTime).getTime() + 7 * DAY,
      );
      await weekly.app.sweepRetention(daysOn(6.9));
      expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).status).toBe(200);
      await weekly.app.sweepRetention(daysOn(7.1));
      expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).status).toBe(404);
    } finally {
      await weekly.close();
    }
  });

  it("two instances sweeping at once (PostgreSQL: two app instances on one database) delete each expired session exactly once, without waiting or failing", async () => {
    const other =
      db === "postgres"
        ? await startTestServer({ db, shareDatabaseOf: server, env: { RESULTS_RETENTION_DAYS: "30" } })
        : server;
    try {
      const classes = await Promise.all(Array.from({ length: 12 }, () => teacherWithSession(server.url, 1)));
      for (const [i, c] of classes.entries()) {
        await joinedStudent(server.url, c.session.groups[0].joinCode, `Pupil ${i}`);
        await c.teacher.client.post(`/api/sessions/${c.sessionId}/end`, {});
      }
      const ids = classes.map((c) => c.sessionId);
      const later = daysOn(40);
      const expired = await count(
        sql`select count(*)::int as n from game_sessions where status <> 'active' and end_time < now() + interval '10 days'`,
      );
      expect(expired).toBeGreaterThanOrEqual(ids.length);
      // Four sweeps at once, two on each instance, in batches of two so that they overlap.
      const sweeps = await Promise.all(
        [server, other, server, other].map((s) =>
          sweepExpiredData(s.database.db, { retentionDays: 30, aheadMs: later, batch: 2 }),
        ),
      );
      expect(
        sweeps.reduce((n, s) => n + s.sessions, 0),
        "each session deleted once, by one sweep",
      ).toBe(expired);
      expect(
        await count(
          sql`select count(*)::int as n from game_sessions where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      ).toBe(0);
      expect(
        await count(
          sql`select count(*)::int as n from student_progress where session_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      ).toBe(0);
      // Both instances' own scheduled sweeps find nothing left.
      expect((await server.app.sweepRetention(later)).sessions).toBe(0);
      expect((await other.app.sweepRetention(later)).sessions).toBe(0);
    } finally {
      if (other !== server) await other.close();
    }
  });

  it("removes stale anonymous pupil identities left from before device tokens, and no teacher", async () => {
    // A database upgraded from before decision 014's device tokens may still hold pupils as
    // anonymous users: made here as that code made them.
    const made = async (label: string, hoursAgo: number, anonymous: boolean) => {
      const id = `${label}-${Date.now()}`;
      await server.database.db.execute(
        sql`insert into users (id, display_name, email, is_anonymous, role, created_at)
            values (${id}, 'Student', ${`${id}@students.cluehunt.invalid`}, ${anonymous}, ${anonymous ? "student" : "teacher"}, now() - make_interval(hours => ${hoursAgo}))`,
      );
      return id;
    };
    const stale = await made("legacy-pupil", STALE_PUPIL_IDENTITY_HOURS + 1, true);
    const recent = await made("recent-pupil", 1, true);
    const oldTeacher = await made("old-teacher", 24 * 400, false);
    await sweepExpiredData(server.database.db, { retentionDays: 30 });
    expect(await count(sql`select count(*)::int as n from users where id = ${stale}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from users where id = ${recent}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from users where id = ${oldTeacher}`)).toBe(1);
    // Time moved on: the recent one goes too.
    await sweepExpiredData(server.database.db, {
      retentionDays: 30,
      aheadMs: STALE_PUPIL_IDENTITY_HOURS * 60 * 60 * 1000,
    });
    expect(await count(sql`select count(*)::int as n from users where id = ${recent}`)).toBe(0);
  });

  it("tells the privacy page the period the server applies", async () => {
    expect((await new HttpClient(server.url).get("/api/privacy")).body).toEqual({ retentionDays: 30 });
    const shorter = await startTestServer({ db, env: { RESULTS_RETENTION_DAYS: "7" } });
    try {
      expect((await new HttpClient(shorter.url).get("/api/privacy")).body).toEqual({ retentionDays: 7 });
    } finally {
      await shorter.close();
    }
  });

  it("refuses a retention setting that is not a whole number of days", async () => {
    const { loadConfig } = await import("../../src/server/config.ts");
    expect(() => loadConfig({ RESULTS_RETENTION_DAYS: "0" })).toThrow(
      /RESULTS_RETENTION_DAYS: must be a whole number of days from 1 to 3650/,
    );
    expect(loadConfig({}).resultsRetentionDays).toBe(30);
    expect(loadConfig({ RESULTS_RETENTION_DAYS: "7" }).resultsRetentionDays).toBe(7);
  });
});
