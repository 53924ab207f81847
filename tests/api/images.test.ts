/**
 * Pictures in questions (decision 019), over real HTTP on every database: upload, the checks
 * on what is uploaded, serving with a year's cache, the teacher's quota, a game whose
 * questions have pictures as pupils and the results see it, and which pictures are deleted.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { deleteUnusedImages } from "../../src/server/images/image-commands.ts";
import { cleanWebp } from "../../src/server/images/webp.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { IMAGE_LIMITS, imageMessages } from "../../src/shared/games/images.ts";
import { GAME_FILE_FORMAT } from "../../src/shared/sharing/sharing.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import {
  CHROMIUM_WEBP,
  CHROMIUM_WEBP_ALPHA,
  chunksOf,
  PNG_HEAD,
  truncatedWebp,
  webpAnimated,
  webpDeclaring,
  webpOfSize,
  webpPicture,
  webpWithExif,
  webpWithHugeCanvas,
  webpWithUnknownChunk,
  webpWithXmp,
  withHiddenBytes,
} from "../support/webp-files.ts";

/** The picture messages as an English reader sees them (the server answers with the key and the English). */
const english = Object.fromEntries(
  Object.entries(imageMessages).map(([name, text]) => [name, inEnglish(text)]),
) as Record<keyof typeof imageMessages, string>;

const upload = (client: HttpClient, bytes: Buffer, type = "image/webp") =>
  client.request("POST", "/api/images", bytes, { "content-type": type });

/** A distinct valid picture of that size (a flat grey one). */
const pictureOfSize = (width: number, height: number) => webpPicture(width, height);

