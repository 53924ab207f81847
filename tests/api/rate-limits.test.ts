import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRateLimits, LOGIN_FAILURES } from "../../src/server/limits/auth-rate-limits.ts";
import { JOIN_GUESS_LIMITS, JOIN_RATE_LIMIT } from "../../src/server/limits/limits.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, newMachineAddress } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("auth rate limits on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  async function teacher(n: number) {
    const email = `rl-${n}-${Date.now()}@school.ie`;
    const res = await new HttpClient(server.url).post("/api/auth/signup", {
      displayName: `T${n}`,
      email,
      password: "password-123",
    });
    expect(res.status).toBe(201);
    return email;
  }

  it("lets ten teachers on ten machines log in at the same moment", async () => {
    const emails = await Promise.all(Array.from({ length: 10 }, (_, i) => teacher(i)));
    const results = await Promise.all(
      emails.map((email) => new HttpClient(server.url).post("/api/auth/login", { email, password: "password-123" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it("does not lock out a teacher who mistypes twice, but stops a password-guessing client", async () => {
    const email = await teacher(100);
    const machine = newMachineAddress();
    const sameMachine = () => new HttpClient(server.url, { localAddress: machine });
    expect((await sameMachine().post("/api/auth/login", { email, password: "typo-one" })).status).toBe(401);
    expect((await sameMachine().post("/api/auth/login", { email, password: "typo-two" })).status).toBe(401);
    expect((await sameMachine().post("/api/auth/login", { email, password: "password-123" })).status).toBe(200);

    // Wrong passwords for this email from this machine (the right login in between costs nothing).
    for (let i = 3; i <= LOGIN_FAILURES.max; i++)
      await sameMachine().post("/api/auth/login", { email, password: `guess-${i}` });
    const blocked = await sameMachine().post("/api/auth/login", { email, password: "password-123" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe("Too many attempts. Please wait a few minutes and try again.");

    // Another machine is unaffected.
    expect((await new HttpClient(server.url).post("/api/auth/login", { email, password: "password-123" })).status).toBe(
      200,
    );
  });

  it("limits password-reset requests per client", async () => {
    const machine = newMachineAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= authRateLimits.forgotPassword.max; i++) {
      statuses.push(
        (
          await new HttpClient(server.url, { localAddress: machine }).post("/api/auth/forgot-password", {
            email: `x${i}@school.ie`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  /** `max` requests from one machine are answered, the next one is 429 with our message; another machine is unaffected. */
  async function expectFloodStopped(
    max: number,
    send: (client: HttpClient, i: number) => Promise<{ status: number; body: any }>,
    allowed: number[],
  ) {
    const machine = newMachineAddress();
    const statuses: number[] = [];
    for (let i = 0; i < max; i++)
      statuses.push((await send(new HttpClient(server.url, { localAddress: machine }), i)).status);
    expect(
      statuses.every((s) => allowed.includes(s)),
      `statuses ${statuses.join(",")}`,
    ).toBe(true);
    const blocked = await send(new HttpClient(server.url, { localAddress: machine }), max);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(allowed).toContain((await send(new HttpClient(server.url), max + 1)).status);
  }

  it("caps every login from one address at a ceiling far above a school's (bodies refused unread: no password is hashed)", async () => {
    expect(authRateLimits.login.max).toBeGreaterThanOrEqual(10 * LOGIN_FAILURES.max);
    await expectFloodStopped(authRateLimits.login.max, (c) => c.post("/api/auth/login", {}), [400]);
  });

  it("limits signups per client", async () => {
    await expectFloodStopped(
      authRateLimits.signup.max,
      (c, i) =>
        c.post("/api/auth/signup", {
          displayName: `Flood ${i}`,
          email: `flood-${i}-${Date.now()}@school.ie`,
          password: "password-123",
        }),
      [201],
    );
  });

  it("limits password-reset attempts per client, so reset tokens cannot be guessed", async () => {
    await expectFloodStopped(
      authRateLimits.resetPassword.max,
      (c, i) => c.post("/api/auth/reset-password", { token: `guess${i}abcdefghijklmnopq`, password: "password-123" }),
      [400],
    );
  });

  it("lets a whole school behind one address join within a minute, and no more than that", async () => {
    // Lookups and joins share a per-address budget big enough for 1,000 pupils.
    expect(JOIN_RATE_LIMIT.max).toBeGreaterThanOrEqual(1000);
    await expectFloodStopped(
      JOIN_RATE_LIMIT.max,
      (c, i) =>
        c.post("/api/join", { code: "123456", groupId: "00000000-0000-4000-8000-000000000000", name: `Flood ${i}` }),
      [400],
    );
  });

  it("counts wrong join codes per machine, however many browsers it uses", async () => {
    const machine = newMachineAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= JOIN_GUESS_LIMITS.wrongPerAddress; i++) {
      const guesser = new HttpClient(server.url, { localAddress: machine });
      statuses.push((await guesser.post("/api/join/lookup", { code: String(200000 + i) })).status);
    }
    expect(statuses.slice(0, JOIN_GUESS_LIMITS.wrongPerAddress).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("behind a proxy (TRUST_PROXY)", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set, then keys on it", async () => {
    const direct = await startTestServer({ db: "pglite" });
    const proxied = await startTestServer({ db: "pglite", env: { TRUST_PROXY: "127.0.0.0/8" } });
    try {
      const machine = newMachineAddress();
      const attempt = (server: TestServer, forwardedFor: string) =>
        new HttpClient(server.url, { localAddress: machine }).post(
          "/api/auth/login",
          { email: "nobody@school.ie", password: "wrong-password" },
          { "x-forwarded-for": forwardedFor },
        );

      // Direct: a spoofed header does not give a fresh allowance of wrong passwords per request.
      const directStatuses = [];
      for (let i = 0; i <= LOGIN_FAILURES.max; i++) directStatuses.push((await attempt(direct, `10.0.0.${i}`)).status);
      expect(directStatuses.at(-1)).toBe(429);

      // Behind a trusted proxy: each forwarded client has its own allowance.
      const proxiedStatuses = [];
      for (let i = 0; i <= LOGIN_FAILURES.max; i++)
        proxiedStatuses.push((await attempt(proxied, `10.0.0.${i}`)).status);
      expect(proxiedStatuses.every((s) => s === 401)).toBe(true);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
