/**
 * The first outside security probe (docs/SECURITY.md), replayed against the real server on every database: each
 * test is one attack that got through, and now must not.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPupilDevices, PUPIL_DEVICE_COOKIE } from "../../src/server/auth/pupil-device.ts";
import { queryRows } from "../../src/server/db/client.ts";
import { resolveSessionSecret } from "../../src/server/db/settings.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import {
  BODY_LIMITS,
  JOIN_GUESS_LIMITS,
  LOGOUT_RATE_LIMIT,
  limitMessages,
  PUPIL_SIGN_IN_SECONDS,
  TEACHER_LIMITS,
} from "../../src/server/limits/limits.ts";
import { GAME_LIMITS } from "../../src/shared/games/games.ts";
import { joinedStudent, teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, newMachineAddress } from "../support/http-client.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const FOREIGN = "http://localhost:9"; // same site (localhost), another port: what a hostile page on the LAN is

/** One request written byte for byte over a socket, as an attacker's tool would; the status line back. */
function rawRequest(port: number, text: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: newMachineAddress() }, () =>
      socket.write(text),
    );
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
      if (/\r\n\r\n/.test(received)) socket.end();
    });
    socket.on("close", () => resolve({ status: Number(received.split(" ")[1]), text: received }));
    socket.on("error", reject);
  });
}