describe.each(testDatabaseKinds())("pictures on %s", (db) => {
  let server: TestServer;
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;

  beforeAll(async () => {
    server = await startTestServer({ db });
    teacher = await signedUpTeacher(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps an uploaded WebP without its colour profile and serves it with a year's private cache", async () => {
    const res = await upload(teacher.client, CHROMIUM_WEBP_ALPHA);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      src: `/api/images/${res.body.id}`,
      width: 40,
      height: 30,
      bytes: expect.any(Number),
    });
    // Without the colour profile (456 bytes and its header), and the 2 bytes its encoder flushed past its data.
    expect(res.body.bytes).toBe(CHROMIUM_WEBP_ALPHA.length - (456 + 8) - 2);

    // Anyone with the address: a pupil's device, another teacher, nobody signed in.
    const served = await signedUpTeacher(server.url).then((other) => other.client.get(res.body.src));
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(served.bytes!.length).toBe(res.body.bytes);
    expect(chunksOf(served.bytes!).map((c) => c.fourCC)).toEqual(["VP8X", "ALPH", "VP8 "]);
    expect(served.bytes!.includes("mluc")).toBe(false);
    // The image data itself is what was sent, less the bytes past its end no decoder reads (its encoder's last flush).
    const sentVp8 = chunksOf(CHROMIUM_WEBP_ALPHA).find((c) => c.fourCC === "VP8 ")!.payload;
    const servedVp8 = chunksOf(served.bytes!).find((c) => c.fourCC === "VP8 ")!.payload;
    expect(servedVp8.subarray(3, 10).equals(sentVp8.subarray(3, 10))).toBe(true);
    expect(sentVp8.length - servedVp8.length).toBeLessThanOrEqual(4);
    expect(
      chunksOf(served.bytes!)
        .find((c) => c.fourCC === "ALPH")!
        .payload.equals(chunksOf(CHROMIUM_WEBP_ALPHA).find((c) => c.fourCC === "ALPH")!.payload),
    ).toBe(true);

    const again = await teacher.client.get(res.body.src, { "if-none-match": served.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.bytes!.length).toBe(0);
  });

  it("keeps no bytes hidden inside the bitstream's chunk, of a hand-made upload or a game file's picture, and the picture still decodes (issue 27)", async () => {
    const clean = webpOfSize(20_000, 77);
    const hidden = withHiddenBytes(clean);
    expect(hidden.includes("<script>") && hidden.includes("Exif GPS 53.34N")).toBe(true);
    const served = async (src: string) => (await new HttpClient(server.url).get(src)).bytes!;
    const unhidden = (bytes: Buffer) => {
      expect(bytes.includes("<script>")).toBe(false);
      expect(bytes.includes("53.34")).toBe(false);
      // Still the picture: the frame the server parses and the bytes of the file without them.
      expect(cleanWebp(bytes)).toMatchObject({ ok: true, width: 1280, height: 720 });
      expect(bytes.equals(clean)).toBe(true);
    };

    const uploaded = await upload(teacher.client, hidden);
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({ width: 1280, height: 720, bytes: clean.length });
    unhidden(await served(uploaded.body.src));

    const importer = await signedUpTeacher(server.url);
    const file = {
      format: GAME_FILE_FORMAT,
      version: 1,
      game: {
        title: "Hidden",
        images: [withHiddenBytes(CHROMIUM_WEBP).toString("base64"), hidden.toString("base64")],
        questions: [0, 1].map((image) => ({ ...threeQuestionGame.questions[image], image, imageAlt: "A fox" })),
      },
    };
    const imported = await importer.client.post("/api/games/import", file);
    expect(imported.status, imported.text).toBe(201);
    const ids = (await importer.client.get(`/api/games/${imported.body.id}`)).body.game.questions.map(
      (q: { imageId: string }) => q.imageId,
    );
    const fox = await served(`/api/images/${ids[0]}`);
    expect(fox.includes("<script>") || fox.includes("53.34")).toBe(false);
    expect(cleanWebp(fox)).toMatchObject({ ok: true, width: 40, height: 30 });
    unhidden(await served(`/api/images/${ids[1]}`));
    // And what is stored: every picture of both teachers.
    const rows = await queryRows<{ bytes: Uint8Array }>(
      server.database.db,
      sql`select bytes from images where owner_id in (${importer.id}, ${teacher.id})`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { bytes } of rows)
      expect(Buffer.from(bytes).includes("<script>") || Buffer.from(bytes).includes("53.34")).toBe(false);
  });

  it("keeps the same picture uploaded twice by one teacher once", async () => {
    const first = await upload(teacher.client, pictureOfSize(640, 480));
    const second = await upload(teacher.client, pictureOfSize(640, 480));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from images where id = ${first.body.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it("answers an unknown or malformed picture id with 404", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid", "1%20or%201%3D1"]) {
      const res = await teacher.client.get(`/api/images/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(english.notFound);
    }
  });

  describe("refuses, storing nothing", () => {
    const refusals: Array<[string, () => Buffer, number, string, string?]> = [
      ["not WebP (a PNG)", () => PNG_HEAD, 400, english.notWebp],
      ["WebP with an EXIF block (GPS, a file name)", webpWithExif, 400, english.hasMetadata],
      ["WebP with XMP", webpWithXmp, 400, english.hasMetadata],
      ["WebP with a chunk nobody knows", webpWithUnknownChunk, 400, english.hasMetadata],
      ["an animation", webpAnimated, 400, english.animated],
      ["1281 pixels wide", () => pictureOfSize(1281, 720), 400, english.tooWide],
      ["16383 × 16383 declared", () => webpDeclaring(16383, 16383), 400, english.tooWide],
      ["a header declaring more than its data holds", () => webpDeclaring(320, 240), 400, english.notWebp],
      ["a canvas of 16 million pixels a side", webpWithHugeCanvas, 400, english.notWebp],
      ["cut short", () => truncatedWebp(50), 400, english.notWebp],
      ["empty", () => Buffer.alloc(0), 400, english.empty],
      [
        "larger than the limit",
        () => Buffer.concat([CHROMIUM_WEBP, Buffer.alloc(IMAGE_LIMITS.maxBytes)]),
        413,
        "The request is too large.",
      ],
      [
        "sent as JSON",
        () => Buffer.from(JSON.stringify({ picture: CHROMIUM_WEBP.toString("base64") })),
        415,
        english.notWebp,
        "application/json",
      ],
      ["sent as image/png", () => CHROMIUM_WEBP, 415, "", "image/png"],
      ["sent as text", () => CHROMIUM_WEBP, 415, "", "text/plain"],
    ];
    it.each(refusals)("%s", async (_name, bytes, status, message, type) => {
      const before = await dataFingerprint(server.database.db);
      const res = await upload(teacher.client, bytes(), type);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.message).toEqual(message ? message : expect.any(String));
      expect(await dataFingerprint(server.database.db)).toBe(before);
    });

    it("from anyone but a teacher", async () => {
      const pupilClient = (await joinedPupil()).client;
      expect((await upload(pupilClient, CHROMIUM_WEBP)).status).toBe(403);
    });
  });

  async function joinedPupil(name = `Pupil ${crypto.randomUUID().slice(0, 6)}`) {
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    return joinedStudent(server.url, code, name);
  }

  it("saves a game whose questions have pictures; pupils get the address and description, never the bytes; results too", async () => {
    const lion = await upload(teacher.client, pictureOfSize(1280, 853));
    const map = await upload(teacher.client, pictureOfSize(600, 1200));
    const alt = "A large cat with a golden mane lying in tall grass";
    const questions = threeQuestionGame.questions.map((q, i) => ({
      ...q,
      ...(i === 0 ? { imageId: lion.body.id, imageAlt: `  ${alt}  ` } : {}),
      ...(i === 1 ? { imageId: map.body.id, imageAlt: "A map of Ireland" } : {}),
    }));
    const game = await teacher.client.post("/api/games", { ...threeQuestionGame, title: "Ainmhithe", questions });
    expect(game.status, game.text).toBe(201);
    const stored = (await teacher.client.get(`/api/games/${game.body.id}`)).body.game.questions;
    expect(stored.map((q: { imageId: string | null; imageAlt: string | null }) => [q.imageId, q.imageAlt])).toEqual([
      [lion.body.id, alt],
      [map.body.id, "A map of Ireland"],
      [null, null],
    ]);

    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Aoife");
    const state = await pupil.state();
    expect(state.body.current.picture).toEqual({ src: `/api/images/${lion.body.id}`, alt, width: 1280, height: 853 });
    expect(state.text.length).toBeLessThan(2000);
    const right = await pupil.answer(0, CORRECT[0]!);
    expect(right.body.next.picture).toEqual({
      src: `/api/images/${map.body.id}`,
      alt: "A map of Ireland",
      width: 600,
      height: 1200,
    });
    await pupil.answer(1, CORRECT[1]!);
    expect((await pupil.state()).body.current.picture).toBeNull();
    // The address works for the pupil's device.
    expect((await pupil.client.get(state.body.current.picture.src)).status).toBe(200);

    const results = await teacher.client.get(`/api/sessions/${session.body.id}/results`);
    expect(results.body.questions.map((q: { picture: unknown }) => q.picture)).toEqual([
      { src: `/api/images/${lion.body.id}`, alt, width: 1280, height: 853 },
      { src: `/api/images/${map.body.id}`, alt: "A map of Ireland", width: 600, height: 1200 },
      null,
    ]);
  });

  it("refuses a picture without a description, and one that is not the teacher's own", async () => {
    const mine = await upload(teacher.client, pictureOfSize(300, 300));
    const other = await signedUpTeacher(server.url);
    const theirs = await upload(other.client, pictureOfSize(301, 300));
    const game = (question: Record<string, unknown>) => ({
      ...threeQuestionGame,
      questions: [{ ...threeQuestionGame.questions[0], ...question }],
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ imageId: mine.body.id }, english.altRequired, "questions.0.imageAlt"],
      [{ imageId: mine.body.id, imageAlt: "   " }, english.altRequired, "questions.0.imageAlt"],
      [
        { imageId: mine.body.id, imageAlt: "x".repeat(IMAGE_LIMITS.alt + 1) },
        english.altTooLong,
        "questions.0.imageAlt",
      ],
      [{ imageId: theirs.body.id, imageAlt: "A fox" }, english.imageNotFound, "questions.0.imageId"],
      [{ imageId: crypto.randomUUID(), imageAlt: "A fox" }, english.imageNotFound, "questions.0.imageId"],
      [{ imageId: "lion.jpg", imageAlt: "A fox" }, english.imageNotFound, "questions.0.imageId"],
    ];
    for (const [question, message, field] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await teacher.client.post("/api/games", game(question));
      expect(res.status, JSON.stringify(question)).toBe(400);
      expect(res.body.error).toMatchObject({ message, field });
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // A description without a picture is no picture.
    const plain = await teacher.client.post("/api/games", game({ imageId: null, imageAlt: "A fox" }));
    expect(plain.status).toBe(201);
    expect((await teacher.client.get(`/api/games/${plain.body.id}`)).body.game.questions[0]).toMatchObject({
      imageId: null,
      imageAlt: null,
    });
  });

  it("counts pictures in the teacher's storage quota", async () => {
    const full = await signedUpTeacher(server.url);
    // Fill the quota to within a small picture's size (a real row, as a long-time teacher's pictures would be).
    await server.database.db.execute(
      sql`insert into images (owner_id, sha256, width, height, bytes) values (${full.id}, 'filler', 1, 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - 200}), 'UTF8'))`,
    );
    const before = await dataFingerprint(server.database.db);
    const res = await upload(full.client, CHROMIUM_WEBP);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // A game counts the pictures too.
    const game = await full.client.post("/api/games", threeQuestionGame);
    expect(game.status).toBe(409);
  });

  it("deletes pictures no question uses once their grace is over, and keeps the others", async () => {
    const used = await upload(teacher.client, pictureOfSize(200, 100));
    const unused = await upload(teacher.client, pictureOfSize(201, 100));
    const game = await teacher.client.post("/api/games", {
      ...threeQuestionGame,
      questions: [{ ...threeQuestionGame.questions[0], imageId: used.body.id, imageAlt: "A fox" }],
    });
    expect(game.status).toBe(201);
    // Within the grace, nothing goes.
    await deleteUnusedImages(server.database.db);
    expect((await teacher.client.get(unused.body.src)).status).toBe(200);
    await deleteUnusedImages(server.database.db, 0);
    expect((await teacher.client.get(unused.body.src)).status).toBe(404);
    expect((await teacher.client.get(used.body.src)).status).toBe(200);
  });

  it("deletes a teacher's pictures with their account", async () => {
    const leaving = await signedUpTeacher(server.url);
    const picture = await upload(leaving.client, pictureOfSize(320, 240));
    await leaving.client.post("/api/games", {
      ...threeQuestionGame,
      questions: [{ ...threeQuestionGame.questions[0], imageId: picture.body.id, imageAlt: "A fox" }],
    });
    await server.database.db.execute(sql`delete from users where id = ${leaving.id}`);
    const res: HttpResponse = await teacher.client.get(picture.body.src);
    expect(res.status).toBe(404);
  });
});
