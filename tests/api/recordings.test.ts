/**
 * A teacher's own voice (recordings), over real HTTP on every database: upload of each kind a
 * browser or a phone writes, cleaned and kept once; served with a year's cache and in byte ranges
 * (Safari asks for them); the refusals, with nothing saved; the teacher's storage quota.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { RECORDING_LIMITS, recordingMessages } from "../../src/shared/games/recordings.ts";
import {
  CHROMIUM_MP4_5S,
  CHROMIUM_WEBM_5S,
  CHROMIUM_WEBM_20S,
  ebml,
  FFMPEG_M4A_5S,
  FFMPEG_MP3,
  FFMPEG_OGG_5S,
  FFMPEG_WITH_VIDEO,
  hasText,
  PLANTED,
  wavFile,
  webmFile,
} from "../support/audio-files.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import type { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const english = Object.fromEntries(
  Object.entries(recordingMessages).map(([name, text]) => [name, inEnglish(text)]),
) as Record<keyof typeof recordingMessages, string>;

const upload = (client: HttpClient, bytes: Uint8Array, type = "audio/webm;codecs=opus") =>
  client.request("POST", "/api/recordings", Buffer.from(bytes), { "content-type": type });

const html = Buffer.from(PLANTED.html);

describe.each(testDatabaseKinds())("recordings on %s", (db) => {
  let server: TestServer;
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;

  beforeAll(async () => {
    server = await startTestServer({ db });
    teacher = await signedUpTeacher(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const kinds: Array<[string, Uint8Array, string, string, number]> = [
    ["Chromium's WebM", CHROMIUM_WEBM_5S, "audio/webm;codecs=opus", "audio/webm", 4980],
    ["Chromium's 20-second WebM in chunks", CHROMIUM_WEBM_20S, "audio/webm", "audio/webm", 19980],
    ["a fragmented MP4 with Opus", CHROMIUM_MP4_5S, "audio/mp4", "audio/mp4", 4785],
    ["a voice memo's M4A (AAC)", FFMPEG_M4A_5S, "audio/x-m4a", "audio/mp4", 5023],
    ["Firefox's Ogg Opus", FFMPEG_OGG_5S, "audio/ogg", "audio/ogg", 5000],
    ["a WAV", wavFile(), "audio/wav", "audio/wav", 1000],
  ];
  it.each(kinds)(
    "keeps %s cleaned, serves it with its type, and keeps the same bytes once",
    async (_name, file, sentAs, type, ms) => {
      const res = await upload(teacher.client, file, sentAs);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        src: `/api/recordings/${res.body.id}`,
        mimeType: type,
        durationMs: ms,
        bytes: expect.any(Number),
      });
      // The same bytes again from the same teacher: the same recording, nothing more stored.
      const before = await dataFingerprint(server.database.db);
      const again = await upload(teacher.client, file, sentAs);
      expect(again.body.id).toBe(res.body.id);
      expect(await dataFingerprint(server.database.db)).toBe(before);

      // Anyone with the address (a pupil's device, nobody signed in) hears it.
      const { HttpClient } = await import("../support/http-client.ts");
      const served = await new HttpClient(server.url).get(res.body.src);
      expect(served.status).toBe(200);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(served.headers["accept-ranges"]).toBe("bytes");
      expect(served.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(served.bytes!.length).toBe(res.body.bytes);
      for (const planted of Object.values(PLANTED)) expect(hasText(served.bytes!, planted)).toBe(false);
    },
  );

  it("serves one byte range as Safari asks, answers HEAD, and refuses a range past the end", async () => {
    const { body: kept } = await upload(teacher.client, CHROMIUM_WEBM_5S);
    const whole = (await teacher.client.get(kept.src)).bytes!;
    const size = whole.length;
    const get = (range?: string, extra: Record<string, string> = {}) =>
      teacher.client.get(kept.src, { ...(range ? { range } : {}), ...extra });

    // Safari's first question: the first two bytes.
    const first = await get("bytes=0-1");
    expect(first.status).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-1/${size}`);
    expect(first.headers["content-length"]).toBe("2");
    expect(first.headers["content-type"]).toBe("audio/webm");
    expect(first.bytes).toEqual(whole.subarray(0, 2));

    const middle = await get("bytes=100-4195");
    expect(middle.status).toBe(206);
    expect(middle.bytes).toEqual(whole.subarray(100, 4196));
    const tail = await get("bytes=-100");
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.bytes).toEqual(whole.subarray(size - 100));
    const rest = await get(`bytes=${size - 10}-`);
    expect(rest.bytes).toEqual(whole.subarray(size - 10));

    // Hostile ranges: one far past the end is cut to the file; several ranges, a backwards or a
    // negative one are answered whole; one that starts past the end is 416.
    const huge = await get("bytes=0-999999999");
    expect([huge.status, huge.headers["content-range"], huge.bytes!.length]).toEqual([
      206,
      `bytes 0-${size - 1}/${size}`,
      size,
    ]);
    for (const range of [
      "bytes=0-1,5-9",
      `bytes=${"0-1,".repeat(500)}2-3`,
      "bytes=9-2",
      "bytes=--5",
      "bytes=-5-10",
      "lines=0-1",
    ]) {
      const res = await get(range);
      expect([range, res.status, res.bytes!.length]).toEqual([range, 200, size]);
    }
    for (const range of [`bytes=${size}-`, "bytes=999999999-999999999", "bytes=-0"]) {
      const res = await get(range);
      expect([range, res.status, res.headers["content-range"], res.bytes!.length]).toEqual([
        range,
        416,
        `bytes */${size}`,
        0,
      ]);
    }

    // If-Range with another version's tag: the whole, as the RFC says; with its own, the range.
    expect((await get("bytes=0-1", { "if-range": '"other"' })).status).toBe(200);
    expect((await get("bytes=0-1", { "if-range": first.headers.etag! })).status).toBe(206);
    // Cached: 304 with nothing sent.
    const cached = await get(undefined, { "if-none-match": first.headers.etag! });
    expect([cached.status, cached.bytes!.length]).toEqual([304, 0]);

    const head = await teacher.client.request("HEAD", kept.src);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(size));
    expect(head.headers["accept-ranges"]).toBe("bytes");
    expect(head.bytes!.length).toBe(0);
  });

  it("is not found for an id nobody has, or one that is not an id", async () => {
    for (const id of [crypto.randomUUID(), "lion.webm", "1"]) {
      const res = await teacher.client.get(`/api/recordings/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(english.notFound);
    }
  });

  it("serves another teacher's recording to anyone holding its id, and keeps each teacher's own row", async () => {
    const other = await signedUpTeacher(server.url);
    const theirs = await upload(other.client, CHROMIUM_WEBM_5S);
    const mine = await upload(teacher.client, CHROMIUM_WEBM_5S);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await teacher.client.get(theirs.body.src)).status).toBe(200);
  });

  describe("refuses, storing nothing", () => {
    const refusals: Array<[string, () => Uint8Array, number, keyof typeof english, string?]> = [
      ["a text file", () => Buffer.from("Three little pigs\n"), 415, "notAudio", "text/plain"],
      ["a text file sent as audio", () => Buffer.from("Three little pigs\n"), 400, "notAudio"],
      [
        "HTML after a WebM header",
        () => Buffer.concat([ebml(0x1a45dfa3, ebml(0x4282, Buffer.from("webm"))), html]),
        400,
        "truncated",
      ],
      ["HTML after a whole WebM recording", () => Buffer.concat([CHROMIUM_WEBM_5S, html]), 400, "trailingData"],
      ["21 seconds", () => webmFile({ seconds: 21 }), 400, "tooLong"],
      ["cut short", () => FFMPEG_M4A_5S.subarray(0, 20_000), 400, "truncated"],
      ["an MP3", () => FFMPEG_MP3, 400, "unsupported", "audio/mpeg"],
      ["a video", () => FFMPEG_WITH_VIDEO, 400, "hasVideo", "video/mp4"],
      [
        "over the size limit",
        () => Buffer.concat([CHROMIUM_WEBM_5S, Buffer.alloc(RECORDING_LIMITS.maxBytes)]),
        413,
        "tooBig",
      ],
      ["empty", () => Buffer.alloc(0), 400, "empty"],
    ];
    it.each(refusals)("%s", async (_name, bytes, status, message, type) => {
      const before = await dataFingerprint(server.database.db);
      const res = await upload(teacher.client, bytes(), type);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.message).toBe(english[message]);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    });

    it("a body over the limit without a declared length", async () => {
      const before = await dataFingerprint(server.database.db);
      const url = new URL("/api/recordings", server.url);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(url, {
          method: "POST",
          headers: {
            "content-type": "audio/webm",
            "transfer-encoding": "chunked",
            origin: url.origin,
            cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          },
        });
        req.on("response", (res) => resolve(res.statusCode ?? 0));
        req.on("error", reject);
        // Chunked: no Content-Length to refuse it by; Fastify stops reading at the limit.
        req.end(Buffer.concat([CHROMIUM_WEBM_5S, Buffer.alloc(RECORDING_LIMITS.maxBytes)]));
      });
      expect(status).toBe(413);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    });

    it("from anyone signed out, before reading the body", async () => {
      const { HttpClient } = await import("../support/http-client.ts");
      const res = await upload(new HttpClient(server.url), CHROMIUM_WEBM_5S);
      expect(res.status).toBe(401);
    });
  });

  it("counts recordings in the teacher's storage quota", async () => {
    const full = await signedUpTeacher(server.url);
    await server.database.db.execute(
      sql`insert into recordings (owner_id, sha256, mime_type, duration_ms, bytes) values (${full.id}, 'filler', 'audio/wav', 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - 200}), 'UTF8'))`,
    );
    const before = await dataFingerprint(server.database.db);
    const res = await upload(full.client, CHROMIUM_WEBM_5S);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // A game counts the recordings too.
    expect((await full.client.post("/api/games", threeQuestionGame)).status).toBe(409);
  });

  it("deletes a teacher's recordings with their account", async () => {
    const leaving = await signedUpTeacher(server.url);
    const kept = await upload(leaving.client, FFMPEG_OGG_5S, "audio/ogg");
    await server.database.db.execute(sql`delete from users where id = ${leaving.id}`);
    expect((await teacher.client.get(kept.body.src)).status).toBe(404);
  });
});
