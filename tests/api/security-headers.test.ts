/**
 * Security headers on every kind of response (the web app's HTML, API JSON, API errors,
 * Fastify's own routing errors; its built scripts, stylesheets and fonts the part they act
 * on, decision 024), and session cookies: httpOnly and SameSite=Lax
 * always, Secure whenever the request reached us over HTTPS (APP_URL https, or a trusted
 * proxy saying X-Forwarded-Proto: https).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let counter = 0;
const email = () => `headers-${Date.now()}-${++counter}@scoil.ie`;
const signup = (client: HttpClient, headers: Record<string, string> = {}) =>
  client.post("/api/auth/signup", { displayName: "Éabha", email: email(), password: "password-123" }, headers);

function expectSecurityHeaders(label: string, res: HttpResponse) {
  const csp = String(res.headers["content-security-policy"] ?? "");
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("base-uri 'self'");
  // Recordings play from this server only.
  expect(csp, label).toMatch(/(^|;)\s*media-src 'self'\s*(;|$)/);
  expect(csp, label).not.toContain("unsafe-inline");
  expect(res.headers["x-content-type-options"], label).toBe("nosniff");
  expect(res.headers["x-frame-options"], label).toBe("SAMEORIGIN");
  expect(res.headers["referrer-policy"], label).toBe("no-referrer");
  expect(res.headers["cross-origin-opener-policy"], label).toBe("same-origin");
  expect(res.headers["x-powered-by"], label).toBeUndefined();
}

const sessionCookies = (res: HttpResponse) =>
  (res.headers["set-cookie"] ?? []).filter((c) => /cluehunt\.(session_|pupil=)/.test(c));

/** A pupil's join, which sets the device cookie (decision 014). */
async function pupilJoin(baseUrl: string, headers: Record<string, string> = {}) {
  const { session } = await teacherWithSession(baseUrl, 1);
  const res = await new HttpClient(baseUrl).post(
    "/api/join",
    { code: session.groups[0].joinCode, groupId: session.groups[0].id, name: "Cookie" },
    headers,
  );
  expect(res.status).toBe(201);
  return res;
}

