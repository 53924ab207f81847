/**
 * The round-three security probe's account findings, on both databases: a borrowed signed-in browser cannot take the
 * account (the current password for an email change and deletion; the notice's undo link,
 * decision 030); reset links end with every pending change; a pupil's made-up logins on the
 * school's address lock no teacher out, and signed-out calls spend none of her account page's
 * allowance; two confirmations of one address at once answer 409, and the log holds no value
 * of the query.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { loggableError } from "../../src/server/http/error-log.ts";
import { LOGIN_FAILURES, perTeacher } from "../../src/server/limits/auth-rate-limits.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, newMachineAddress } from "../support/http-client.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
let counter = 0;
const fresh = (what: string) => `${what}-${Date.now()}-${++counter}@scoil.ie`;

describe.each(testDatabaseKinds())(
  "a teacher's account against a borrowed sign-in, and her school's address, on %s",
  (db) => {
    let server: TestServer;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    const logs: string[] = [];
    /** Tokens a test already took from the sink. */
    const taken = new Set<string>();

    beforeAll(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        db,
        env: { SMTP_URL: smtp.url },
        appOptions: { logger: { level: "info", stream: { write: (line: string) => logs.push(line) } } },
      });
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    /** The newest link's token of this kind in an email to `address`, waiting for one not taken yet. */
    async function linkTo(
      address: string,
      kind: "confirm-email" | "undo-email-change" | "reset-password",
    ): Promise<string> {
      const pattern = new RegExp(`/${kind}\\?token=([A-Za-z0-9%_-]+)`);
      for (let i = 0; i < 100; i++) {
        const found = smtp.received
          .filter((m) => m.to.includes(address))
          .map((m) => pattern.exec(m.text)?.[1])
          .filter((token): token is string => Boolean(token))
          .map(decodeURIComponent)
          .find((token) => !taken.has(token));
        if (found) {
          taken.add(found);
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No new ${kind} link to ${address}`);
    }

    const anyone = () => new HttpClient(server.url);
    const emailOf = async (id: string) =>
      (await queryRows<{ email: string }>(server.database.db, sql`select email from users where id = ${id}`))[0]?.email;

    it("asks for the current password to change the email or delete the account, and counts wrong ones per teacher", async () => {
      const t = await signedUpTeacher(server.url);
      const intruder = fresh("intruder");
      const missing = await t.client.post("/api/account/email", { newEmail: intruder });
      expect([missing.status, missing.body.error.field, missing.body.error.message]).toEqual([
        400,
        "currentPassword",
        "Enter your current password.",
      ]);
      const wrong = await t.client.post("/api/account/email", {
        newEmail: intruder,
        currentPassword: "not-her-password",
      });
      expect([wrong.status, wrong.body.error.code, wrong.body.error.message]).toEqual([
        400,
        "wrong_password",
        "Your current password is not correct.",
      ]);

      const noPassword = await t.client.post("/api/account/delete", { confirmation: t.email });
      expect([noPassword.status, noPassword.body.error.field]).toEqual([400, "currentPassword"]);
      const wrongDelete = await t.client.post("/api/account/delete", {
        confirmation: t.email,
        currentPassword: "not-her-password",
      });
      expect([wrongDelete.status, wrongDelete.body.error.code]).toEqual([400, "wrong_password"]);
      expect((await t.client.get("/api/games")).status).toBe(200);

      // Wrong passwords are counted together on every form of the page, per teacher.
      for (let used = 2; used < perTeacher.wrongPasswords.max; used++) {
        const res = await t.client.post("/api/account/password", {
          currentPassword: `guess-${used}`,
          newPassword: "taken-over-123",
        });
        expect(res.body.error.code).toBe("wrong_password");
      }
      const stopped = await t.client.post("/api/account/email", { newEmail: intruder, currentPassword: t.password });
      expect([stopped.status, stopped.body.error.message]).toEqual([429, TOO_MANY]);
      expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);
      // Another teacher, on the same machine even, is not affected.
      const other = await signedUpTeacher(server.url);
      expect(
        (
          await other.client.post("/api/account/email", {
            newEmail: fresh("other-new"),
            currentPassword: other.password,
          })
        ).status,
      ).toBe(200);

      expect(await emailOf(t.id)).toBe(t.email);
      expect(smtp.received.filter((m) => m.to.includes(intruder))).toEqual([]);
    });

    it("a right password moves nothing until confirmed, and deletes only with the email typed too", async () => {
      const t = await signedUpTeacher(server.url);
      expect(
        (await t.client.post("/api/account/delete", { confirmation: "delete", currentPassword: t.password })).body.error
          .code,
      ).toBe("confirmation_mismatch");
      const deleted = await t.client.post("/api/account/delete", {
        confirmation: t.email,
        currentPassword: t.password,
      });
      expect(deleted.status).toBe(200);
      expect(await emailOf(t.id)).toBeUndefined();
      // Nothing of the teacher is left in the limit counters either (PostgreSQL keeps them as rows).
      const left = await queryRows<{ key: string }>(
        server.database.db,
        sql`select key from limit_counters where key like ${`%${t.id}%`}`,
      );
      expect(left).toEqual([]);
    });

    it("undoes a pending change from the link in the notice to the address in use: the change is cancelled and every sign-in ends", async () => {
      const t = await signedUpTeacher(server.url);
      const elsewhere = await anyone().post("/api/auth/login", { email: t.email, password: t.password });
      expect(elsewhere.status).toBe(200);
      const intruder = fresh("intruder");
      expect(
        (await t.client.post("/api/account/email", { newEmail: intruder, currentPassword: t.password })).status,
      ).toBe(200);
      const confirm = await linkTo(intruder, "confirm-email");
      const undo = await linkTo(t.email, "undo-email-change");

      const undone = await anyone().post("/api/account/email/undo", { token: undo });
      expect(undone.status).toBe(200);
      expect(undone.body.message).toMatch(
        /^The email change was cancelled, and everyone signed in to your account has been signed out\./,
      );
      expect((await t.client.get("/api/games")).status).toBe(401);
      expect((await anyone().post("/api/account/email/confirm", { token: confirm })).status).toBe(400);
      const again = await anyone().post("/api/account/email/undo", { token: undo });
      expect([again.status, again.body.error.message]).toEqual([
        400,
        "This link is invalid, has expired or was already used.",
      ]);
      expect(await emailOf(t.id)).toBe(t.email);
      expect((await anyone().post("/api/auth/login", { email: t.email, password: t.password })).status).toBe(200);
    });

    it("moves a changed account back to the old address, ends the sign-ins and reset links of whoever moved it, and sends the old address a link to choose a password", async () => {
      const t = await signedUpTeacher(server.url);
      const intruder = fresh("intruder");
      expect(
        (await t.client.post("/api/account/email", { newEmail: intruder, currentPassword: t.password })).status,
      ).toBe(200);
      expect(
        (await anyone().post("/api/account/email/confirm", { token: await linkTo(intruder, "confirm-email") })).status,
      ).toBe(200);
      expect(await emailOf(t.id)).toBe(intruder);
      // The intruder asks for a reset link to their own mailbox, to set a password of their own.
      expect((await anyone().post("/api/auth/forgot-password", { email: intruder })).status).toBe(200);
      const intrudersReset = await linkTo(intruder, "reset-password");

      const undone = await anyone().post("/api/account/email/undo", {
        token: await linkTo(t.email, "undo-email-change"),
      });
      expect(undone.status).toBe(200);
      expect(undone.body.message).toMatch(/^Your account is back at this email address/);
      expect(await emailOf(t.id)).toBe(t.email);
      expect((await t.client.get("/api/me")).body.user).toBeNull();
      expect(
        (await anyone().post("/api/auth/reset-password", { token: intrudersReset, password: "intruders-own-1" }))
          .status,
      ).toBe(400);
      expect((await anyone().post("/api/auth/login", { email: intruder, password: t.password })).status).toBe(401);
      // The password may have been the intruder's: it no longer works, and the teacher chooses a new one.
      expect((await anyone().post("/api/auth/login", { email: t.email, password: t.password })).status).toBe(401);
      const reset = await anyone().post("/api/auth/reset-password", {
        token: await linkTo(t.email, "reset-password"),
        password: "hers-again-456",
      });
      expect(reset.status).toBe(200);
      expect(reset.body.user.email).toBe(t.email);
    });

    it("lets the first address of a chain of changes take the account back, and no later one", async () => {
      const t = await signedUpTeacher(server.url);
      const [first, second] = [fresh("moved-once"), fresh("moved-twice")];
      expect((await t.client.post("/api/account/email", { newEmail: first, currentPassword: t.password })).status).toBe(
        200,
      );
      expect(
        (await anyone().post("/api/account/email/confirm", { token: await linkTo(first, "confirm-email") })).status,
      ).toBe(200);
      const signedIn = new HttpClient(server.url);
      expect((await signedIn.post("/api/auth/login", { email: first, password: t.password })).status).toBe(200);
      expect(
        (await signedIn.post("/api/account/email", { newEmail: second, currentPassword: t.password })).status,
      ).toBe(200);
      expect(
        (await anyone().post("/api/account/email/confirm", { token: await linkTo(second, "confirm-email") })).status,
      ).toBe(200);
      const teachersUndo = await linkTo(t.email, "undo-email-change");
      const intrudersUndo = await linkTo(first, "undo-email-change");

      expect((await anyone().post("/api/account/email/undo", { token: teachersUndo })).status).toBe(200);
      expect(await emailOf(t.id)).toBe(t.email);
      // The undo link sent to the first new address ended with it.
      expect((await anyone().post("/api/account/email/undo", { token: intrudersUndo })).status).toBe(400);
      expect(await emailOf(t.id)).toBe(t.email);
    });

    it("still ends every sign-in when the old address was taken by another account meanwhile, and says why it cannot move back", async () => {
      const t = await signedUpTeacher(server.url);
      const intruder = fresh("intruder");
      expect(
        (await t.client.post("/api/account/email", { newEmail: intruder, currentPassword: t.password })).status,
      ).toBe(200);
      expect(
        (await anyone().post("/api/account/email/confirm", { token: await linkTo(intruder, "confirm-email") })).status,
      ).toBe(200);
      // A throw-away sign-up holds the old address, to keep the account from coming back.
      await signedUpTeacher(server.url, { email: t.email });
      const undone = await anyone().post("/api/account/email/undo", {
        token: await linkTo(t.email, "undo-email-change"),
      });
      expect([undone.status, undone.body.error.code]).toEqual([409, "email_taken"]);
      expect(undone.body.error.message).toMatch(/another account now uses your old email address/);
      expect((await t.client.get("/api/games")).status).toBe(401);
      expect(await emailOf(t.id)).toBe(intruder);
    });

    it.each(["password change", "sign out everywhere", "email change's confirmation", "another reset link"])(
      "ends a pending reset link with a %s",
      async (how) => {
        const t = await signedUpTeacher(server.url);
        expect((await anyone().post("/api/auth/forgot-password", { email: t.email })).status).toBe(200);
        const pending = await linkTo(t.email, "reset-password");
        let email = t.email;
        if (how === "password change") {
          expect(
            (
              await t.client.post("/api/account/password", {
                currentPassword: t.password,
                newPassword: "changed-pass-123",
              })
            ).status,
          ).toBe(200);
        } else if (how === "sign out everywhere") {
          expect((await t.client.post("/api/account/sign-out-everywhere", {})).status).toBe(200);
        } else if (how === "email change's confirmation") {
          email = fresh("moved");
          expect(
            (await t.client.post("/api/account/email", { newEmail: email, currentPassword: t.password })).status,
          ).toBe(200);
          expect(
            (await anyone().post("/api/account/email/confirm", { token: await linkTo(email, "confirm-email") })).status,
          ).toBe(200);
        } else {
          expect((await anyone().post("/api/auth/forgot-password", { email: t.email })).status).toBe(200);
          const newer = await linkTo(t.email, "reset-password");
          expect(
            (await anyone().post("/api/auth/reset-password", { token: newer, password: "reset-once-123" })).status,
          ).toBe(200);
        }
        const late = await anyone().post("/api/auth/reset-password", { token: pending, password: "late-reset-999" });
        expect([late.status, late.body.error.code]).toEqual([400, "invalid_token"]);
        expect((await anyone().post("/api/auth/login", { email, password: "late-reset-999" })).status).toBe(401);
      },
    );

    it("locks no teacher out when a pupil on the school's address types made-up logins, and still stops guessing one account", async () => {
      const school = newMachineAddress();
      const t = await signedUpTeacher(server.url);
      const made = [];
      for (let i = 0; i < 20; i++)
        made.push(
          (
            await new HttpClient(server.url, { localAddress: school }).post("/api/auth/login", {
              email: fresh("made-up"),
              password: `guess-${i}`,
            })
          ).status,
        );
      expect(made).toEqual(Array(20).fill(401));
      const teacher = await new HttpClient(server.url, { localAddress: school }).post("/api/auth/login", {
        email: t.email,
        password: t.password,
      });
      expect([teacher.status, teacher.headers["retry-after"]]).toEqual([200, undefined]);

      // Guessing her password from one address: stopped after the allowance, the right one included.
      const guesser = newMachineAddress();
      for (let i = 0; i < LOGIN_FAILURES.max; i++) {
        expect(
          (
            await new HttpClient(server.url, { localAddress: guesser }).post("/api/auth/login", {
              email: t.email,
              password: `guess-${i}`,
            })
          ).status,
        ).toBe(401);
      }
      const stopped = await new HttpClient(server.url, { localAddress: guesser }).post("/api/auth/login", {
        email: t.email,
        password: t.password,
      });
      expect([stopped.status, stopped.body.error.message]).toEqual([429, TOO_MANY]);
      expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(LOGIN_FAILURES.windowMs / 1000 - 60);
      // …which costs her nothing at school.
      expect(
        (
          await new HttpClient(server.url, { localAddress: school }).post("/api/auth/login", {
            email: t.email,
            password: t.password,
          })
        ).status,
      ).toBe(200);
    });

    it("keys the account page's limits by teacher: signed-out calls from her address spend none of them", async () => {
      const school = newMachineAddress();
      const t = await signedUpTeacher(server.url);
      const browser = new HttpClient(server.url, { localAddress: school });
      expect((await browser.post("/api/auth/login", { email: t.email, password: t.password })).status).toBe(200);
      const signedOut = () => new HttpClient(server.url, { localAddress: school });
      for (let i = 0; i < 10; i++)
        expect(
          (await signedOut().post("/api/account/password", { currentPassword: "x", newPassword: "whatever-123" }))
            .status,
        ).toBe(401);
      for (let i = 0; i < 30; i++)
        expect((await signedOut().post("/api/account/sign-out-everywhere", {})).status).toBe(401);
      expect(
        (await browser.post("/api/account/password", { currentPassword: t.password, newPassword: "still-mine-123" }))
          .status,
      ).toBe(200);
      expect((await browser.post("/api/account/sign-out-everywhere", {})).status).toBe(200);
    });

    it("answers confirmations of one address at once with one change and 409s, and logs none of the query's values", async () => {
      const wanted = fresh("everyone-wants");
      const teachers = await Promise.all(Array.from({ length: 4 }, () => signedUpTeacher(server.url)));
      for (const t of teachers)
        expect(
          (await t.client.post("/api/account/email", { newEmail: wanted, currentPassword: t.password })).status,
        ).toBe(200);
      const tokens = await Promise.all(teachers.map(() => linkTo(wanted, "confirm-email")));
      const logged = logs.length;
      const answers = await Promise.all(tokens.map((token) => anyone().post("/api/account/email/confirm", { token })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.error.code).toBe("email_taken");
      const owners = await queryRows<{ id: string }>(
        server.database.db,
        sql`select id from users where email = ${wanted}`,
      );
      expect(owners).toHaveLength(1);
      const written = logs.slice(logged).join("\n");
      for (const value of [wanted, ...teachers.map((t) => t.id)]) expect(written).not.toContain(value);
    });

    it("logs a failed query as its SQL, SQLSTATE and constraint, without the values it was given", async () => {
      const t = await signedUpTeacher(server.url);
      const id = randomUUID();
      const error = await server.database.db
        .insert(users)
        .values({ id, name: "Taken Name Value", email: t.email })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      const described = JSON.stringify(loggableError(error));
      expect(described).toContain("23505");
      expect(described).toContain("users_email_unique");
      expect(described).toContain("insert into");
      for (const value of [id, t.email, "Taken Name Value"]) expect(described).not.toContain(value);
    });
  },
);
