/**
 * Revocation is immediate (decision 020): logout, sign out everywhere, a password
 * change or reset and account deletion end a teacher's other sessions on the very next
 * request, on every instance — two app instances on one PostgreSQL database here (one
 * instance on PGlite, whose data directory belongs to one process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { resetLinkIn, startSmtpSink } from "../support/smtp-sink.ts";
import { connectSse, type SseConnection } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** The same browser (its cookies) talking to another instance. */
function onInstance(client: HttpClient, server: TestServer) {
  const other = new HttpClient(server.url, { localAddress: client.options.localAddress });
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

describe.each(testDatabaseKinds())("immediate revocation on %s", (db) => {
  let a: TestServer;
  let b: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    a = await startTestServer({ db, env: { SMTP_URL: smtp.url } });
    b = db === "postgres" ? await startTestServer({ db, shareDatabaseOf: a, env: { SMTP_URL: smtp.url } }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
    await smtp?.close();
  });

  /** A teacher signed in twice: `here` on instance A, `elsewhere` a second browser used on instance B. */
  async function teacherSignedInTwice() {
    const t = await signedUpTeacher(a.url);
    const login = new HttpClient(a.url);
    expect((await login.post("/api/auth/login", { email: t.email, password: t.password })).status).toBe(200);
    const elsewhere = onInstance(login, b);
    // Used on B first, so that B has verified it (its caches are warm).
    expect((await elsewhere.get("/api/games")).status).toBe(200);
    expect((await elsewhere.get("/api/games")).status).toBe(200);
    return { ...t, here: t.client, elsewhere, elsewhereOnA: login };
  }

  it("sign out everywhere on A: the other browser is refused on B at once", async () => {
    const t = await teacherSignedInTwice();
    expect((await t.here.post("/api/account/sign-out-everywhere", {})).status).toBe(200);
    expect((await t.elsewhere.get("/api/games")).status).toBe(401);
  });

  it("logout on A: that browser's cookie is refused on B at once", async () => {
    const t = await teacherSignedInTwice();
    const copyOnB = onInstance(t.elsewhereOnA, b);
    expect((await t.elsewhereOnA.post("/api/auth/logout", {})).status).toBe(200);
    expect((await copyOnB.get("/api/games")).status).toBe(401);
    // The teacher's other session is not affected by that logout.
    expect((await t.here.get("/api/games")).status).toBe(200);
  });

  it("password change on A: the other browser is refused on B at once", async () => {
    const t = await teacherSignedInTwice();
    expect(
      (await t.here.post("/api/account/password", { currentPassword: t.password, newPassword: "another-password-1" }))
        .status,
    ).toBe(200);
    expect((await t.elsewhere.get("/api/games")).status).toBe(401);
    expect((await onInstance(t.here, b).get("/api/games")).status).toBe(200);
  });

  it("password reset: every session of the teacher is refused on B at once", async () => {
    const t = await teacherSignedInTwice();
    expect((await new HttpClient(a.url).post("/api/auth/forgot-password", { email: t.email })).status).toBe(200);
    const token = new URL(resetLinkIn(await smtp.waitFor(t.email))).searchParams.get("token")!;
    expect(
      (await new HttpClient(a.url).post("/api/auth/reset-password", { token, password: "reset-password-2" })).status,
    ).toBe(200);
    expect((await t.elsewhere.get("/api/games")).status).toBe(401);
    expect((await onInstance(t.here, b).get("/api/games")).status).toBe(401);
  });

  it("account deletion on A: the other browser is refused on B at once", async () => {
    const t = await teacherSignedInTwice();
    expect(
      (await t.here.post("/api/account/delete", { confirmation: t.email, currentPassword: t.password })).status,
    ).toBe(200);
    expect((await t.elsewhere.get("/api/games")).status).toBe(401);
  });

  /** Whether the stream ends within `ms`. */
  const endsWithin = (stream: SseConnection, ms: number) =>
    Promise.race([
      stream.closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  /** A live session of the teacher, its host stream open on B in the other browser and on A in this one. */
  async function streamsOpen(t: Awaited<ReturnType<typeof teacherSignedInTwice>>) {
    const game = await t.here.post("/api/games", threeQuestionGame);
    const session = await t.here.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    expect(session.status).toBe(201);
    const path = `/api/sessions/${session.body.id}/events`;
    return { elsewhere: await connectSse(t.elsewhere, path), here: await connectSse(t.here, path) };
  }

  const revocations: Array<[string, (t: Awaited<ReturnType<typeof teacherSignedInTwice>>) => Promise<unknown>]> = [
    ["sign out everywhere", (t) => t.here.post("/api/account/sign-out-everywhere", {})],
    [
      "password change",
      (t) => t.here.post("/api/account/password", { currentPassword: t.password, newPassword: "stream-password-3" }),
    ],
    [
      "password reset",
      async (t) => {
        await new HttpClient(a.url).post("/api/auth/forgot-password", { email: t.email });
        const token = new URL(resetLinkIn(await smtp.waitFor(t.email))).searchParams.get("token")!;
        return new HttpClient(a.url).post("/api/auth/reset-password", { token, password: "reset-password-4" });
      },
    ],
    [
      "account deletion",
      (t) => t.here.post("/api/account/delete", { confirmation: t.email, currentPassword: t.password }),
    ],
  ];

  it.each(revocations)("%s on A also ends the other browser's open live stream on B at once", async (_, revoke) => {
    const t = await teacherSignedInTwice();
    const streams = await streamsOpen(t);
    expect(await endsWithin(streams.elsewhere, 300), "open before").toBe(false);
    expect(((await revoke(t)) as { status: number }).status).toBe(200);
    expect(await endsWithin(streams.elsewhere, 3000), "the signed-out browser's stream ended").toBe(true);
    streams.here.close();
  });

  it("logout on B ends that browser's live stream; the teacher's other browser keeps its own", async () => {
    const t = await teacherSignedInTwice();
    const streams = await streamsOpen(t);
    expect((await t.elsewhere.post("/api/auth/logout", {})).status).toBe(200);
    expect(await endsWithin(streams.elsewhere, 3000), "the logged-out browser's stream ended").toBe(true);
    expect(await endsWithin(streams.here, 1000), "the other browser's stream goes on").toBe(false);
    streams.here.close();
  });
});
