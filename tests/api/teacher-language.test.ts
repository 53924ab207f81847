/**
 * A teacher's preferred language (issue 17): saved on their account, returned by /api/me and on
 * every sign-in (another device too), refused when it is not one we have, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("a teacher's language on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
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
      expect(res.body.error).toMatchObject({ code: "invalid_input", key: "account.languageInvalid", field: "language" });
    }
    expect((await teacher.client.get("/api/me")).body.user.preferredLanguage).toBe("ga");
  });

  it("is not for pupils or strangers", async () => {
    expect((await new HttpClient(server.url).patch("/api/account/language", { language: "ga" })).status).toBe(401);
  });
});
