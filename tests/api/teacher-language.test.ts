/**
 * A teacher's preferred language: saved on their account, returned by /api/me and on
 * every sign-in (another device too), refused when it is not one we have; the teacher's emails
 * (password reset, email change and its notice) are written in it; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { resetLinkIn, startSmtpSink } from "../support/smtp-sink.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("a teacher's language on %s", (db) => {
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

  it("starts unset, is saved, and comes back on /api/me and on a sign-in from another device", async () => {
    const teacher = await signedUpTeacher(server.url);
    expect((await teacher.client.get("/api/me")).body.user.preferredLanguage).toBeNull();
    const saved = await teacher.client.patch("/api/account/language", { language: "ga" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: en["account.languageSaved"], key: "account.languageSaved" });
    expect((await teacher.client.get("/api/me")).body.user.preferredLanguage).toBe("ga");

    const otherDevice = new HttpClient(server.url);
    const login = await otherDevice.post("/api/auth/login", { email: teacher.email, password: teacher.password });
    expect(login.status).toBe(200);
    expect(login.body.user.preferredLanguage).toBe("ga");

    expect((await otherDevice.patch("/api/account/language", { language: "en" })).status).toBe(200);
    expect((await teacher.client.get("/api/me")).body.user.preferredLanguage).toBe("en");
  });

  it("refuses a language we do not have, and keeps the one saved", async () => {
    const teacher = await signedUpTeacher(server.url);
    await teacher.client.patch("/api/account/language", { language: "ga" });
    for (const language of ["fr", "GA", "", null, 1]) {
      const res = await teacher.client.patch("/api/account/language", { language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "invalid_input",
        key: "account.languageInvalid",
        field: "language",
      });
    }
    expect((await teacher.client.get("/api/me")).body.user.preferredLanguage).toBe("ga");
  });

  it("writes the teacher's emails in their language: English until they choose, Irish once they do", async () => {
    const teacher = await signedUpTeacher(server.url, { displayName: "Órla" });
    await new HttpClient(server.url).post("/api/auth/forgot-password", { email: teacher.email });
    const english = await smtp.waitFor(teacher.email);
    expect(english.text).toContain(en["email.reset.asked"]);
    expect(english.text).toContain("Hello Órla,");
    expect(english.raw).toContain(`Subject: ${en["email.reset.subject"]}`);

    await teacher.client.patch("/api/account/language", { language: "ga" });
    smtp.received.length = 0;
    await new HttpClient(server.url).post("/api/auth/forgot-password", { email: teacher.email });
    const reset = await smtp.waitFor(teacher.email);
    for (const key of ["email.reset.asked", "email.reset.open", "email.reset.ignore", "email.reset.linkText"] as const)
      expect(reset.text, key).toContain(ga[key]);
    expect(reset.text).toContain("Dia duit, Órla,");
    expect(reset.raw).toContain(`Subject: ${ga["email.reset.subject"]}`);
    expect(reset.text).toContain('<div lang="ga-IE">');
    expect(reset.text).not.toContain(en["email.reset.asked"]);
    // The link in it works as ever.
    expect(resetLinkIn(reset)).toMatch(/\/reset-password\?token=/);

    // An email change: the link to the new address and the notice to the old one, both in Irish.
    smtp.received.length = 0;
    const newEmail = `orla-${Date.now()}@gaelscoil.ie`;
    expect(
      (await teacher.client.post("/api/account/email", { newEmail, currentPassword: teacher.password })).status,
    ).toBe(200);
    const confirm = await smtp.waitFor(newEmail);
    for (const key of ["email.change.asked", "email.change.open", "email.change.ignore"] as const)
      expect(confirm.text, key).toContain(ga[key]);
    const notice = await smtp.waitFor(teacher.email);
    expect(notice.text).toContain(ga["email.notice.asked"].replace("{newEmail}", newEmail));
    expect(notice.text).toContain(`<strong>${newEmail}</strong>`);
    expect(notice.text).toContain(ga["email.notice.ifNot"]);
  });

  it("is not for pupils or strangers", async () => {
    expect((await new HttpClient(server.url).patch("/api/account/language", { language: "ga" })).status).toBe(401);
  });
});
