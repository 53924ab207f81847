import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { resetLinkIn, startSmtpSink } from "../support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@school.ie`;

describe.each(testDatabaseKinds())("auth API on %s", (db) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // internal-name: the host name a proxy in front uses for this server (declared, as it must be).
    server = await startTestServer({ db, env: { SMTP_URL: smtp.url, ALLOWED_HOSTS: "internal-name" } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const client = () => new HttpClient(server.url);
  async function signedUpTeacher(password = "correct-horse-1") {
    const c = client();
    const email = uniqueEmail("teacher");
    const res = await c.post("/api/auth/signup", { displayName: "Siobhán Ní Bhriain", email, password });
    expect(res.status).toBe(201);
    return { c, email, password, user: res.body.user };
  }

  describe("signup", () => {
    it("creates a teacher, signs them in with an httpOnly SameSite cookie, and stores role 'teacher'", async () => {
      const c = client();
      const email = uniqueEmail("Signup");
      const res = await c.post("/api/auth/signup", {
        displayName: "  Seán Ó Briain ",
        email: email.toUpperCase(),
        password: "abcdefgh",
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        displayName: "Seán Ó Briain",
        email: email.toLowerCase(),
        role: "teacher",
        isAnonymous: false,
      });
      const cookie = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("cluehunt.session_token="));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);

      const me = await c.get("/api/me");
      expect(me.body.user).toMatchObject({ email: email.toLowerCase(), role: "teacher" });
      const rows = await queryRows(
        server.database.db,
        sql`select role, display_name from users where email = ${email.toLowerCase()}`,
      );
      expect(rows[0]).toEqual({ role: "teacher", display_name: "Seán Ó Briain" });
    });

    it("refuses an email that already has an account, whatever its case", async () => {
      const { email } = await signedUpTeacher();
      const res = await client().post("/api/auth/signup", {
        displayName: "Other",
        email: email.toUpperCase(),
        password: "another-password",
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe("An account with this email already exists");
    });

    it.each([
      [{ email: "a@b.ie", password: "abcdefgh" }, "Display name is required."],
      [{ displayName: "   ", email: "a@b.ie", password: "abcdefgh" }, "Display name is required."],
      [{ displayName: "A", password: "abcdefgh" }, "Email is required."],
      [{ displayName: "A", email: "not-an-email", password: "abcdefgh" }, "Please enter a valid email address."],
      [{ displayName: "A", email: "a@b.ie" }, "Password is required."],
      [{ displayName: "A", email: "a@b.ie", password: "short" }, "Password is too short: use at least 8 characters."],
      [
        { displayName: "A", email: "a@b.ie", password: "x".repeat(129) },
        "Password is too long: use at most 128 characters.",
      ],
      [{ displayName: 42, email: "a@b.ie", password: "abcdefgh" }, "Display name is required."],
    ])("rejects %j with a clear message", async (body, message) => {
      const res = await client().post("/api/auth/signup", body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    });

    it("never lets a client choose its own role", async () => {
      const c = client();
      const res = await c.post("/api/auth/signup", {
        displayName: "Sneaky",
        email: uniqueEmail("role"),
        password: "abcdefgh",
        role: "admin",
      });
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe("teacher");
    });
  });

  describe("login and logout", () => {
    it("logs in with the right password and out again", async () => {
      const { email, password } = await signedUpTeacher();
      const c = client();
      expect((await c.get("/api/me")).body.user).toBeNull();
      const res = await c.post("/api/auth/login", { email, password });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(email);
      expect((await c.get("/api/me")).body.user.role).toBe("teacher");

      const out = await c.post("/api/auth/logout", {});
      expect(out.status).toBe(200);
      expect((await c.get("/api/me")).body.user).toBeNull();
    });

    it("says 'Invalid email or password' for a wrong password and for an unknown email alike", async () => {
      const { email } = await signedUpTeacher();
      const wrong = await client().post("/api/auth/login", { email, password: "not-the-password" });
      const unknown = await client().post("/api/auth/login", {
        email: uniqueEmail("nobody"),
        password: "whatever-123",
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: { code: "invalid_credentials", message: "Invalid email or password", key: "auth.invalidCredentials" },
        });
      }
    });

    it("never puts a password hash or session token in a response body", async () => {
      const { c, email, password } = await signedUpTeacher("secret-password-9");
      const bodies = [(await c.post("/api/auth/login", { email, password })).text, (await c.get("/api/me")).text];
      for (const text of bodies) {
        expect(text).not.toMatch(/password|token|secret-password-9|\$scrypt|:[0-9a-f]{32}/i);
      }
    });
  });

  describe("password reset", () => {
    it("emails a one-hour, single-use link that sets a new password and signs the teacher in", async () => {
      const { email, password } = await signedUpTeacher();
      const res = await client().post("/api/auth/forgot-password", { email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Password reset email sent. Check your inbox.");

      const mail = await smtp.waitFor(email);
      const link = new URL(resetLinkIn(mail));
      expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
      const token = link.searchParams.get("token")!;
      const [expiry] = await queryRows<{ seconds: string }>(
        server.database.db,
        sql`select extract(epoch from expires_at - now()) as seconds from auth_verifications where identifier = ${`reset-password:${token}`}`,
      );
      expect(Number(expiry!.seconds)).toBeGreaterThan(3590);
      expect(Number(expiry!.seconds)).toBeLessThanOrEqual(3600);

      const browser = client();
      const reset = await browser.post("/api/auth/reset-password", { token, password: "brand-new-password" });
      expect(reset.status).toBe(200);
      expect((await browser.get("/api/me")).body.user.email).toBe(email);

      const again = await client().post("/api/auth/reset-password", { token, password: "another-new-password" });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe(
        "This password reset link is invalid or has expired. Please request a new one.",
      );

      expect((await client().post("/api/auth/login", { email, password })).status).toBe(401);
      expect((await client().post("/api/auth/login", { email, password: "brand-new-password" })).status).toBe(200);
    });

    it("refuses an expired link", async () => {
      const { email } = await signedUpTeacher();
      await client().post("/api/auth/forgot-password", { email });
      const token = new URL(resetLinkIn(await smtp.waitFor(email))).searchParams.get("token")!;
      await server.database.db.execute(
        sql`update auth_verifications set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`,
      );
      const res = await client().post("/api/auth/reset-password", { token, password: "brand-new-password" });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_token");
    });

    it("answers the same for an unregistered email and sends nothing", async () => {
      const nobody = uniqueEmail("nobody");
      const res = await client().post("/api/auth/forgot-password", { email: nobody });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Password reset email sent. Check your inbox.");
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received.some((m) => m.to.includes(nobody))).toBe(false);
    });

    it("refuses a made-up token and a too-short new password", async () => {
      const made = await client().post("/api/auth/reset-password", {
        token: "x".repeat(24),
        password: "brand-new-password",
      });
      expect(made.status).toBe(400);
      const short = await client().post("/api/auth/reset-password", { token: "x".repeat(24), password: "short" });
      expect(short.body.error.message).toBe("Password is too short: use at least 8 characters.");
    });
  });

  describe("students", () => {
    it("has no anonymous sign-in any more: a pupil's device signs in by joining, with no account (decision 014)", async () => {
      expect((await client().post("/api/auth/student", {})).status).toBe(404);
      const { session } = await teacherWithSession(server.url, 1);
      const before = await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from users`);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Cara");
      expect(
        (await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from users`))[0]!.n,
      ).toBe(before[0]!.n);
      // The device is shown as the anonymous student it stands for, never as a teacher.
      expect((await pupil.client.get("/api/me")).body.user).toMatchObject({
        role: "student",
        isAnonymous: true,
        email: null,
      });
      expect((await pupil.client.get("/api/games")).status).toBe(403);
    });

    it("does not sign a teacher out to make them a pupil", async () => {
      const { c, email } = await signedUpTeacher();
      const { session } = await teacherWithSession(server.url, 1);
      const group = session.groups[0];
      for (const res of [
        await c.post("/api/join/lookup", { code: group.joinCode }),
        await c.post("/api/join", { code: group.joinCode, groupId: group.id, name: "Múinteoir" }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe(
          "You are logged in as a teacher. Log out, or use another browser window, to join as a student.",
        );
      }
      // A pupil's play routes say so too, by a key of the pupil's catalogue (the play page loads no other).
      const play = await c.get("/api/play/00000000-0000-4000-8000-000000000000");
      expect(play.status).toBe(403);
      expect(play.body.error).toMatchObject({
        key: "pupil.play.teacherCannotPlay",
        message: "Teachers cannot join as students. Use another browser window to try your game.",
      });
      expect((await c.get("/api/me")).body.user.email).toBe(email);
    });
  });

  describe("cross-site requests", () => {
    it("refuses writes without an Origin, or from another site", async () => {
      const body = { displayName: "X", email: uniqueEmail("csrf"), password: "abcdefgh" };
      const none = await new HttpClient(server.url, { origin: null }).post("/api/auth/signup", body);
      const evil = await new HttpClient(server.url, { origin: "https://evil.example" }).post("/api/auth/signup", body);
      expect(none.status).toBe(403);
      expect(evil.status).toBe(403);
      expect(evil.body.error.message).toMatch(/Origin/);
    });

    it("accepts a page served at APP_URL, reaching the server through a proxy under another host name", async () => {
      const res = await new HttpClient(server.url, { origin: server.url }).post(
        "/api/auth/signup",
        { displayName: "Proxy", email: uniqueEmail("proxy"), password: "abcdefgh" },
        { host: "internal-name:8080" },
      );
      expect(res.status).toBe(201);
    });

    it("sends security headers with a content security policy", async () => {
      const res = await client().get("/api/me");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cache-control"]).toBe("no-store");
    });

    it("accepts the app opened at another address of this machine", async () => {
      const lan = new HttpClient(`http://127.0.0.1:${server.port}`);
      const res = await lan.post("/api/auth/signup", {
        displayName: "LAN",
        email: uniqueEmail("lan"),
        password: "abcdefgh",
      });
      expect(res.status).toBe(201);
    });
  });

  describe("bad requests", () => {
    it("answers malformed JSON and unknown API paths with clear JSON errors", async () => {
      const bad = await client().request("POST", "/api/auth/login", "{not json");
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe("The request body is not valid JSON.");
      const missing = await client().get("/api/no-such-thing");
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
      const huge = await client().request(
        "POST",
        "/api/auth/login",
        JSON.stringify({ email: "a@b.ie", password: "x".repeat(2 * 1024 * 1024) }),
      );
      expect(huge.status).toBe(413);
    });
  });

  it("keeps updated_at true on every update, raw SQL included", async () => {
    const { email } = await signedUpTeacher();
    const updatedAt = async () => {
      const [row] = await queryRows<{ updated_at: string | Date }>(
        server.database.db,
        sql`select updated_at from users where email = ${email}`,
      );
      return new Date(row!.updated_at).getTime();
    };
    const before = await updatedAt();
    await new Promise((r) => setTimeout(r, 20));
    await server.database.db.execute(sql`update users set display_name = 'Renamed' where email = ${email}`);
    expect(await updatedAt()).toBeGreaterThan(before);
  });
});
