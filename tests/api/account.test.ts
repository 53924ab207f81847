/**
 * The teacher's account page: change name, email (confirmed by a link to the new
 * address), password (current one required, other sessions signed out), sign out everywhere,
 * export everything, delete everything — checked by scanning every table of the database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import type { AccountExport } from "../../src/shared/account/account-contracts.ts";
import { nameKey } from "../../src/shared/text.ts";
import { CORRECT, joinedStudent, teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { rowsMentioning } from "../support/rows-mentioning.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { webpPicture } from "../support/webp-files.ts";

/** A second browser signed in as the same teacher. */
async function secondBrowser(server: TestServer, email: string, password: string) {
  const client = new HttpClient(server.url);
  expect((await client.post("/api/auth/login", { email, password })).status).toBe(200);
  return client;
}

function confirmLinkToken(text: string): string {
  const match = /\/confirm-email\?token=([A-Za-z0-9%_-]+)/.exec(text);
  if (!match) throw new Error(`No confirmation link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

describe.each(testDatabaseKinds())("account page API on %s", (db) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ db, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("keeps the password only scrambled: no row of any table holds it", async () => {
    const t = await signedUpTeacher(server.url, { password: "Glas-Báisteach-2026" });
    expect(await rowsMentioning(server.database.db, [t.password])).toEqual([]);
    const [credential] = await queryRows<{ password: string }>(
      server.database.db,
      sql`select password from auth_accounts where user_id = ${t.id}`,
    );
    expect(credential!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });

  it("changes the display name, refusing an empty one", async () => {
    const t = await signedUpTeacher(server.url, { displayName: "Máire" });
    expect((await t.client.post("/api/account/name", { displayName: "  " })).body.error.message).toBe(
      "Display name is required.",
    );
    const res = await t.client.post("/api/account/name", { displayName: "Máire Ní Bhriain" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your name has been changed.");
    expect((await t.client.get("/api/me")).body.user.displayName).toBe("Máire Ní Bhriain");
  });

  it("changes the email only when the link sent to the new address is opened, once", async () => {
    const t = await signedUpTeacher(server.url);
    const newEmail = `new-${Date.now()}@scoil.ie`;
    expect(
      (await t.client.post("/api/account/email", { newEmail: t.email, currentPassword: t.password })).body.error
        .message,
    ).toBe("This is already your email address.");
    const asked = await t.client.post("/api/account/email", { newEmail, currentPassword: t.password });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(/We sent a link to the new address/);
    // Nothing changed yet.
    expect((await t.client.get("/api/me")).body.user.email).toBe(t.email);
    const mail = await smtp.waitFor(newEmail);
    const token = confirmLinkToken(mail.text);
    // The address in use is told, with no confirmation link in it: only the link that undoes the change (decision 030).
    const notice = await smtp.waitFor(t.email);
    expect(notice.text).toContain(`asked to change its email address to ${newEmail}`);
    expect(notice.text).not.toMatch(/confirm-email\?token=/);
    expect(notice.text).toMatch(/\/undo-email-change\?token=/);
    const anyone = new HttpClient(server.url);
    expect((await anyone.post("/api/account/email/confirm", { token: "not-our-token" })).body.error.message).toMatch(
      /invalid or has expired/,
    );
    const confirmed = await anyone.post("/api/account/email/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe("Your email address has been changed.");
    expect((await t.client.get("/api/me")).body.user.email).toBe(newEmail);
    expect((await anyone.post("/api/account/email/confirm", { token })).status).toBe(400);
    expect(
      (await new HttpClient(server.url).post("/api/auth/login", { email: newEmail, password: t.password })).status,
    ).toBe(200);
    expect(
      (await new HttpClient(server.url).post("/api/auth/login", { email: t.email, password: t.password })).status,
    ).toBe(401);
  });

  it.each(["password change", "sign out everywhere", "password reset"])(
    "a %s cancels a pending email change (asked for, perhaps, by whoever else was signed in)",
    async (how) => {
      const t = await signedUpTeacher(server.url);
      const wanted = `stolen-${Date.now()}@scoil.ie`;
      expect(
        (await t.client.post("/api/account/email", { newEmail: wanted, currentPassword: t.password })).status,
      ).toBe(200);
      const token = confirmLinkToken((await smtp.waitFor(wanted)).text);
      const owner = await secondBrowser(server, t.email, t.password);
      if (how === "password change")
        expect(
          (await owner.post("/api/account/password", { currentPassword: t.password, newPassword: "taken-back-789" }))
            .status,
        ).toBe(200);
      else if (how === "sign out everywhere")
        expect((await owner.post("/api/account/sign-out-everywhere", {})).status).toBe(200);
      else {
        expect((await new HttpClient(server.url).post("/api/auth/forgot-password", { email: t.email })).status).toBe(
          200,
        );
        // The address in use already had the change's notice: wait for the reset link itself.
        let reset: string | undefined;
        for (let i = 0; i < 50 && !reset; i++) {
          reset = smtp.received
            .filter((m) => m.to.includes(t.email))
            .map((m) => /\/reset-password\?token=([A-Za-z0-9%_-]+)/.exec(m.text)?.[1])
            .find(Boolean);
          if (!reset) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(
          (
            await new HttpClient(server.url).post("/api/auth/reset-password", {
              token: decodeURIComponent(reset!),
              password: "taken-back-790",
            })
          ).status,
        ).toBe(200);
      }
      expect((await new HttpClient(server.url).post("/api/account/email/confirm", { token })).status).toBe(400);
      const [row] = await queryRows<{ email: string }>(
        server.database.db,
        sql`select email from users where id = ${t.id}`,
      );
      expect(row!.email).toBe(t.email);
    },
  );

  it("refuses to confirm an address another account took meanwhile", async () => {
    const t = await signedUpTeacher(server.url);
    const wanted = `wanted-${Date.now()}@scoil.ie`;
    await t.client.post("/api/account/email", { newEmail: wanted, currentPassword: t.password });
    const token = confirmLinkToken((await smtp.waitFor(wanted)).text);
    await signedUpTeacher(server.url, { email: wanted });
    const res = await new HttpClient(server.url).post("/api/account/email/confirm", { token });
    expect(res.status).toBe(409);
    expect((await t.client.get("/api/me")).body.user.email).toBe(t.email);
  });

  it("changes the password only with the current one, and signs out every other session at once", async () => {
    const t = await signedUpTeacher(server.url);
    const other = await secondBrowser(server, t.email, t.password);
    expect((await other.get("/api/games")).status).toBe(200);
    const wrong = await t.client.post("/api/account/password", {
      currentPassword: "not-the-password",
      newPassword: "new-password-456",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Your current password is not correct.");
    expect((await other.get("/api/games")).status).toBe(200);
    const changed = await t.client.post("/api/account/password", {
      currentPassword: t.password,
      newPassword: "new-password-456",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toMatch(/signed out everywhere else/);
    expect((await t.client.get("/api/games")).status).toBe(200);
    expect((await other.get("/api/games")).status).toBe(401);
    expect(
      (await new HttpClient(server.url).post("/api/auth/login", { email: t.email, password: "new-password-456" }))
        .status,
    ).toBe(200);
  });

  it("signs out everywhere, this browser included", async () => {
    const t = await signedUpTeacher(server.url);
    const other = await secondBrowser(server, t.email, t.password);
    const res = await t.client.post("/api/account/sign-out-everywhere", {});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("You have been signed out everywhere.");
    expect((await other.get("/api/games")).status).toBe(401);
    expect((await t.client.get("/api/me")).body.user).toBeNull();
  });

  it("exports everything of the account as one JSON file: games, pictures, sessions with their class lists and questions, every pupil's answers and tries", async () => {
    const { teacher, sessionId, session, gameId } = await teacherWithSession(server.url, 1);
    const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Caoimhe");
    await pupil.answer(0, (CORRECT[0]! + 1) % 4);
    await pupil.answer(0, CORRECT[0]!);
    await teacher.client.post(`/api/sessions/${sessionId}/end`, {});
    const listed = await teacher.client.post("/api/sessions", {
      gameId,
      groupCount: 1,
      classList: "Aoife\nBrían Ó Dálaigh",
    });
    expect(listed.status).toBe(201);
    const picture = await teacher.client.request("POST", "/api/images", webpPicture(320, 240), {
      "content-type": "image/webp",
    });
    expect(picture.status).toBe(201);
    await teacher.client.request("PUT", `/api/games/${gameId}/share`);

    const res = await teacher.client.get("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="cluehunt-account-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.body as AccountExport;
    expect(data.account).toMatchObject({
      email: teacher.email,
      displayName: expect.any(String),
      emailVerified: expect.any(Boolean),
    });
    expect(data.pictures.map((p) => p.address)).toEqual([`/api/images/${picture.body.id}`]);
    expect(data.games[0]!.title).toBe(threeQuestionGame.title);
    expect(data.games[0]!.questions).toHaveLength(3);
    expect(data.games[0]!.shareLink).toMatch(/^\/shared\/[A-Za-z0-9_-]+$/);
    const played = data.sessions.find((s) => s.id === sessionId)!;
    expect(played.questions.map((q) => q.questionText)).toEqual(threeQuestionGame.questions.map((q) => q.questionText));
    expect(played.classList).toBeNull();
    expect(played.groups).toEqual([
      { group: session.groups[0].groupIdentifier, joinCode: session.groups[0].joinCode, gameId },
    ]);
    // The games its groups played: here the one it was started from.
    expect(played.games.map((g) => [g.id, g.title, g.questions.length])).toEqual([
      [gameId, threeQuestionGame.title, 3],
    ]);
    expect(played.pupils[0]!.name).toBe("Caoimhe");
    expect(played.pupils[0]!.gameId).toBe(gameId);
    expect(played.pupils[0]!.answers[0]).toMatchObject({
      questionIndex: 0,
      selectedOption: CORRECT[0],
      isCorrect: true,
      attempts: 2,
    });
    expect(played.pupils[0]!.answers[0]!.tries.map((t) => [t.selectedOption, t.isCorrect])).toEqual([
      [(CORRECT[0]! + 1) % 4, false],
      [CORRECT[0], true],
    ]);
    expect(data.sessions.find((s) => s.id === listed.body.id)!.classList).toEqual(["Aoife", "Brían Ó Dálaigh"]);
    // Nothing of the password or sessions.
    expect(res.text).not.toMatch(/password|token|scrypt/i);
    // Every pupil name stored for this teacher is in the file.
    const names = await queryRows<{ name: string }>(
      server.database.db,
      sql`select p.student_name as name from student_progress p join game_sessions s on s.id = p.session_id where s.host_teacher_id = ${teacher.id}`,
    );
    for (const { name } of names) expect(res.text).toContain(name);
  });

  it("deletes the account only with the email typed (and the password), and then no row of any table names the teacher or their pupils; other teachers keep everything", async () => {
    const keeper = await teacherWithSession(server.url, 1);
    const keeperPupil = await joinedStudent(server.url, keeper.session.groups[0].joinCode, "Róisín");
    await keeperPupil.answer(0, CORRECT[0]!);

    const leaver = await teacherWithSession(server.url, 2);
    const pupils = [
      await joinedStudent(server.url, leaver.session.groups[0].joinCode, "Dervla Quinlivan"),
      await joinedStudent(server.url, leaver.session.groups[1].joinCode, "Fiachra Ó Maoldomhnaigh"),
    ];
    for (const p of pupils) await p.answer(0, (CORRECT[0]! + 1) % 4);
    // A third pupil the teacher removed: only a tombstone and the device identity are left of them.
    const removed = await joinedStudent(server.url, leaver.session.groups[0].joinCode, "Gráinne Removed");
    const [{ device: removedDevice }] = (await queryRows<{ device: string }>(
      server.database.db,
      sql`select student_id as device from student_progress where id = ${removed.progressId}`,
    )) as [{ device: string }];
    expect(
      (await leaver.teacher.client.request("DELETE", `/api/sessions/${leaver.sessionId}/pupils/${removed.progressId}`))
        .status,
    ).toBe(200);
    await leaver.teacher.client.post(`/api/sessions/${leaver.sessionId}/end`, {});
    // The rerun has a class list: names of pupils who never joined are the teacher's data too.
    const rerun = await leaver.teacher.client.post("/api/sessions", {
      gameId: leaver.gameId,
      groupCount: 1,
      classList: "Éabha Listed-Only\nDervla Quinlivan",
    });
    expect(rerun.status).toBe(201);
    // A game with a picture: the picture is the teacher's too.
    const picture = await leaver.teacher.client.request("POST", "/api/images", webpPicture(320, 240), {
      "content-type": "image/webp",
    });
    expect(picture.status).toBe(201);
    const pictured = await leaver.teacher.client.post("/api/games", {
      ...threeQuestionGame,
      title: "Leaver's pictured quiz",
      questions: threeQuestionGame.questions.map((q, i) =>
        i === 0 ? { ...q, imageId: picture.body.id as string, imageAlt: "A bowl of apples" } : q,
      ),
    });
    expect(pictured.status).toBe(201);
    // Pending tokens of theirs: a password reset and an email change.
    await new HttpClient(server.url).post("/api/auth/forgot-password", { email: leaver.teacher.email });
    await leaver.teacher.client.post("/api/account/email", {
      newEmail: `leaver-new-${Date.now()}@scoil.ie`,
      currentPassword: leaver.teacher.password,
    });
    const otherBrowser = await secondBrowser(server, leaver.teacher.email, leaver.teacher.password);
    const name = (await leaver.teacher.client.get("/api/me")).body.user.displayName as string;
    const needles = [
      picture.body.id as string,
      pictured.body.id as string,
      leaver.teacher.id,
      leaver.teacher.email,
      name,
      leaver.gameId,
      leaver.sessionId,
      rerun.body.id,
      "Dervla Quinlivan",
      "Fiachra Ó Maoldomhnaigh",
      ...pupils.map((p) => p.progressId),
    ];
    const pupilIds = await queryRows<{ student_id: string }>(
      server.database.db,
      sql`select student_id from student_progress where session_id = ${leaver.sessionId}`,
    );
    needles.push(...pupilIds.map((r) => r.student_id), removedDevice, "Éabha Listed-Only");
    // Names are also stored folded (session_names.name_key: case, accents and look-alikes folded).
    needles.push(
      ...["Dervla Quinlivan", "Fiachra Ó Maoldomhnaigh", "Gráinne Removed", "Éabha Listed-Only", name].map(nameKey),
    );
    expect(
      (await rowsMentioning(server.database.db, needles)).length,
      "the scan finds the data before deletion",
    ).toBeGreaterThan(5);
    const keeperBefore = await rowsMentioning(server.database.db, [keeper.teacher.id, "Róisín", keeper.sessionId]);

    const refused = await leaver.teacher.client.post("/api/account/delete", {
      confirmation: "delete",
      currentPassword: leaver.teacher.password,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Type your email address exactly as shown to delete your account.");
    expect((await leaver.teacher.client.get(`/api/sessions/${leaver.sessionId}/results`)).status).toBe(200);

    const deleted = await leaver.teacher.client.post("/api/account/delete", {
      confirmation: leaver.teacher.email.toUpperCase(),
      currentPassword: leaver.teacher.password,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Your account and everything in it have been deleted.");
    expect(await rowsMentioning(server.database.db, needles)).toEqual([]);
    expect((await leaver.teacher.client.get("/api/me")).body.user).toBeNull();
    expect((await otherBrowser.get("/api/games")).status).toBe(401);
    expect(
      (
        await new HttpClient(server.url).post("/api/auth/login", {
          email: leaver.teacher.email,
          password: leaver.teacher.password,
        })
      ).status,
    ).toBe(401);
    // The pupils of the still-running session are told it ended.
    expect((await pupils[0]!.state()).status).toBeGreaterThanOrEqual(400);

    expect(await rowsMentioning(server.database.db, [keeper.teacher.id, "Róisín", keeper.sessionId])).toEqual(
      keeperBefore,
    );
    const results = await keeper.teacher.client.get(`/api/sessions/${keeper.sessionId}/results`);
    expect(results.body.students.map((s: { studentName: string }) => s.studentName)).toEqual(["Róisín"]);
  });
});
