/**
 * Starter hunts over real HTTP, on every database (issue 45, decision 049): a folder of the
 * tests' three starter files with bad ones beside them (each skipped whole and named in the
 * log), the list and its filters, one hunt read for the preview with its pictures, "Use this
 * hunt" (a new game of the teacher's, editable, spending her save allowance and storage as a
 * share link's copy does; the starter hunt unchanged), every change refused, and nobody or a
 * pupil kept out.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { limitMessages, TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { storedBytesOf } from "../../src/server/limits/teacher-storage.ts";
import { starterMessages } from "../../src/shared/starter/starter-hunts.ts";
import { pupilDevice } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { FIXTURE_STARTER_GAMES_DIR, startTestServer, type TestServer } from "../support/test-server.ts";

const READ_ONLY = "Starter hunts cannot be changed. Use this hunt to make your own copy, then edit it.";

/** A copy of the tests' starter folder with a bad file of each kind beside the good ones. */
function starterFolderWithBadFiles(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-starter-"));
  fs.cpSync(FIXTURE_STARTER_GAMES_DIR, dir, { recursive: true });
  const good = JSON.parse(fs.readFileSync(path.join(dir, "3rd-class/maths.ga.cluehunt.json"), "utf8"));
  const write = (name: string, value: unknown) =>
    fs.writeFileSync(path.join(dir, "zz-bad", name), typeof value === "string" ? value : JSON.stringify(value));
  fs.mkdirSync(path.join(dir, "zz-bad"));
  write("not-json.cluehunt.json", "{ not json");
  // Three options: the import's own rule, worded as the import words it.
  const threeOptions = structuredClone(good);
  threeOptions.starter = { ...good.starter, id: "bad-three-options", pair: "bad-three-options" };
  threeOptions.game.questions[1].options = ["4", "5", "10"];
  write("three-options.cluehunt.json", threeOptions);
  // An Irish hunt that does not say whether its Irish was reviewed.
  const noReviewer = structuredClone(good);
  noReviewer.starter = { id: "bad-no-reviewer", pair: "bad-no-reviewer" };
  write("no-reviewer.cluehunt.json", noReviewer);
  // An id another file already has.
  write("same-id.cluehunt.json", { ...good, starter: { ...good.starter, pair: "another-pair" } });
  // Not a starter file's name: not read at all.
  write("notes.json", "{ not json either");
  return dir;
}

