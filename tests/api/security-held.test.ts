/**
 * What held in the round-three security probe and had no test of its own: each is
 * pinned here, on every database, so that it keeps holding. docs/SECURITY.md ("What held in
 * round three, and its tests") maps every held item to its test, here or elsewhere.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { verifyPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { authAccounts } from "../../src/server/db/schema.ts";
import { registeredRoutes } from "../../src/server/http/route-table.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { imageMessages } from "../../src/shared/games/images.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { testPasswordHashing } from "../support/test-password-hashing.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { CHROMIUM_WEBP, webpOfSize, webpPicture } from "../support/webp-files.ts";

const upload = (client: HttpClient, bytes: Buffer, type = "image/webp") =>
  client.request("POST", "/api/images", bytes, { "content-type": type });

/** Forces a full garbage collection (the flag is set for this process only while the test runs). */
function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testDatabaseKinds())("what held in round three, on %s", (db) => {
  let server: TestServer;
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;

  beforeAll(async () => {
    // better-auth's own hash: the login timing test below measures what its cost hides.
    server = await startTestServer({ db, productionPasswordHashing: true });
    teacher = await signedUpTeacher(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A session of a game of the teacher's, and a pupil in it. */
  async function pupilInGameOf(owner: typeof teacher, game: object = threeQuestionGame) {
    const created = await owner.client.post("/api/games", game);
    expect(created.status, created.text).toBe(201);
    const session = await owner.client.post("/api/sessions", { gameId: created.body.id, groupCount: 1 });
    const code = (await owner.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode as string;
    return {
      gameId: created.body.id as string,
      sessionId: session.body.id as string,
      pupil: await joinedStudent(server.url, code, `Pupil ${crypto.randomUUID().slice(0, 6)}`),
    };
  }

  describe("pictures", () => {
    it("refuses SVG, HTML and polyglots whatever type they claim, storing nothing", async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      );
      const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
      // A real WebP with a page after its RIFF container: what a browser sniffing the bytes could read as HTML.
      const webpThenHtml = Buffer.concat([CHROMIUM_WEBP, html]);
      // The same page inside a RIFF container claiming to be WebP.
      const riffHtml = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBP"), html]);
      riffHtml.writeUInt32LE(riffHtml.length - 8, 4);
      const cases: Array<[string, Buffer, string, number]> = [
        ["SVG as image/svg+xml", svg, "image/svg+xml", 415],
        ["SVG as image/webp", svg, "image/webp", 400],
        ["HTML as text/html", html, "text/html", 415],
        ["HTML as image/webp", html, "image/webp", 400],
        ["a WebP with HTML after it", webpThenHtml, "image/webp", 400],
        ["HTML in a RIFF WEBP container", riffHtml, "image/webp", 400],
      ];
      for (const [name, bytes, type, status] of cases) {
        const before = await dataFingerprint(server.database.db);
        const res = await upload(teacher.client, bytes, type);
        expect(res.status, name).toBe(status);
        if (status === 400) expect(res.body.error.message, name).toBe(inEnglish(imageMessages.notWebp));
        expect(res.headers["content-type"], name).toMatch(/^application\/json/);
        expect(await dataFingerprint(server.database.db), name).toBe(before);
      }
    });

    it("answers path tricks on the picture route with a 4xx and no file, and serves a picture only as image/webp", async () => {
      const picture = await upload(teacher.client, webpPicture(77, 55));
      expect(picture.status).toBe(201);
      const id = picture.body.id as string;
      const tricks = [
        "..%2F..%2F..%2Fpackage.json",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "%252e%252e%252fpackage.json",
        "....%2F%2F....%2F%2Fetc%2Fpasswd",
        "..%5C..%5Cpackage.json",
        `${id}%00.html`,
        `${id}.svg`,
        `${id}%2F..%2F..%2Fpackage.json`,
        "%00",
      ];
      for (const trick of tricks) {
        const res = await new HttpClient(server.url).get(`/api/images/${trick}`);
        expect(res.status, trick).toBeGreaterThanOrEqual(400);
        expect(res.status, trick).toBeLessThan(500);
        expect(res.headers["content-type"], trick).toMatch(/^application\/json/);
        expect(res.text, trick).not.toMatch(/"name": "cluehunt"|root:x:0:0/);
      }
      const served = await new HttpClient(server.url).get(`/api/images/${id}`);
      expect(served.status).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("keeps the storage quota when 16 pictures are uploaded at once", async () => {
      const full = await signedUpTeacher(server.url);
      const size = 20_000;
      // Room for three and a half pictures: of 16 sent at the same moment, exactly three fit.
      await server.database.db.execute(
        sql`insert into images (owner_id, sha256, width, height, bytes) values (${full.id}, 'filler', 1, 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - 3.5 * size}), 'UTF8'))`,
      );
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => upload(full.client, webpOfSize(size, 1000 + i))),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(
        statuses.filter((s) => s === 201),
        statuses.join(","),
      ).toHaveLength(3);
      expect(answers.filter((r) => r.status !== 201).map((r) => [r.status, r.body.error.code])).toEqual(
        Array.from({ length: 13 }, () => [409, "storage_full"]),
      );
      const [stored] = await queryRows<{ bytes: number }>(
        server.database.db,
        sql`select sum(octet_length(bytes))::int as bytes from images where owner_id = ${full.id}`,
      );
      expect(stored!.bytes).toBeLessThanOrEqual(TEACHER_LIMITS.storageBytes);
      // The 20 MB filler would slow every later fingerprint of the tables.
      await server.database.db.execute(sql`delete from images where owner_id = ${full.id}`);
    });

    it("shows a pupil only the current question's picture, never a later one's", async () => {
      const pictures = await Promise.all(
        [webpPicture(300, 200), webpPicture(301, 200), webpPicture(302, 200)].map((bytes) =>
          upload(teacher.client, bytes),
        ),
      );
      const ids = pictures.map((p) => p.body.id as string);
      const game = {
        ...threeQuestionGame,
        questions: threeQuestionGame.questions.map((q, i) => ({ ...q, imageId: ids[i], imageAlt: `Picture ${i + 1}` })),
      };
      const { pupil } = await pupilInGameOf(teacher, game);
      for (let question = 0; question < 3; question++) {
        const state = await pupil.state();
        expect(state.body.current.picture.src).toBe(`/api/images/${ids[question]}`);
        for (const later of ids.slice(question + 1))
          expect(state.text, `question ${question + 1} shows a later picture`).not.toContain(later);
        const answered = await pupil.answer(question, CORRECT[question]!);
        for (const later of ids.slice(question + 2)) expect(answered.text).not.toContain(later);
      }
    });
  });

  it("game files: refuses prototype keys anywhere in a file, storing nothing and polluting nothing", async () => {
    const good = (
      await teacher.client.get(
        `/api/games/${(await teacher.client.post("/api/games", threeQuestionGame)).body.id}/export`,
      )
    ).body;
    const text = JSON.stringify(good);
    const question = JSON.stringify(good.game.questions[0]);
    const files = [
      text.replace("{", '{"__proto__":{"isAdmin":true},'),
      text.replace('"game":{', '"game":{"__proto__":{"creatorId":"someone-else"},'),
      text.replace(question, question.replace("{", '{"__proto__":{"correctAnswer":3},')),
      text.replace(question, question.replace("{", '{"constructor":{"prototype":{"isAdmin":true}},')),
      text.replace('"game":{', '"game":{"constructor":{"prototype":{"polluted":1}},'),
    ];
    for (const file of files) {
      const before = await dataFingerprint(server.database.db);
      const res = await teacher.client.request("POST", "/api/games/import", file);
      expect(res.status, file.slice(0, 80)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    const plain = {} as Record<string, unknown>;
    expect([plain.isAdmin, plain.creatorId, plain.polluted, plain.correctAnswer]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("share links: every id is 128 random bits, new each time a link is turned on", async () => {
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const on = await teacher.client.request("PUT", `/api/games/${game.body.id}/share`);
      expect(on.status).toBe(200);
      ids.push((on.body.sharePath as string).replace("/shared/", ""));
      expect((await teacher.client.request("DELETE", `/api/games/${game.body.id}/share`)).status).toBe(200);
    }
    expect(new Set(ids).size).toBe(40);
    const bytes = ids.map((id) => {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      return Buffer.from(id, "base64url");
    });
    for (const b of bytes) expect(b.length).toBe(16);
    // Every one of the 128 bits is 0 in some ids and 1 in others: a counter, a clock or a short
    // random number leaves some fixed (chance for a true random id: about 1 in 4 billion).
    const fixedBits = Array.from({ length: 128 }, (_, bit) => bit).filter(
      (bit) => new Set(bytes.map((b) => (b[bit >> 3]! >> (bit & 7)) & 1)).size === 1,
    );
    expect(fixedBits).toEqual([]);
  });

  it("login: a server built as main.ts builds it stores better-auth's own scrypt hash (the cost the timing below relies on)", async () => {
    const known = await signedUpTeacher(server.url);
    const [account] = await server.database.db
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .where(eq(authAccounts.userId, known.id));
    expect(await verifyPassword({ hash: account!.password!, password: known.password })).toBe(true);
    // The other API tests' cheaper hash (test-password-hashing.ts) does not pass for it, nor it for that.
    expect(await testPasswordHashing.verify({ hash: account!.password!, password: known.password })).toBe(false);
    const cheap = await testPasswordHashing.hash(known.password);
    expect(await verifyPassword({ hash: cheap, password: known.password })).toBe(false);
  });

  it("login: an unknown email takes as long to refuse as a wrong password", async () => {
    const known = await signedUpTeacher(server.url);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await new HttpClient(server.url).post("/api/auth/login", { email, password: "not-the-password-1" });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    // Interleaved, so that a busy moment of the machine falls on both alike.
    for (let i = 0; i < 5; i++) {
      wrongPassword.push(await timed(known.email));
      unknownEmail.push(await timed(`nobody-${crypto.randomUUID()}@scoil.ie`));
    }
    const ratio = median(unknownEmail) / median(wrongPassword);
    console.info(
      `[held] login refused in ${median(wrongPassword).toFixed(0)} ms (wrong password) and ${median(unknownEmail).toFixed(0)} ms (unknown email), medians of 5`,
    );
    // The password hash is checked either way (tens of ms); an unknown email skipping it answers in ~2 ms.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  describe("odd path parameters", () => {
    const ODD = [
      "..%2F..%2Fpackage.json",
      "%2e%2e",
      "%00",
      "%F0%9F%A6%8A",
      "%ED%A0%80",
      "'%20or%201%3D1--",
      "-1",
      "1e309",
      "__proto__",
      "constructor",
      "00000000-0000-0000-0000-000000000000",
      "a".repeat(120),
    ];
    let callers: Record<"nobody" | "teacher" | "pupil", HttpClient>;
    let routes: Array<{ method: string; url: string }>;

    beforeAll(async () => {
      callers = {
        nobody: new HttpClient(server.url),
        teacher: teacher.client,
        pupil: (await pupilInGameOf(teacher)).pupil.client,
      };
      routes = registeredRoutes(server.app).filter(
        (r) => r.url.startsWith("/api") && r.url.includes(":") && r.method !== "HEAD",
      );
    });

    it("answer every route with a parameter, for nobody, a teacher and a pupil, with a 4xx and change nothing", async () => {
      expect(routes.length).toBeGreaterThanOrEqual(22);
      const before = await dataFingerprint(server.database.db);
      const answered: Array<{ what: string; res: HttpResponse }> = [];
      for (const route of routes) {
        for (const [role, client] of Object.entries(callers)) {
          await Promise.all(
            ODD.map(async (odd) => {
              const path = route.url.replace(/:[A-Za-z]+/g, odd);
              const write = route.method !== "GET" && route.method !== "DELETE";
              const res = await client.request(
                route.method,
                path,
                write ? "{}" : undefined,
                route.method === "GET" ? { accept: "application/json" } : {},
              );
              answered.push({ what: `${role} ${route.method} ${path}`, res });
            }),
          );
        }
      }
      const wrong = answered
        .filter(({ res }) => res.status < 400 || res.status >= 500 || typeof res.body?.error?.message !== "string")
        .map(({ what, res }) => `${what} → ${res.status} ${res.text.slice(0, 80)}`);
      console.info(
        `[held] ${routes.length} routes × 3 callers × ${ODD.length} odd parameters: ${answered.length} requests, none a 5xx`,
      );
      expect(wrong).toEqual([]);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    });

    it("4,000 more of them leave the server's memory where it was", async () => {
      const requests = routes.flatMap((route) =>
        Object.values(callers).flatMap((client) =>
          ODD.map(
            (odd) => () =>
              client.request(
                route.method,
                route.url.replace(/:[A-Za-z]+/g, odd),
                route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
                { accept: "application/json" },
              ),
          ),
        ),
      );
      const run = async (count: number) => {
        for (let i = 0; i < count; i += 16)
          await Promise.all(
            Array.from({ length: Math.min(16, count - i) }, (_, j) => requests[(i + j) % requests.length]!()),
          );
      };
      await run(400);
      collectGarbage();
      const before = process.memoryUsage().heapUsed;
      await run(4000);
      collectGarbage();
      const grown = process.memoryUsage().heapUsed - before;
      console.info(`[held] heap after 4,000 odd requests: ${(grown / 1024 / 1024).toFixed(1)} MB more than before`);
      // A leak of a few KB a request would show as tens of MB.
      expect(grown).toBeLessThan(16 * 1024 * 1024);
    });
  });
});