describe.each(testDatabaseKinds())("security probe on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);

  describe("1. join-code guessing", () => {
    it("refuses a right code once the address has spent its wrong codes, before looking it up", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const machine = newMachineAddress();
      const statuses: number[] = [];
      // Fresh browsers on one address: the address's allowance is what runs out.
      for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerAddress; i++) {
        const guesser = new HttpClient(server.url, { localAddress: machine });
        statuses.push((await guesser.post("/api/join/lookup", { code: String(100000 + i) })).status);
      }
      expect(statuses.every((s) => s === 404)).toBe(true);
      const lucky = new HttpClient(server.url, { localAddress: machine });
      const right = await lucky.post("/api/join/lookup", { code: session.groups[0].joinCode });
      expect(right.status).toBe(429);
      expect(right.body.error.message).toBe(inEnglish(limitMessages.tooManyWrongCodes));
      expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
      // A pupil elsewhere is not slowed.
      expect((await joinedStudent(server.url, session.groups[0].joinCode, "Elsewhere")).progressId).toBeTruthy();
    });

    it("counts one device's wrong codes across every address it borrows", async () => {
      const { session } = await teacherWithSession(server.url, 2);
      // A device that joined one group, then guesses at codes from one address after another.
      const { client: device } = await joinedStudent(server.url, session.groups[1].joinCode, "Borrower");
      const from = () => {
        const moved = new HttpClient(server.url);
        for (const [k, v] of device.cookies) moved.cookies.set(k, v);
        return moved;
      };
      for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerDevice; i++)
        expect((await from().post("/api/join/lookup", { code: String(300000 + i) })).status).toBe(404);
      const right = await from().post("/api/join/lookup", { code: session.groups[0].joinCode });
      expect(right.status).toBe(429);
    });

    it("lets no more wrong codes through than the allowance, however many are sent at once", async () => {
      const machine = newMachineAddress();
      const guessers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          return new HttpClient(server.url, { localAddress: machine });
        }),
      );
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          guessers[i % 8]!.post("/api/join/lookup", { code: String(400000 + i) }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerAddress);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - JOIN_GUESS_LIMITS.wrongPerAddress);
    });
  });

  describe("2. cross-site writes (CSRF)", () => {
    it("refuses a foreign Origin whatever the spelling of the path", async () => {
      const { teacher, sessionId } = await teacherWithSession(server.url, 1);
      const attacker = new HttpClient(server.url, { origin: FOREIGN });
      for (const [k, v] of teacher.client.cookies) attacker.cookies.set(k, v);
      for (const path of [
        "/%61pi/games",
        "/ap%69/games",
        "/api/%67ames",
        "/API/games",
        "/api//games",
        `/%61pi/sessions/${sessionId}/end`,
        "/api/games/../games",
      ]) {
        const res = await attacker.post(path, threeQuestionGame);
        expect([400, 403], `${path}: ${res.status}`).toContain(res.status);
      }
      expect((await teacher.client.get("/api/games")).body.games).toHaveLength(1);
      expect((await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.status).toBe("active");
    });

    it("checks every unsafe method, not only /api paths", async () => {
      const attacker = new HttpClient(server.url, { origin: FOREIGN });
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await attacker.request(method, "/join", "{}");
        expect(res.status, method).toBe(403);
      }
    });

    it("refuses, over a raw socket, encoded paths and absolute-form targets", async () => {
      const { teacher, sessionId } = await teacherWithSession(server.url, 1);
      const cookie = [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const body = "{}";
      const send = (target: string, origin: string) =>
        rawRequest(
          server.port,
          `POST ${target} HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
      expect((await send(`/%61pi/sessions/${sessionId}/end`, FOREIGN)).status).toBe(400);
      expect((await send(`http://localhost:${server.port}/api/sessions/${sessionId}/end`, FOREIGN)).status).toBe(400);
      // The same absolute-form target is refused even with our own Origin: we are no proxy.
      expect(
        (await send(`http://localhost:${server.port}/api/sessions/${sessionId}/end`, `http://localhost:${server.port}`))
          .status,
      ).toBe(400);
      expect((await send(`/api/sessions/${sessionId}/end`, FOREIGN)).status).toBe(403);
      expect((await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.status).toBe("active");
    });
  });

  describe("8. Host header", () => {
    it("answers only to the hosts it serves (DNS rebinding)", async () => {
      const evil = new HttpClient(server.url, { origin: "http://evil.example" });
      const health = await evil.get("/api/health", { host: "evil.example" });
      expect(health.status).toBe(421);
      expect(health.body.error.message).toBe(inEnglish(limitMessages.hostNotServed));
      expect(
        (
          await evil.post(
            "/api/join",
            { code: "123456", groupId: "00000000-0000-4000-8000-000000000000", name: "Evil" },
            { host: "evil.example" },
          )
        ).status,
      ).toBe(421);
      expect(
        (await evil.post("/api/join/lookup", { code: "123456" }, { host: `evil.example:${server.port}` })).status,
      ).toBe(421);
      for (const host of [
        `localhost:${server.port}`,
        `127.0.0.1:${server.port}`,
        `[::1]:${server.port}`,
        `127.0.0.1`,
      ]) {
        expect((await new HttpClient(server.url).get("/api/health", { host })).status, host).toBe(200);
      }
    });

    it("answers to the hosts ALLOWED_HOSTS adds", async () => {
      const proxied = await startTestServer({ db: "pglite", env: { ALLOWED_HOSTS: "quiz.scoil.ie, 10.9.8.7" } });
      try {
        for (const host of ["quiz.scoil.ie", "QUIZ.scoil.ie:443", "10.9.8.7:3000"])
          expect((await new HttpClient(proxied.url).get("/api/health", { host })).status, host).toBe(200);
        expect((await new HttpClient(proxied.url).get("/api/health", { host: "evil.scoil.ie" })).status).toBe(421);
      } finally {
        await proxied.close();
      }
    });
  });

  describe("7. client addresses", () => {
    it("stores no client-supplied X-Forwarded-For (nor any address) with a session", async () => {
      const spoofed = { "x-forwarded-for": "203.0.113.66" };
      const teacher = new HttpClient(server.url);
      const email = `xff-${Date.now()}@scoil.ie`;
      expect(
        (await teacher.post("/api/auth/signup", { displayName: "X", email, password: "password-123" }, spoofed)).status,
      ).toBe(201);
      expect(
        (await new HttpClient(server.url).post("/api/auth/login", { email, password: "password-123" }, spoofed)).status,
      ).toBe(200);
      const stored = await rows<{ ip_address: string | null }>(
        sql`select s.ip_address from auth_sessions s join users u on u.id = s.user_id where u.email = ${email}`,
      );
      expect(stored).toHaveLength(2);
      for (const row of stored) expect(row.ip_address ?? "").toBe("");
      // A pupil's join stores no session (nor address) at all: the device's identity is its signed cookie.
      const sessionsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from auth_sessions`);
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = new HttpClient(server.url);
      const found = await pupil.post("/api/join/lookup", { code: session.groups[0].joinCode }, spoofed);
      expect(
        (
          await pupil.post(
            "/api/join",
            { code: session.groups[0].joinCode, groupId: found.body.groupId, name: "Spoof" },
            spoofed,
          )
        ).status,
      ).toBe(201);
      const sessionsAfter = await rows<{ n: number }>(sql`select count(*)::int as n from auth_sessions`);
      expect(sessionsAfter[0]!.n).toBe(sessionsBefore[0]!.n + 1);
    });
  });

  describe("4. one teacher's share", () => {
    it("caps the sessions a teacher runs at once, with a clear message", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", threeQuestionGame);
      const ids: string[] = [];
      for (let i = 0; i < TEACHER_LIMITS.activeSessions; i++) {
        const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 6 });
        expect(started.status).toBe(201);
        ids.push(started.body.id);
      }
      const refused = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 6 });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(inEnglish(limitMessages.tooManyActiveSessions));
      expect((await teacher.client.post(`/api/sessions/${ids[0]}/end`, {})).status).toBe(200);
      expect((await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 6 })).status).toBe(201);
    });

    it("caps sessions started at the same moment too", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", threeQuestionGame);
      const statuses = await Promise.all(
        Array.from({ length: TEACHER_LIMITS.activeSessions + 5 }, () =>
          teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(TEACHER_LIMITS.activeSessions);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    });

    it("limits how many sessions a teacher starts in an hour", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", threeQuestionGame);
      for (let i = 0; i < TEACHER_LIMITS.sessionStarts.max; i++) {
        const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
        expect(started.status, started.text).toBe(201);
        expect((await teacher.client.post(`/api/sessions/${started.body.id}/end`, {})).status).toBe(200);
      }
      const refused = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(inEnglish(limitMessages.tooManySessionStarts));
    });

    it("limits how many games a teacher saves in an hour", async () => {
      const teacher = await signedUpTeacher(server.url);
      for (let i = 0; i < TEACHER_LIMITS.gameSaves.max; i++)
        expect((await teacher.client.post("/api/games", threeQuestionGame)).status).toBe(201);
      const refused = await teacher.client.post("/api/games", threeQuestionGame);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(inEnglish(limitMessages.tooManyGameSaves));
      // Another teacher is unaffected.
      expect((await (await signedUpTeacher(server.url)).client.post("/api/games", threeQuestionGame)).status).toBe(201);
    });

    it("keeps each teacher's games within a storage quota", async () => {
      const teacher = await signedUpTeacher(server.url);
      // A teacher who has (nearly) filled the quota: one stored game holding it.
      await rows(
        sql`insert into games (title, description, creator_id) values ('Big', repeat('x', ${TEACHER_LIMITS.storageBytes - 200}), ${teacher.id})`,
      );
      const refused = await teacher.client.post("/api/games", threeQuestionGame);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(inEnglish(limitMessages.storageFull));
      expect(
        (await rows<{ n: number }>(sql`select count(*)::int as n from games where creator_id = ${teacher.id}`))[0]!.n,
      ).toBe(1);
    });
  });

  describe("5. bodies", () => {
    it("gives most routes a body limit of a few KiB", async () => {
      const padding = "x".repeat(BODY_LIMITS.default);
      const signup = await new HttpClient(server.url).post("/api/auth/signup", {
        displayName: "Pad",
        email: `pad-${Date.now()}@scoil.ie`,
        password: "password-123",
        padding,
      });
      expect(signup.status).toBe(413);
      expect((await new HttpClient(server.url).post("/api/auth/logout", { padding })).status).toBe(413);
    });

    it("still takes the largest game a teacher may write", async () => {
      const teacher = await signedUpTeacher(server.url);
      const emoji = (n: number) => "🦊".repeat(n);
      const game = {
        title: emoji(GAME_LIMITS.title),
        description: emoji(GAME_LIMITS.description),
        aiLastUsedContext: emoji(GAME_LIMITS.context),
        questions: Array.from({ length: GAME_LIMITS.maxQuestions }, () => ({
          questionText: emoji(GAME_LIMITS.questionText),
          options: [1, 2, 3, 4].map(() => emoji(GAME_LIMITS.option)),
          correctAnswer: 0,
        })),
      };
      expect(Buffer.byteLength(JSON.stringify(game))).toBeLessThan(BODY_LIMITS.gameSave);
      const saved = await teacher.client.post("/api/games", game);
      expect(saved.status, saved.text.slice(0, 200)).toBe(201);
    });

    it("refuses deeply nested JSON before parsing it, quickly", async () => {
      const deep = `${"[".repeat(BODY_LIMITS.gameSave / 2 - 10)}${"]".repeat(BODY_LIMITS.gameSave / 2 - 10)}`;
      const teacher = await signedUpTeacher(server.url);
      const res = await teacher.client.request("POST", "/api/games", deep);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(inEnglish(limitMessages.bodyTooDeep));
    });

    it("refuses a __proto__ or constructor.prototype key as malformed JSON", async () => {
      const res = await new HttpClient(server.url).request(
        "POST",
        "/api/auth/logout",
        '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/not valid JSON/);
      expect(({} as Record<string, unknown>).role).toBeUndefined();
    });

    it("rate-limits logout per address", async () => {
      const machine = newMachineAddress();
      for (let i = 0; i < LOGOUT_RATE_LIMIT.max; i++)
        expect((await new HttpClient(server.url, { localAddress: machine }).post("/api/auth/logout", {})).status).toBe(
          200,
        );
      expect((await new HttpClient(server.url, { localAddress: machine }).post("/api/auth/logout", {})).status).toBe(
        429,
      );
    });
  });

  describe("6. names", () => {
    it("refuses a name another device already uses in the session, however it is spelled", async () => {
      const { session, sessionId } = await teacherWithSession(server.url, 2);
      const [red, blue] = session.groups;
      await joinedStudent(server.url, red.joinCode, "Aoife");
      for (const [code, name] of [
        [red.joinCode, "Aoife"],
        [blue.joinCode, "aoife"],
        [blue.joinCode, "AOÍFE"],
        [red.joinCode, "\u0410oife"],
        [blue.joinCode, "Ao\u200bife"],
      ] as const) {
        const impostor = new HttpClient(server.url);
        const found = await impostor.post("/api/join/lookup", { code });
        const res = await impostor.post("/api/join", { code, groupId: found.body.groupId, name });
        expect(res.status, name).toBe(409);
        expect(res.body.error).toMatchObject({ code: "name_taken", field: "name" });
        expect(res.body.error.message).toMatch(/^Someone in this game is already called /);
      }
      const rows2 = await rows<{ n: number }>(
        sql`select count(*)::int as n from student_progress where session_id = ${sessionId}`,
      );
      expect(rows2[0]!.n).toBe(1);
      // Another session may have its own Aoife.
      const other = await teacherWithSession(server.url, 1);
      expect((await joinedStudent(server.url, other.session.groups[0].joinCode, "Aoife")).progressId).toBeTruthy();
    });

    it("lets the same device come back under its name in its group, and never as that child in another (decision 048)", async () => {
      const { session } = await teacherWithSession(server.url, 2);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Cian");
      const back = await pupil.client.post("/api/join", {
        code: session.groups[0].joinCode,
        groupId: session.groups[0].id,
        name: "Cian",
      });
      expect(back.status).toBe(200);
      expect(back.body.progressId).toBe(pupil.progressId);
      const found = await pupil.client.post("/api/join/lookup", { code: session.groups[1].joinCode });
      const elsewhere = await pupil.client.post("/api/join", {
        code: session.groups[1].joinCode,
        groupId: found.body.groupId,
        name: "Cian",
      });
      expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([409, "other_group"]);
    });

    it("gives a name to one device only when several ask at the same moment", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const group = session.groups[0];
      const devices = await Promise.all(
        Array.from({ length: 6 }, async () => {
          return new HttpClient(server.url);
        }),
      );
      const statuses = await Promise.all(
        devices.map((d) =>
          d.post("/api/join", { code: group.joinCode, groupId: group.id, name: "Róisín" }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    });

    it("stores a name without its right-to-left override", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Ao\u202eife\u202c");
      expect((await pupil.state()).body.studentName).toBe("Aoife");
    });
  });

  describe("3. live streams", () => {
    it("holds a handful of streams per user; the oldest gives way", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Streamer");
      const streams = [];
      for (let i = 0; i < 10; i++) streams.push(await connectSse(pupil.client, `/api/play/${pupil.progressId}/events`));
      const settled = await Promise.all(
        streams.map((s) =>
          Promise.race([s.closed.then(() => "closed"), new Promise((r) => setTimeout(() => r("open"), 500))]),
        ),
      );
      expect(settled).toEqual([...Array(4).fill("closed"), ...Array(6).fill("open")]);
      streams.forEach((s) => s.close());
    });
  });

  describe("9. a pupil's sign-in", () => {
    it("gives the pupil's device cookie a school day's lifetime, not 30 days, httpOnly and SameSite=Lax", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = new HttpClient(server.url);
      const res = await pupil.post("/api/join", {
        code: session.groups[0].joinCode,
        groupId: session.groups[0].id,
        name: "Day",
      });
      expect(res.status).toBe(201);
      const cookies = res.headers["set-cookie"] ?? [];
      expect(cookies.some((c) => c.startsWith("cluehunt.session_token="))).toBe(false);
      const device = cookies.find((c) => c.startsWith(`${PUPIL_DEVICE_COOKIE}=`));
      expect(device).toMatch(/; HttpOnly/);
      expect(device).toMatch(/; SameSite=Lax/);
      const maxAge = Number(/max-age=(\d+)/i.exec(device!)![1]);
      expect(maxAge).toBeLessThanOrEqual(PUPIL_SIGN_IN_SECONDS);
      expect(maxAge).toBeGreaterThan(PUPIL_SIGN_IN_SECONDS - 60);
    });

    it("no longer signs in a device whose cookie is older than that, nor one the server did not sign", async () => {
      const { session } = await teacherWithSession(server.url, 1);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Yesterday");
      expect((await pupil.state()).status).toBe(200);
      const token = pupil.client.cookies.get(PUPIL_DEVICE_COOKIE)!;
      const [deviceId, issued, signature] = token.split(".");
      const secret = await resolveSessionSecret(server.database.db, undefined);
      // The same device, signed by this server, but issued a school day and a minute ago.
      const past = createPupilDevices(secret, () => (Number(issued) - PUPIL_SIGN_IN_SECONDS - 60) * 1000).issue();
      const stale = past.cookie.split(";")[0]!.split("=")[1]!;
      const reissued = (value: string) => {
        const other = new HttpClient(server.url);
        other.cookies.set(PUPIL_DEVICE_COOKIE, value);
        return other.get(`/api/play/${pupil.progressId}`);
      };
      expect((await reissued(stale)).status).toBe(401);
      // Another device id under this device's signature, or this device with another date, is nobody.
      expect((await reissued(`${past.device.deviceId}.${issued}.${signature}`)).status).toBe(401);
      expect((await reissued(`${deviceId}.${Number(issued) + 1}.${signature}`)).status).toBe(401);
      expect((await reissued(token)).status).toBe(200);
    });
  });
});