describe.each(testDatabaseKinds())("starter hunts on %s", (db) => {
  let server: TestServer;
  let dir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = starterFolderWithBadFiles();
    server = await startTestServer({
      db,
      env: { STARTER_GAMES_DIR: dir },
      appOptions: { logger: { level: "warn", stream: { write: (line: string) => logged.push(line) } } },
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("skips a bad file whole, naming it and its first problem in the log", async () => {
    // The files are read while the server starts; the list waits for them.
    const { client } = await signedUpTeacher(server.url);
    const ids = (await client.get("/api/starter-hunts")).body.hunts.map((h: { id: string }) => h.id);
    expect(ids).toEqual(["junior-infants-sese-en", "3rd-class-maths-en", "3rd-class-maths-ga"]);
    const warnings = logged.map((line) => JSON.parse(line).msg as string);
    expect(warnings.filter((w) => w.startsWith("Starter hunt ")).sort()).toEqual([
      expect.stringMatching(
        /^Starter hunt zz-bad\/no-reviewer\.cluehunt\.json skipped: starter\.irishReviewedBy is missing/,
      ),
      expect.stringMatching(/^Starter hunt zz-bad\/not-json\.cluehunt\.json skipped: not a JSON file/),
      "Starter hunt zz-bad/same-id.cluehunt.json skipped: starter.id 3rd-class-maths-ga is already 3rd-class/maths.ga.cluehunt.json's",
      "Starter hunt zz-bad/three-options.cluehunt.json skipped: Question 2: All options for every question must be filled in.",
    ]);
  });

  it("lists the starter hunts to a teacher, by class level, subject and language", async () => {
    const { client } = await signedUpTeacher(server.url);
    const list = async (query: string) => {
      const res = await client.get(`/api/starter-hunts${query}`);
      expect(res.status, query).toBe(200);
      return res.body.hunts as Array<{ id: string }>;
    };
    expect(await list("?level=3rd%20Class&language=ga")).toEqual([
      {
        id: "3rd-class-maths-ga",
        title: "Matamaitic - Rang 3 - Codáin",
        description: "Leath, ceathrú agus trian d’uimhir.",
        subject: "Mathematics",
        classLevel: "3rd Class",
        language: "ga",
        questionCount: 3,
        irishReviewedBy: null,
      },
    ]);
    expect((await list("?subject=Mathematics")).map((h) => h.id)).toEqual(["3rd-class-maths-en", "3rd-class-maths-ga"]);
    expect((await list("?subject=Science&language=en&level=")).map((h) => h.id)).toEqual(["junior-infants-sese-en"]);
    expect(await list("?level=6th%20Class")).toEqual([]);
    for (const [query, key] of [
      ["?level=Learning%20Support", starterMessages.levelInvalid],
      ["?language=fr", starterMessages.languageInvalid],
    ] as const) {
      const refused = await client.get(`/api/starter-hunts${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.key, query).toBe(key);
    }
  });

  it("reads a hunt for the preview, answers included, its pictures served by their bytes' SHA-256", async () => {
    const { client } = await signedUpTeacher(server.url);
    const { hunt } = (await client.get("/api/starter-hunts/junior-infants-sese-en")).body;
    expect(hunt).toMatchObject({ id: "junior-infants-sese-en", questionCount: 3, language: "en" });
    expect(hunt.questions[0]).toMatchObject({
      questionText: "Which one is the sun?",
      correctAnswer: 0,
      clue: "It is hot and yellow.",
      hidingPlace: "on the teacher's desk",
      picture: null,
    });
    const [sun, cloud, rain, snow] = hunt.questions[0].optionPictures;
    expect(sun).toEqual({
      src: expect.stringMatching(/^\/api\/starter-pictures\/[0-9a-f]{64}$/),
      alt: "sun",
      width: 160,
      height: 160,
    });
    expect(new Set([sun.src, cloud.src, rain.src, snow.src]).size).toBe(4);
    // A picture two questions use is one address.
    expect(hunt.questions[2].picture).toEqual({ ...snow, alt: "White snowflakes on a dark blue sky" });

    const picture = await client.get(snow.src);
    expect(picture.status).toBe(200);
    expect(picture.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(createHash("sha256").update(picture.bytes!).digest("hex")).toBe(snow.src.split("/").pop());
    expect((await client.get(snow.src, { "if-none-match": picture.headers.etag as string })).status).toBe(304);

    const missing = await client.get(`/api/starter-pictures/${"0".repeat(64)}`);
    expect(missing.status).toBe(404);
    const unknown = await client.get("/api/starter-hunts/7th-class-maths-en");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.key).toBe(starterMessages.notFound);
  });

  it("uses a hunt: a new game of the teacher's own, within her storage, the starter hunt unchanged", async () => {
    const teacher = await signedUpTeacher(server.url);
    const { client } = teacher;
    const before = (await client.get("/api/starter-hunts/junior-infants-sese-en")).body.hunt;
    const storedBefore = await storedBytesOf(server.database.db, teacher.id);
    const used = await client.post("/api/starter-hunts/junior-infants-sese-en/use", {});
    expect(used.status).toBe(201);
    expect(used.body).toEqual({ id: expect.any(String), title: "Science - Junior Infants - The weather" });

    // An ordinary game of hers: the hunt's questions, answers, clues and hiding places, its pictures rows of her own.
    const { game } = (await client.get(`/api/games/${used.body.id}`)).body;
    expect(game).toMatchObject({
      title: before.title,
      description: before.description,
      aiLastUsedSubject: "Science",
      aiLastUsedLevel: "Junior Infants",
      language: "en",
      questionCount: 3,
    });
    expect(
      game.questions.map((q: Record<string, unknown>) => [
        q.questionText,
        q.options,
        q.correctAnswer,
        q.clue,
        q.hidingPlace,
      ]),
    ).toEqual(
      before.questions.map((q: Record<string, unknown>) => [
        q.questionText,
        q.options,
        q.correctAnswer,
        q.clue,
        q.hidingPlace,
      ]),
    );
    const pictureIds = [
      ...new Set(game.questions.flatMap((q: { optionImageIds: string[] | null }) => q.optionImageIds ?? [])),
    ];
    expect(pictureIds).toHaveLength(4);
    const owners = await queryRows<{ owner_id: string }>(
      server.database.db,
      sql`select owner_id from images where id in (${sql.join(
        pictureIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(owners.map((row) => row.owner_id)).toEqual(Array(4).fill(teacher.id));
    // Her storage holds the game and its pictures now.
    const pictureBytes = await queryRows<{ bytes: string }>(
      server.database.db,
      sql`select sum(octet_length(bytes)) as bytes from images where owner_id = ${teacher.id}`,
    );
    expect(await storedBytesOf(server.database.db, teacher.id)).toBeGreaterThan(
      storedBefore + Number(pictureBytes[0]!.bytes) + 1000,
    );

    // Hers to change; the starter hunt stays as it was, for her and everyone.
    const edited = await client.put(`/api/games/${used.body.id}`, {
      title: "Our weather hunt",
      questions: game.questions.map((q: Record<string, unknown>, i: number) =>
        i === 0 ? { ...q, questionText: "Which one shines?" } : q,
      ),
    });
    expect(edited.status).toBe(200);
    const colleague = await signedUpTeacher(server.url);
    for (const reader of [client, colleague.client])
      expect((await reader.get("/api/starter-hunts/junior-infants-sese-en")).body.hunt).toEqual(before);
    // The colleague does not see her copy.
    expect((await colleague.client.get(`/api/games/${used.body.id}`)).status).toBe(404);
  });

  it("counts a use as a save: the hourly allowance of saves and the storage quota, as a share link's copy", async () => {
    const teacher = await signedUpTeacher(server.url);
    // All but one of the hour's saves spent.
    await server.app.limitCounters.add([
      {
        key: `teacher:game-saves:${teacher.id}`,
        windowMs: TEACHER_LIMITS.gameSaves.windowMs,
        by: TEACHER_LIMITS.gameSaves.max - 1,
      },
    ]);
    expect((await teacher.client.post("/api/starter-hunts/3rd-class-maths-en/use", {})).status).toBe(201);
    const over = await teacher.client.post("/api/starter-hunts/3rd-class-maths-en/use", {});
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(inEnglish(limitMessages.tooManyGameSaves));

    // A colleague whose storage is all but full: refused, nothing kept.
    const full = await signedUpTeacher(server.url);
    const free = 500;
    const used = await storedBytesOf(server.database.db, full.id);
    await server.database.db.execute(
      sql`insert into images (owner_id, sha256, width, height, bytes)
          values (${full.id}, 'filler', 1, 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - used - free}::int), 'UTF8'))`,
    );
    const fingerprint = await dataFingerprint(server.database.db);
    const refused = await full.client.post("/api/starter-hunts/junior-infants-sese-en/use", {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(fingerprint);
  });

  it("refuses every change to a starter hunt with the way to a copy of one's own", async () => {
    const { client } = await signedUpTeacher(server.url);
    const before = await dataFingerprint(server.database.db);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await client.request(
        method,
        "/api/starter-hunts/3rd-class-maths-ga",
        method === "DELETE" ? undefined : JSON.stringify({ title: "Mine" }),
      );
      expect(res.status, method).toBe(403);
      expect(res.body.error, method).toMatchObject({
        code: "forbidden",
        key: starterMessages.readOnly,
        message: READ_ONLY,
      });
      expect((await client.request(method, "/api/starter-hunts/no-such-hunt")).status, method).toBe(404);
    }
    expect((await client.get("/api/starter-hunts/3rd-class-maths-ga")).body.hunt.title).toBe(
      "Matamaitic - Rang 3 - Codáin",
    );
    expect(await dataFingerprint(server.database.db)).toBe(before);
  });

  it("keeps nobody and pupils out: 401 signed out, 403 a pupil", async () => {
    const nobody = new HttpClient(server.url);
    const pupil = await pupilDevice(server.url);
    const { hunt } = (await (await signedUpTeacher(server.url)).client.get("/api/starter-hunts/junior-infants-sese-en"))
      .body;
    for (const [method, address] of [
      ["GET", "/api/starter-hunts"],
      ["GET", "/api/starter-hunts/3rd-class-maths-ga"],
      ["POST", "/api/starter-hunts/3rd-class-maths-ga/use"],
      ["GET", hunt.questions[0].optionPictures[0].src],
      ["PUT", "/api/starter-hunts/3rd-class-maths-ga"],
    ] as const) {
      const body = method === "POST" || method === "PUT" ? "{}" : undefined;
      const asNobody = await nobody.request(method, address, body);
      expect(asNobody.status, `${method} ${address}`).toBe(401);
      const asPupil = await pupil.request(method, address, body);
      expect(asPupil.status, `${method} ${address}`).toBe(403);
      expect(asPupil.text).not.toContain("Codáin");
    }
  });
});