describe.each(testDatabaseKinds())("security headers and cookies on %s", (db) => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Cluehunt</title><div id=root></div>");
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "assets", "app-1234.js"), "console.log(1)");
    server = await startTestServer({ db, webDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("sends a built script only what a script acts on (decision 024), and an unknown asset the whole set", async () => {
    const client = new HttpClient(server.url);
    const script = await client.get("/assets/app-1234.js");
    expect(script.status).toBe(200);
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(script.headers["referrer-policy"]).toBe("no-referrer");
    expect(script.headers["x-powered-by"]).toBeUndefined();
    for (const documentOnly of [
      "content-security-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "x-xss-protection",
    ])
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    // Anything else under /assets/ (here a 404) is treated as a document could be.
    const other = await client.get("/assets/drawing.svg");
    expect(other.status).toBe(404);
    expectSecurityHeaders("an unknown asset", other);
  });

  it("sends them with the HTML, API answers, API errors and routing errors", async () => {
    const client = new HttpClient(server.url);
    const responses: Array<[string, HttpResponse, number]> = [
      ["the landing page", await client.get("/", { accept: "text/html" }), 200],
      ["a client-side route", await client.get("/dashboard", { accept: "text/html" }), 200],
      ["API JSON", await client.get("/api/health"), 200],
      ["an API error", await client.get("/api/games"), 401],
      ["an unknown API route", await client.get("/api/nothing-here"), 404],
      [
        "a refused cross-site write",
        await new HttpClient(server.url, { origin: "https://evil.example" }).post("/api/games", {}),
        403,
      ],
      ["a malformed body", await client.request("POST", "/api/auth/login", "{"), 400],
      ["an address that cannot be decoded", await client.get("/api/games/%E0%A4%A"), 400],
      ["an id that is too long", await client.get(`/api/games/${"a".repeat(500)}`), 414],
    ];
    for (const [label, res, status] of responses) {
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(label, res);
    }
    expect(responses[0]![1].headers["content-type"]).toMatch(/^text\/html/);
    // Plain http (a classroom network): no HSTS, which would break the next visit.
    expect(responses[0]![1].headers["strict-transport-security"]).toBeUndefined();
  });

  it("answers routing errors in the API's own JSON shape", async () => {
    const client = new HttpClient(server.url);
    const badUrl = await client.get("/api/games/%E0%A4%A");
    expect(badUrl.body).toEqual({
      error: {
        code: "bad_request",
        message: "The address of this request is not valid.",
        key: "common.error.invalidAddress",
      },
    });
    const longId = await client.get(`/api/play/${"9".repeat(200)}`);
    expect(longId.status).toBe(414);
    expect(longId.body).toEqual({
      error: { code: "bad_request", message: "An id in the address is too long.", key: "common.error.idTooLong" },
    });
  });

  it("sets session cookies httpOnly and SameSite=Lax, and not Secure over plain http", async () => {
    const teacher = new HttpClient(server.url);
    const cookies = [...sessionCookies(await signup(teacher)), ...sessionCookies(await pupilJoin(server.url))];
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    expect(cookies.some((c) => c.startsWith("cluehunt.pupil="))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it("does not take X-Forwarded-Proto from a client when TRUST_PROXY is unset", async () => {
    const res = await signup(new HttpClient(server.url), { "x-forwarded-proto": "https" });
    expect(res.status).toBe(201);
    expect(sessionCookies(res).some((c) => /;\s*Secure/i.test(c))).toBe(false);
  });
});

describe("behind HTTPS", () => {
  const expectSecureSessionCookies = (label: string, res: HttpResponse) => {
    const cookies = sessionCookies(res);
    expect(cookies.length, label).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie, label).toMatch(/;\s*Secure/i);
      expect(cookie, label).toMatch(/;\s*HttpOnly/i);
      expect(cookie, label).toMatch(/;\s*SameSite=Lax/i);
    }
  };

  it("with APP_URL https: Secure session cookies and HSTS", async () => {
    const server = await startTestServer({ db: "pglite", env: { APP_URL: "https://quiz.example.ie" } });
    try {
      const teacher = new HttpClient(server.url);
      const res = await signup(teacher);
      expect(res.status).toBe(201);
      expectSecureSessionCookies("signup", res);
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      // The session still works with the cookies as set.
      expect((await teacher.get("/api/me")).body.user.displayName).toBe("Éabha");
    } finally {
      await server.close();
    }
  });

  it("with TRUST_PROXY and X-Forwarded-Proto: https: Secure cookies on every route that sets them", async () => {
    const server = await startTestServer({ db: "pglite", env: { TRUST_PROXY: "127.0.0.0/8" } });
    try {
      const https = { "x-forwarded-proto": "https" };
      const teacher = new HttpClient(server.url);
      const signedUp = await signup(teacher, https);
      expect(signedUp.status).toBe(201);
      expectSecureSessionCookies("signup", signedUp);
      const me = await teacher.get("/api/me", https);
      expect(me.body.user.displayName).toBe("Éabha");
      const email = me.body.user.email as string;
      expectSecureSessionCookies(
        "login",
        await new HttpClient(server.url).post("/api/auth/login", { email, password: "password-123" }, https),
      );
      expectSecureSessionCookies("pupil", await pupilJoin(server.url, https));
      expectSecureSessionCookies("logout", await teacher.post("/api/auth/logout", {}, https));

      // The same proxy forwarding plain http: not Secure, or the browser would drop them.
      const plain = await signup(new HttpClient(server.url), { "x-forwarded-proto": "http" });
      expect(sessionCookies(plain).some((c) => /;\s*Secure/i.test(c))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
