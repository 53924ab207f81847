/**
 * Game files and share links over real HTTP, on every database: export → import round trip
 * into another account, bad files refused with the save's messages and nothing stored, and a
 * share link turned on, used, copied, turned off; only the creator controls it.
 */

import { createHash } from "node:crypto";
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { BODY_LIMITS, TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { GAME_LIMITS, gameMessages } from "../../src/shared/games/games.ts";
import { IMAGE_LIMITS } from "../../src/shared/games/images.ts";
import { OPTION_NOTE_MAX } from "../../src/shared/games/option-notes.ts";
import {
  base64Length,
  GAME_FILE_FORMAT,
  GAME_FILE_LIMITS,
  gameFileMessages,
  shareMessages,
} from "../../src/shared/sharing/sharing.ts";
import { pupilDevice } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { sampleGame, signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { CHROMIUM_WEBP, CHROMIUM_WEBP_ALPHA, webpOfSize } from "../support/webp-files.ts";

const upload = (client: HttpClient, bytes: Buffer) =>
  client.request("POST", "/api/images", bytes, { "content-type": "image/webp" });

/** The owner of each picture row, and its bytes (hex), by id. */
async function pictureRows(db: TestServer["database"]["db"], ids: string[]) {
  const rows = await queryRows<{ id: string; owner_id: string; sha256: string }>(
    db,
    sql`select id, owner_id, sha256 from images where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * `count` picture rows of `bytes` bytes each, owned by `ownerId`, made inside the database (no
 * upload): distinct bytes (and SHA-256) per row, numbered from `first`, so that two teachers' rows differ. Not WebP: for tests where only a picture's size counts.
 */
async function storedPictures(
  db: TestServer["database"]["db"],
  ownerId: string,
  count: number,
  bytes: number,
  first: number,
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into images (owner_id, sha256, width, height, bytes)
        select ${ownerId}::text, encode(sha256(b), 'hex'), 1280, 720, b
        from (select decode(lpad(to_hex(g), 8, '0') || repeat('00', ${bytes - 4}::int), 'hex') as b
              from generate_series(${first}::int, ${first + count - 1}::int) g) s
        returning id`,
  );
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

/**
 * WebP `files` kept for `ownerId` as an upload keeps a file it has nothing to remove from (the
 * bytes as sent, their SHA-256, the picture's size), made inside the database: for a test that
 * needs many such pictures and proves with one upload that it keeps them as sent. Ids in order.
 */
async function keptPictures(
  db: TestServer["database"]["db"],
  ownerId: string,
  files: Buffer[],
  width: number,
  height: number,
) {
  const ids: string[] = [];
  for (const bytes of files) {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into images (owner_id, sha256, width, height, bytes)
          values (${ownerId}, ${sha256}, ${width}, ${height}, ${bytes}) returning id`,
    );
    ids.push(row!.id);
  }
  return ids;
}

/** A question with a picture. */
const pictured = (n: number, imageId: string, imageAlt: string) => ({
  questionText: `Which animal is this? (${n})`,
  options: ["fox", "owl", "hare", "badger"],
  correctAnswer: n % 4,
  imageId,
  imageAlt,
});

const gameWithClue = () =>
  sampleGame({
    title: "Gaeilge - 3rd Class - An aimsir",
    description: "Focail na haimsire 🌧️",
    aiLastUsedSubject: "Irish",
    aiLastUsedLevel: "3rd Class",
    aiLastUsedTopic: "An aimsir",
    questions: [
      {
        questionText: "Cad é 'rain'?",
        options: ["báisteach", "grian", "sneachta", "gaoth"],
        correctAnswer: 0,
        clue: "Bíonn sé fliuch.",
      },
      { questionText: "Cad é 'sun'?", options: ["scamall", "grian", "ceo", "tintreach"], correctAnswer: 1 },
    ],
  });

describe.each(testDatabaseKinds())("game files and share links on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const put = (client: HttpClient, path: string) => client.request("PUT", path);
  const del = (client: HttpClient, path: string) => client.request("DELETE", path);

  it("exports a game as a named, versioned file that another teacher imports as their own game", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const created = await a.client.post("/api/games", gameWithClue());
    expect(created.status).toBe(201);

    const file = await a.client.get(`/api/games/${created.body.id}/export`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^application\/json/);
    expect(file.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("Gaeilge - 3rd Class - An aimsir.cluehunt.json")}`,
    );
    expect(file.body).toMatchObject({
      format: GAME_FILE_FORMAT,
      version: 2,
      game: { title: "Gaeilge - 3rd Class - An aimsir", subject: "Irish", classLevel: "3rd Class" },
    });
    expect(file.text).not.toContain(created.body.id);
    expect(file.text).not.toContain(a.email);

    const imported = await b.client.post("/api/games/import", file.body);
    expect(imported.status).toBe(201);
    expect(imported.body.title).toBe("Gaeilge - 3rd Class - An aimsir");
    const copy = (await b.client.get(`/api/games/${imported.body.id}`)).body.game;
    const original = (await a.client.get(`/api/games/${created.body.id}`)).body.game;
    // The imported game's questions are its own: station keys (and so cards) of their own (decision 031).
    const strip = ({ id: _id, createdAt: _c, questions, ...rest }: Record<string, unknown>) => ({
      ...rest,
      questions: (questions as Array<Record<string, unknown>>).map(({ stationKey: _key, ...q }) => q),
    });
    expect(strip(copy)).toEqual(strip(original));
    expect(copy.questions[0].clue).toBe("Bíonn sé fliuch.");
    expect(copy.questions[1].clue).toBeNull();
    // Another teacher's game is not exported to anyone but its creator.
    expect((await b.client.get(`/api/games/${created.body.id}/export`)).status).toBe(404);
  });

  it("round-trips the largest game a teacher may write, within the import's body limit", async () => {
    const { client } = await signedUpTeacher(server.url);
    const emoji = (n: number) => "🦊".repeat(n);
    const largest = {
      title: emoji(GAME_LIMITS.title),
      description: emoji(GAME_LIMITS.description),
      aiLastUsedContext: emoji(GAME_LIMITS.context),
      questions: Array.from({ length: GAME_LIMITS.maxQuestions }, () => ({
        questionText: emoji(GAME_LIMITS.questionText),
        options: [1, 2, 3, 4].map(() => emoji(GAME_LIMITS.option)),
        correctAnswer: 3,
        clue: emoji(GAME_LIMITS.clue),
        hidingPlace: emoji(GAME_LIMITS.hidingPlace),
        // A note on each wrong option.
        optionNotes: [emoji(OPTION_NOTE_MAX), emoji(OPTION_NOTE_MAX), emoji(OPTION_NOTE_MAX), ""],
      })),
    };
    expect(Buffer.byteLength(JSON.stringify(largest))).toBeLessThan(BODY_LIMITS.gameSave);
    const saved = await client.post("/api/games", largest);
    expect(saved.status, saved.text.slice(0, 200)).toBe(201);
    const file = await client.get(`/api/games/${saved.body.id}/export`);
    // As the file on disk (indented), and as the browser sends it back.
    expect(Buffer.byteLength(file.text)).toBeLessThan(BODY_LIMITS.gameFile);
    const imported = await client.request("POST", "/api/games/import", file.text);
    expect(imported.status, imported.text.slice(0, 200)).toBe(201);
    const withoutKeys = (questions: Array<Record<string, unknown>>) => questions.map(({ stationKey: _key, ...q }) => q);
    expect(withoutKeys((await client.get(`/api/games/${imported.body.id}`)).body.game.questions)).toEqual(
      withoutKeys((await client.get(`/api/games/${saved.body.id}`)).body.game.questions),
    );
  });

  it("keeps its 28 MiB limit consistent: a teacher's whole storage of pictures in base64 and the largest game's text fit", () => {
    expect(GAME_FILE_LIMITS.picturesBytes).toBe(TEACHER_LIMITS.storageBytes);
    expect(GAME_FILE_LIMITS.pictureBytes).toBe(IMAGE_LIMITS.maxBytes);
    expect(BODY_LIMITS.gameFile).toBe(GAME_FILE_LIMITS.fileBytes);
    expect(base64Length(GAME_FILE_LIMITS.picturesBytes) + BODY_LIMITS.gameSave + 64 * 1024).toBeLessThan(
      GAME_FILE_LIMITS.fileBytes,
    );
  });

  it("carries a game's pictures in its file; the importing teacher gets pictures of their own, kept when the first teacher leaves", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const fox = (await upload(a.client, CHROMIUM_WEBP)).body;
    const owl = (await upload(a.client, CHROMIUM_WEBP_ALPHA)).body;
    const created = await a.client.post("/api/games", {
      title: "Animals",
      questions: [
        pictured(0, fox.id, "A red fox in the snow"),
        { ...gameWithClue().questions[1] },
        pictured(2, owl.id, "An owl on a branch"),
        pictured(3, fox.id, "The fox, closer"),
      ],
    });
    expect(created.status, created.text).toBe(201);

    const file = await a.client.get(`/api/games/${created.body.id}/export`);
    expect(file.status).toBe(200);
    // Each picture once, as the bytes served (colour profile already removed), named by index.
    const served = await Promise.all(
      [fox.src, owl.src].map(async (src: string) => (await a.client.get(src)).bytes!.toString("base64")),
    );
    expect(file.body.game.images).toEqual(served);
    expect(
      file.body.game.questions.map((q: { image?: number; imageAlt?: string }) => [q.image ?? null, q.imageAlt ?? null]),
    ).toEqual([
      [0, "A red fox in the snow"],
      [null, null],
      [1, "An owl on a branch"],
      [0, "The fox, closer"],
    ]);
    expect(file.text).not.toContain(fox.id);
    expect(file.text).not.toContain(owl.id);

    const imported = await b.client.post("/api/games/import", file.body);
    expect(imported.status, imported.text).toBe(201);
    const copy = (await b.client.get(`/api/games/${imported.body.id}`)).body.game;
    const ids = copy.questions.map((q: { imageId: string | null }) => q.imageId);
    expect(ids[1]).toBeNull();
    expect(ids[0]).toBe(ids[3]);
    expect(new Set([ids[0], ids[2], fox.id, owl.id]).size).toBe(4);
    expect(copy.questions.map((q: { imageAlt: string | null }) => q.imageAlt)).toEqual([
      "A red fox in the snow",
      null,
      "An owl on a branch",
      "The fox, closer",
    ]);
    const rows = await pictureRows(server.database.db, [ids[0], ids[2]]);
    expect([...rows.values()].map((row) => row.owner_id)).toEqual([b.id, b.id]);
    // Importing the same file again keeps no second copy of the same bytes.
    const again = await b.client.post("/api/games/import", file.body);
    expect((await b.client.get(`/api/games/${again.body.id}`)).body.game.questions[0].imageId).toBe(ids[0]);

    // Pupils of B's game are served B's pictures, which stay when A and A's pictures are gone.
    await server.database.db.execute(sql`delete from users where id = ${a.id}`);
    expect((await new HttpClient(server.url).get(fox.src)).status).toBe(404);
    const mine = await new HttpClient(server.url).get(`/api/images/${ids[0]}`);
    expect(mine.status).toBe(200);
    expect(mine.bytes!.toString("base64")).toBe(served[0]);
  });

  it("round-trips a game with a teacher's whole storage of pictures within the 28 MiB limit, and refuses a file whose pictures pass it", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    // 48 distinct pictures of the largest size: 18.75 MiB, with a 100-question game, near a teacher's 20 MiB.
    // One is uploaded, which keeps it byte for byte; the other 47 are kept the same way by the
    // database directly: an upload reads the whole bitstream (~45 ms), and 47 more prove nothing more.
    const files = Array.from({ length: 48 }, (_, k) => webpOfSize(IMAGE_LIMITS.maxBytes, k));
    const first = await upload(a.client, files[0]!);
    expect(first.status, first.text).toBe(201);
    const [firstRow] = (await pictureRows(server.database.db, [first.body.id])).values();
    expect(firstRow!.sha256).toBe(createHash("sha256").update(files[0]!).digest("hex"));
    const ids = [
      first.body.id as string,
      ...(await keptPictures(server.database.db, a.id, files.slice(1), first.body.width, first.body.height)),
    ];
    const questions = Array.from({ length: GAME_LIMITS.maxQuestions }, (_, n) =>
      pictured(n, ids[n % ids.length]!, `Picture ${n % ids.length}`),
    );
    const saved = await a.client.post("/api/games", { title: "Every picture", questions });
    expect(saved.status, saved.text.slice(0, 200)).toBe(201);
    const file = await a.client.get(`/api/games/${saved.body.id}/export`);
    expect(file.body.game.images).toHaveLength(48);
    expect(Buffer.byteLength(file.text)).toBeLessThan(BODY_LIMITS.gameFile);
    const imported = await b.client.request("POST", "/api/games/import", file.text);
    expect(imported.status, imported.text.slice(0, 200)).toBe(201);
    const copy = (await b.client.get(`/api/games/${imported.body.id}`)).body.game;
    expect(new Set(copy.questions.map((q: { imageId: string }) => q.imageId)).size).toBe(48);

    // Past a teacher's storage, refused whole with its own sentence, nothing kept: the file's 48
    // pictures and four more, 20.3 MiB, none of them C's.
    const c = await signedUpTeacher(server.url);
    const tooMany = [
      ...(file.body.game.images as string[]),
      ...Array.from({ length: 4 }, (_, k) => webpOfSize(IMAGE_LIMITS.maxBytes, 1000 + k).toString("base64")),
    ];
    expect(new Set(tooMany).size).toBe(52);
    const body = JSON.stringify({
      format: GAME_FILE_FORMAT,
      version: 1,
      game: {
        title: "Too many",
        images: tooMany,
        questions: tooMany.map((_, k) => ({ ...pictured(k, "", `Picture ${k}`), imageId: undefined, image: k })),
      },
    });
    expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMITS.gameFile);
    const before = await dataFingerprint(server.database.db);
    const refused = await c.client.request("POST", "/api/games/import", body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(inEnglish(gameFileMessages.picturesTooLarge));
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // A's and B's 37.5 MiB of pictures go with them: every later fingerprint in this file would
    // otherwise read them all (an MD5 of each picture, twice for each file refused below).
    await server.database.db.execute(sql`delete from users where id in (${a.id}, ${b.id})`);
    // Every picture the server reads, it reads to its bitstream's end (cleanWebp's VP8 trimming): the
    // upload, the 48 imported and the 52 refused are most of this test's time.
  }, 180_000);

  it("refuses an import before reading its body unless a teacher is signed in, and a body past 28 MiB", async () => {
    // Headers announcing a 27 MiB body, and none of it sent: the answer comes at once, so the body was never awaited.
    const announce = (cookie?: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL("/api/games/import", server.url);
        const req = http.request(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": String(27 * 1024 * 1024),
            origin: url.origin,
            ...(cookie ? { cookie } : {}),
          },
          agent: false,
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
        req.flushHeaders();
      });
    const started = Date.now();
    expect(await announce()).toBe(401);
    const pupil = await pupilDevice(server.url);
    const pupilCookie = (pupil as unknown as { cookies: Map<string, string> }).cookies;
    expect(await announce([...pupilCookie].map(([k, v]) => `${k}=${v}`).join("; "))).toBe(403);
    expect(Date.now() - started).toBeLessThan(5000);

    const { client } = await signedUpTeacher(server.url);
    const tooLarge = await client.request(
      "POST",
      "/api/games/import",
      JSON.stringify({ format: GAME_FILE_FORMAT, version: 1, game: { title: "x".repeat(BODY_LIMITS.gameFile) } }),
    );
    expect(tooLarge.status).toBe(413);
  });

  it("refuses bad files with the save's own messages, naming the question, and stores nothing", async () => {
    const { client } = await signedUpTeacher(server.url);
    const good = (await client.get(`/api/games/${(await client.post("/api/games", gameWithClue())).body.id}/export`))
      .body;
    const cases: Array<[unknown, string]> = [
      [{ title: "Just a game" }, inEnglish(gameFileMessages.notAGameFile)],
      [[1, 2, 3], inEnglish(gameFileMessages.notAGameFile)],
      [{ ...good, version: 5 }, inEnglish(gameFileMessages.newerVersion(5))],
      [{ ...good, game: null }, inEnglish(gameFileMessages.noGame)],
      [{ ...good, game: { ...good.game, title: "   " } }, inEnglish(gameMessages.titleRequired)],
      [{ ...good, game: { ...good.game, questions: [] } }, inEnglish(gameMessages.atLeastOneQuestion)],
      [
        {
          ...good,
          game: {
            ...good.game,
            questions: [good.game.questions[0], { ...good.game.questions[1], options: ["a", "b", "c"] }],
          },
        },
        `Question 2: ${inEnglish(gameMessages.optionsRequired)}`,
      ],
      [
        { ...good, game: { ...good.game, questions: [{ ...good.game.questions[0], correctAnswer: 7 }] } },
        `Question 1: ${inEnglish(gameMessages.correctAnswerRequired)}`,
      ],
      [
        {
          ...good,
          game: {
            ...good.game,
            questions: [{ ...good.game.questions[0], questionText: "q".repeat(GAME_LIMITS.questionText + 1) }],
          },
        },
        `Question 1: ${inEnglish(gameMessages.questionTooLong)}`,
      ],
    ];
    for (const [body, message] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await client.post("/api/games/import", body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // A file from a later version with fields this one does not know still imports.
    const later = {
      ...good,
      generator: "Cluehunt 2",
      game: {
        ...good.game,
        questions: good.game.questions.map((q: object) => ({ ...q, picture: { alt: "A cloud" } })),
      },
    };
    expect((await client.post("/api/games/import", later)).status).toBe(201);
    expect((await new HttpClient(server.url).post("/api/games/import", good)).status).toBe(401);
  });

  it("turns a share link on (the same link while on), lets another teacher read and copy the game, and stops it at once when turned off", async () => {
    const owner = await signedUpTeacher(server.url, { displayName: "Múinteoir Áine" });
    const colleague = await signedUpTeacher(server.url);
    const gameId = (await owner.client.post("/api/games", gameWithClue())).body.id as string;
    const sharePath = `/api/games/${gameId}/share`;

    expect((await owner.client.get(sharePath)).body).toEqual({ sharePath: null });
    const on = await put(owner.client, sharePath);
    expect(on.status).toBe(200);
    expect(on.body.sharePath).toMatch(/^\/shared\/[A-Za-z0-9_-]{22}$/);
    expect((await put(owner.client, sharePath)).body).toEqual(on.body);
    expect((await owner.client.get(sharePath)).body).toEqual(on.body);
    const linkId = (on.body.sharePath as string).slice("/shared/".length);

    const view = await colleague.client.get(`/api/shared/${linkId}`);
    expect(view.status).toBe(200);
    expect(view.body.game).toEqual({
      title: "Gaeilge - 3rd Class - An aimsir",
      description: "Focail na haimsire 🌧️",
      subject: "Irish",
      classLevel: "3rd Class",
      language: "ga",
      sharedBy: "Múinteoir Áine",
      questions: [
        {
          questionText: "Cad é 'rain'?",
          kind: "choice",
          options: ["báisteach", "grian", "sneachta", "gaoth"],
          correctAnswer: 0,
          correctAnswers: null,
          fadasCount: false,
          clue: "Bíonn sé fliuch.",
          optionNotes: null,
          hidingPlace: null,
          picture: null,
          optionPictures: null,
          recording: null,
          optionRecordings: null,
          clueRecording: null,
        },
        {
          questionText: "Cad é 'sun'?",
          kind: "choice",
          options: ["scamall", "grian", "ceo", "tintreach"],
          correctAnswer: 1,
          correctAnswers: null,
          fadasCount: false,
          clue: null,
          optionNotes: null,
          hidingPlace: null,
          picture: null,
          optionPictures: null,
          recording: null,
          optionRecordings: null,
          clueRecording: null,
        },
      ],
    });
    expect(view.text).not.toContain(gameId);
    expect(view.text).not.toContain(owner.email);

    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status).toBe(201);
    const copy = (await colleague.client.get(`/api/games/${copied.body.id}`)).body.game;
    // The copy is the shared questions.
    expect(copy.questions).toEqual(
      view.body.game.questions.map(
        ({
          picture: _none,
          optionPictures: _noOptions,
          recording: _noRecording,
          optionRecordings: _noOptionRecordings,
          clueRecording: _noClueRecording,
          ...q
        }: {
          picture: null;
          optionPictures: null;
          recording: null;
          optionRecordings: null;
          clueRecording: null;
        }) => ({
          ...q,
          imageId: null,
          imageAlt: null,
          optionImageIds: null,
          recordingId: null,
          clueRecordingId: null,
          optionRecordingIds: null,
          stationKey: expect.any(String),
        }),
      ),
    );
    expect((await colleague.client.get("/api/games")).body.games.map((g: { id: string }) => g.id)).toContain(
      copied.body.id,
    );
    // The copy is independent: it has no link of its own, and it stays when the original's link goes off.
    const [copyRow] = await queryRows<{ share_link_id: string | null; creator_id: string }>(
      server.database.db,
      sql`select share_link_id, creator_id from games where id = ${copied.body.id}`,
    );
    expect(copyRow).toEqual({ share_link_id: null, creator_id: colleague.id });

    // Only the creator turns the link on or off, or reads it.
    expect((await colleague.client.get(sharePath)).status).toBe(404);
    expect((await put(colleague.client, sharePath)).status).toBe(404);
    expect((await del(colleague.client, sharePath)).status).toBe(404);
    expect((await colleague.client.get(`/api/shared/${linkId}`)).status).toBe(200);

    const off = await del(owner.client, sharePath);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ sharePath: null });
    const gone = await colleague.client.get(`/api/shared/${linkId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(inEnglish(shareMessages.linkOff));
    expect(gone.body.error.key).toBe("sharing.linkOff");
    expect((await colleague.client.post(`/api/shared/${linkId}/copy`, {})).status).toBe(404);
    expect((await colleague.client.get(`/api/games/${copied.body.id}`)).status).toBe(200);

    // On again: a new link; the old one stays dead.
    const again = await put(owner.client, sharePath);
    expect(again.body.sharePath).not.toBe(on.body.sharePath);
    expect((await colleague.client.get(`/api/shared/${linkId}`)).status).toBe(404);
    expect((await colleague.client.get(`/api/shared/${again.body.sharePath.slice(8)}`)).status).toBe(200);
  });

  it("a copy keeps the subject and class but not the sharer's hidden AI topic and context, which can name children (issue 27)", async () => {
    const owner = await signedUpTeacher(server.url);
    const colleague = await signedUpTeacher(server.url);
    const topic = "Fractions for Aoife Byrne's table";
    const context = "Seán Ó Briain and Niamh Walsh find halves hard; Cian is away on Fridays";
    const gameId = (
      await owner.client.post("/api/games", {
        ...gameWithClue(),
        aiLastUsedTopic: topic,
        aiLastUsedContext: context,
        aiLastUsedNumQuestions: 10,
      })
    ).body.id as string;
    expect((await owner.client.get(`/api/games/${gameId}`)).body.game).toMatchObject({
      aiLastUsedTopic: topic,
      aiLastUsedContext: context,
    });
    const linkId = ((await put(owner.client, `/api/games/${gameId}/share`)).body.sharePath as string).slice(8);
    const view = await colleague.client.get(`/api/shared/${linkId}`);
    expect(view.text).not.toContain("Aoife Byrne");
    expect(view.text).not.toContain("Niamh Walsh");
    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status).toBe(201);
    expect((await colleague.client.get(`/api/games/${copied.body.id}`)).body.game).toMatchObject({
      aiLastUsedSubject: "Irish",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: null,
      aiLastUsedContext: null,
      aiLastUsedNumQuestions: 10,
    });
    // Nowhere in the copy's row either.
    const [row] = await queryRows<{ topic: string | null; context: string | null }>(
      server.database.db,
      sql`select ai_last_used_topic as topic, ai_last_used_context as context from games where id = ${copied.body.id}`,
    );
    expect(row).toEqual({ topic: null, context: null });
  });

  it("keeps the questions' language through a share: the view names it and the copy is in it (issue 17)", async () => {
    const owner = await signedUpTeacher(server.url);
    const colleague = await signedUpTeacher(server.url);
    // Geography taught through Irish: not the subject Irish, so only the saved language says Irish.
    const gameId = (
      await owner.client.post("/api/games", {
        ...gameWithClue(),
        title: "Tíreolaíocht - Abhainn na Sionainne",
        aiLastUsedSubject: "Geography",
        language: "ga",
      })
    ).body.id;
    const linkId = ((await put(owner.client, `/api/games/${gameId}/share`)).body.sharePath as string).slice(8);
    expect((await colleague.client.get(`/api/shared/${linkId}`)).body.game).toMatchObject({
      subject: "Geography",
      language: "ga",
    });
    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status).toBe(201);
    expect((await colleague.client.get(`/api/games/${copied.body.id}`)).body.game).toMatchObject({
      aiLastUsedSubject: "Geography",
      language: "ga",
    });
    // An English game stays English.
    const english = (
      await owner.client.post("/api/games", {
        ...gameWithClue(),
        title: "Rivers",
        aiLastUsedSubject: "Geography",
        language: "en",
      })
    ).body.id;
    const englishLink = ((await put(owner.client, `/api/games/${english}/share`)).body.sharePath as string).slice(8);
    const englishCopy = await colleague.client.post(`/api/shared/${englishLink}/copy`, {});
    expect((await colleague.client.get(`/api/games/${englishCopy.body.id}`)).body.game.language).toBe("en");
  });

  it("shares a game's pictures: the view shows them, and the copy gets picture rows of its own that outlive the original", async () => {
    const owner = await signedUpTeacher(server.url);
    const colleague = await signedUpTeacher(server.url);
    const fox = (await upload(owner.client, CHROMIUM_WEBP)).body;
    // The colleague already has the owl: their copy uses the picture they have, not a second one.
    const colleagueOwl = (await upload(colleague.client, CHROMIUM_WEBP_ALPHA)).body;
    const owl = (await upload(owner.client, CHROMIUM_WEBP_ALPHA)).body;
    const gameId = (
      await owner.client.post("/api/games", {
        title: "Animals",
        questions: [
          pictured(0, fox.id, "A red fox"),
          pictured(1, owl.id, "An owl"),
          pictured(2, fox.id, "The fox again"),
        ],
      })
    ).body.id;
    const linkId = ((await put(owner.client, `/api/games/${gameId}/share`)).body.sharePath as string).slice(8);

    const view = await colleague.client.get(`/api/shared/${linkId}`);
    expect(view.body.game.questions.map((q: { picture: unknown }) => q.picture)).toEqual([
      { src: fox.src, alt: "A red fox", width: 40, height: 30 },
      { src: owl.src, alt: "An owl", width: 40, height: 30 },
      { src: fox.src, alt: "The fox again", width: 40, height: 30 },
    ]);
    expect(view.text).not.toContain('"imageId"');

    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status, copied.text).toBe(201);
    const copy = (await colleague.client.get(`/api/games/${copied.body.id}`)).body.game;
    const [first, second, third] = copy.questions.map((q: { imageId: string }) => q.imageId);
    expect(first).toBe(third);
    expect(first).not.toBe(fox.id);
    expect(second).toBe(colleagueOwl.id);
    expect(copy.questions.map((q: { imageAlt: string }) => q.imageAlt)).toEqual([
      "A red fox",
      "An owl",
      "The fox again",
    ]);
    const rows = await pictureRows(server.database.db, [first, fox.id]);
    expect(rows.get(first)!.owner_id).toBe(colleague.id);
    expect(rows.get(first)!.sha256).toBe(rows.get(fox.id)!.sha256);

    // The owner's game, pictures and account go; the copy's pictures stay.
    await server.database.db.execute(sql`delete from users where id = ${owner.id}`);
    expect((await colleague.client.get(fox.src)).status).toBe(404);
    const kept = await colleague.client.get(`/api/images/${first}`);
    expect(kept.status).toBe(200);
    expect(kept.headers["content-type"]).toBe("image/webp");
  });

  it("counts a copy's pictures in the copier's storage", async () => {
    const owner = await signedUpTeacher(server.url);
    const colleague = await signedUpTeacher(server.url);
    // Only their sizes count here: the pictures are stored rows made in the database (a picture's
    // upload, and a copy of real pictures, are proven above), 400 KiB each.
    const ids = await storedPictures(server.database.db, owner.id, 30, IMAGE_LIMITS.maxBytes, 5000);
    const gameId = (
      await owner.client.post("/api/games", {
        title: "Big",
        questions: ids.map((id, n) => pictured(n, id, `Picture ${n}`)),
      })
    ).body.id;
    const linkId = ((await put(owner.client, `/api/games/${gameId}/share`)).body.sharePath as string).slice(8);
    // 30 × 400 KiB = 11.7 MiB: one copy fits in 20 MiB, beside 25 pictures of the colleague's own it does not.
    await storedPictures(server.database.db, colleague.id, 25, IMAGE_LIMITS.maxBytes, 9000);
    const before = await dataFingerprint(server.database.db);
    const refused = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(before);
  });

  it("shows a shared game to signed-in teachers only: not to pupils, not to nobody", async () => {
    const owner = await signedUpTeacher(server.url);
    const gameId = (await owner.client.post("/api/games", gameWithClue())).body.id as string;
    const linkId = ((await put(owner.client, `/api/games/${gameId}/share`)).body.sharePath as string).slice(8);
    const nobody = new HttpClient(server.url);
    expect((await nobody.get(`/api/shared/${linkId}`)).status).toBe(401);
    const pupil = await pupilDevice(server.url);
    const asPupil = await pupil.get(`/api/shared/${linkId}`);
    expect(asPupil.status).toBe(403);
    expect(asPupil.text).not.toContain("báisteach");
    expect((await pupil.post(`/api/shared/${linkId}/copy`, {})).status).toBe(403);
  });

  it("answers a made-up or malformed link with the same 404 as one turned off", async () => {
    const { client } = await signedUpTeacher(server.url);
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "x".repeat(90), "%F0%9F%A6%8A", "'%20or%201=1--"]) {
      const res = await client.get(`/api/shared/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(inEnglish(shareMessages.linkOff));
    }
  });
});
