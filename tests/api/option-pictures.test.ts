/**
 * Answers as pictures (decision 038), over real HTTP on every database: each option
 * may have a picture, described by its text. Stored and read back by the creator; sent to a
 * pupil only with the question they have reached; kept by a session pinned to its version;
 * carried by game files and share-link copies as pictures of the receiving teacher's own;
 * counted in the quota; removed with the game or the account; bad ones refused as question
 * pictures are.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { deleteUnusedImages } from "../../src/server/images/image-commands.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { imageMessages } from "../../src/shared/games/images.ts";
import { gameFileMessages } from "../../src/shared/sharing/sharing.ts";
import { joinedStudent } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { webpPicture } from "../support/webp-files.ts";

type Teacher = Awaited<ReturnType<typeof signedUpTeacher>>;
type Uploaded = { id: string; src: string; width: number; height: number };

let seed = 0;
/** A distinct valid picture each time (another seed, other bytes). */
const upload = async (teacher: Teacher, width = 64, height = 48): Promise<Uploaded> => {
  const res = await teacher.client.request("POST", "/api/images", webpPicture(width, height, ++seed), {
    "content-type": "image/webp",
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

const SHAPES = ["triangle", "circle", "square", "star"];
const ANIMALS = ["cow", "lion", "sheep", "penguin"];

/** Three questions: shapes with option pictures `first`, a question of words, animals with option pictures `third`. */
const pictureGame = (first: (string | null)[] | null, third: (string | null)[] | null) => ({
  title: "Junior Infants - Shapes and animals",
  description: "",
  questions: [
    { questionText: "Which one is a triangle?", options: SHAPES, correctAnswer: 0, optionImageIds: first },
    { questionText: "What is 2 + 2?", options: ["3", "4", "5", "6"], correctAnswer: 1 },
    { questionText: "Which animal lives on a farm?", options: ANIMALS, correctAnswer: 0, optionImageIds: third },
  ],
});

const picture = (p: Uploaded, alt: string) => ({ src: `/api/images/${p.id}`, alt, width: p.width, height: p.height });
const status = async (client: HttpClient, src: string) => (await client.get(src)).status;

describe.each(testDatabaseKinds())("option pictures on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const english = (key: string) => inEnglish(key);

  it("stores them for the creator, one row for a picture used twice; a duplicate keeps them", async () => {
    const teacher = await signedUpTeacher(server.url);
    const [triangle, circle, cow] = [await upload(teacher), await upload(teacher), await upload(teacher)];
    const created = await teacher.client.post(
      "/api/games",
      pictureGame([triangle.id, circle.id, null, triangle.id], [cow.id, null, null, null]),
    );
    expect(created.status, created.text).toBe(201);
    const stored = (await teacher.client.get(`/api/games/${created.body.id}`)).body.game.questions;
    expect(stored.map((q: { optionImageIds: unknown }) => q.optionImageIds)).toEqual([
      [triangle.id, circle.id, null, triangle.id],
      null,
      [cow.id, null, null, null],
    ]);
    // Four nulls are no pictures.
    const words = await teacher.client.post("/api/games", pictureGame([null, null, null, null], null));
    expect((await teacher.client.get(`/api/games/${words.body.id}`)).body.game.questions[0].optionImageIds).toBeNull();
    // Duplicate: the editor sends the stored questions back as a new game.
    const duplicate = await teacher.client.post("/api/games", { title: "Copy", questions: stored });
    expect(duplicate.status, duplicate.text).toBe(201);
    expect(
      (await teacher.client.get(`/api/games/${duplicate.body.id}`)).body.game.questions.map(
        (q: { optionImageIds: unknown }) => q.optionImageIds,
      ),
    ).toEqual(stored.map((q: { optionImageIds: unknown }) => q.optionImageIds));
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from images where owner_id = ${teacher.id}`,
    );
    expect(count!.n).toBe(3);
  });

  it("sends a pupil a question's option pictures only once they reach it; results carry them; a session keeps its version's", async () => {
    const teacher = await signedUpTeacher(server.url);
    const uploads: Uploaded[] = [];
    for (let k = 0; k < 6; k++) uploads.push(await upload(teacher, 100 + k, 80));
    const [triangle, circle, square, star, cow, penguin] = uploads as [
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
    ];
    const game = await teacher.client.post(
      "/api/games",
      pictureGame([triangle.id, circle.id, square.id, star.id], [cow.id, null, null, penguin.id]),
    );
    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Saoirse");

    const first = await pupil.state();
    expect(first.body.current.optionPictures).toEqual([
      picture(triangle, "triangle"),
      picture(circle, "circle"),
      picture(square, "square"),
      picture(star, "star"),
    ]);
    // The third question's pictures are nowhere on the wire yet.
    for (const later of [cow, penguin]) expect(first.text).not.toContain(later.id);

    // The teacher edits the first question's pictures while the session runs: the session keeps its own.
    const replacement = await upload(teacher);
    const edited = await teacher.client.put(
      `/api/games/${game.body.id}`,
      pictureGame([replacement.id, null, null, null], [cow.id, null, null, penguin.id]),
    );
    expect(edited.status, edited.text).toBe(200);
    const wrong = await pupil.answer(0, 2);
    expect(wrong.body.isCorrect).toBe(false);
    const again = await pupil.state();
    expect(again.body.current.optionPictures[0]).toEqual(picture(triangle, "triangle"));
    expect(again.text).not.toContain(replacement.id);
    // The sweep keeps every picture a kept version uses.
    await deleteUnusedImages(server.database.db, 0);
    expect(await status(teacher.client, triangle.src)).toBe(200);

    const right = await pupil.answer(0, 0);
    expect(right.body.next.index).toBe(1);
    expect(right.body.next.optionPictures).toBeNull();
    for (const later of [cow, penguin]) expect(right.text).not.toContain(later.id);
    expect((await pupil.state()).text).not.toContain(cow.id);

    const second = await pupil.answer(1, 1);
    expect(second.body.next.optionPictures).toEqual([picture(cow, "cow"), null, null, picture(penguin, "penguin")]);
    const third = await pupil.state();
    expect(third.body.current.optionPictures).toEqual(second.body.next.optionPictures);
    // The pupil's device may fetch them.
    expect(await status(pupil.client, cow.src)).toBe(200);

    // Results: each question's option pictures as the session asked them, so the chosen one can be shown.
    await pupil.answer(2, 3);
    const results = await teacher.client.get(`/api/sessions/${session.body.id}/results`);
    expect(results.status).toBe(200);
    expect(results.body.questions.map((q: { optionPictures: unknown }) => q.optionPictures)).toEqual([
      [picture(triangle, "triangle"), picture(circle, "circle"), picture(square, "square"), picture(star, "star")],
      null,
      [picture(cow, "cow"), null, null, picture(penguin, "penguin")],
    ]);
    // The CSV keeps the text: no picture addresses in it.
    const csv = await teacher.client.get(`/api/sessions/${session.body.id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain("/api/images/");

    // A new session asks the edited game.
    const later = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const laterCode = (await teacher.client.get(`/api/sessions/${later.body.id}`)).body.session.groups[0].joinCode;
    const next = await joinedStudent(server.url, laterCode, "Oisín");
    expect((await next.state()).body.current.optionPictures).toEqual([
      picture(replacement, "triangle"),
      null,
      null,
      null,
    ]);
  });

  it("around the room: a question's option pictures come only once its station is found", async () => {
    const teacher = await signedUpTeacher(server.url);
    const uploads: Uploaded[] = [];
    for (let k = 0; k < 3; k++) uploads.push(await upload(teacher));
    const [triangle, cow, sheep] = uploads as [Uploaded, Uploaded, Uploaded];
    const game = await teacher.client.post(
      "/api/games",
      pictureGame([triangle.id, null, null, null], [cow.id, sheep.id, null, null]),
    );
    const session = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount: 1,
      huntMode: "room",
    });
    expect(session.status, session.text).toBe(201);
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Cian");
    const before = await pupil.state();
    expect(before.body.current).toBeNull();
    for (const p of uploads) expect(before.text).not.toContain(p.id);

    const cards = await queryRows<{ token: string; position: number }>(
      server.database.db,
      sql`select c.token, q.position from station_cards c
          join questions q on q.station_key = c.station_key
          join games g on g.id = q.game_id and q.version = g.question_version
          where g.id = ${game.body.id} order by q.position`,
    );
    const first = before.body.hunt.next.questionIndex as number;
    const token = cards.find((c) => Number(c.position) === first)!.token;
    const found = await pupil.client.post(`/api/play/${pupil.progressId}/stations`, { token });
    expect(found.status, found.text).toBe(200);
    const expected = [
      [picture(triangle, "triangle"), null, null, null],
      null,
      [picture(cow, "cow"), picture(sheep, "lion"), null, null],
    ][first];
    expect(found.body.state.current.optionPictures).toEqual(expected);
    // Only that question's: the others' picture ids are not on the wire.
    const others = first === 0 ? [cow, sheep] : first === 2 ? [triangle] : uploads;
    for (const p of others) expect(found.text).not.toContain(p.id);
  });

  it("refuses bad option pictures with the question pictures' messages, saving nothing", async () => {
    const teacher = await signedUpTeacher(server.url);
    const other = await signedUpTeacher(server.url);
    const mine = await upload(teacher);
    const theirs = await upload(other);
    const cases: Array<[unknown, string]> = [
      [[mine.id, theirs.id, null, null], "questions.0.optionImageIds.1"],
      [[null, null, crypto.randomUUID(), null], "questions.0.optionImageIds.2"],
      [[mine.id, "lion.jpg", null, null], "questions.0.optionImageIds.1"],
      [[mine.id, null, null], "questions.0.optionImageIds"],
      [[mine.id, null, null, null, null], "questions.0.optionImageIds"],
      ["lion.jpg", "questions.0.optionImageIds"],
    ];
    for (const [ids, field] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await teacher.client.post("/api/games", pictureGame(ids as string[], null));
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.error).toMatchObject({ message: english(imageMessages.imageNotFound), field });
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // An edit is checked alike, and loses nothing already saved.
    const saved = await teacher.client.post("/api/games", pictureGame([mine.id, null, null, null], null));
    const before = await dataFingerprint(server.database.db);
    const edit = await teacher.client.put(
      `/api/games/${saved.body.id}`,
      pictureGame([mine.id, theirs.id, null, null], null),
    );
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatchObject({
      message: english(imageMessages.imageNotFound),
      field: "questions.0.optionImageIds.1",
    });
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // An option with a picture still needs its text.
    const blank = pictureGame([mine.id, null, null, null], null);
    blank.questions[0]!.options = ["", "circle", "square", "star"];
    expect((await teacher.client.post("/api/games", blank)).status).toBe(400);
  });

  it("round-trips them in a game file as pictures of the importer's own, each once; refuses a bad one naming the question", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const [triangle, circle, cow] = [await upload(a), await upload(a), await upload(a)];
    const created = await a.client.post("/api/games", {
      ...pictureGame([triangle.id, circle.id, null, triangle.id], [cow.id, null, null, null]),
      questions: pictureGame([triangle.id, circle.id, null, triangle.id], [cow.id, null, null, null]).questions.map(
        (q, i) => (i === 2 ? { ...q, imageId: triangle.id, imageAlt: "A farmyard" } : q),
      ),
    });
    expect(created.status, created.text).toBe(201);
    const file = await a.client.get(`/api/games/${created.body.id}/export`);
    expect(file.status).toBe(200);
    expect(file.body.version).toBe(2);
    expect(file.body.game.images).toHaveLength(3);
    expect(
      file.body.game.questions.map((q: { optionImages?: unknown; image?: number }) => [q.optionImages, q.image]),
    ).toEqual([
      [[0, 1, null, 0], undefined],
      [undefined, undefined],
      [[2, null, null, null], 0],
    ]);
    for (const p of [triangle, circle, cow]) expect(file.text).not.toContain(p.id);

    const imported = await b.client.post("/api/games/import", file.body);
    expect(imported.status, imported.text).toBe(201);
    const copy = (await b.client.get(`/api/games/${imported.body.id}`)).body.game.questions;
    const [t, c, , t2] = copy[0].optionImageIds as string[];
    expect(t2).toBe(t);
    expect(copy[2].imageId).toBe(t);
    expect(copy[1].optionImageIds).toBeNull();
    expect(copy[2].optionImageIds.slice(1)).toEqual([null, null, null]);
    const mine = [t!, c!, copy[2].optionImageIds[0] as string];
    expect(new Set([...mine, triangle.id, circle.id, cow.id]).size).toBe(6);
    const owners = await queryRows<{ owner_id: string }>(
      server.database.db,
      sql`select distinct owner_id from images where id in (${sql.join(
        mine.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(owners.map((r) => r.owner_id)).toEqual([b.id]);

    // A picture index the file does not have, or bytes that are not a clean WebP: refused, naming the question.
    const broken = structuredClone(file.body);
    broken.game.questions[2].optionImages = [7, null, null, null];
    const missing = await b.client.post("/api/games/import", broken);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("3");
    expect(missing.body.error.message).toContain(inEnglish(gameFileMessages.pictureMissing));
    const badBytes = structuredClone(file.body);
    badBytes.game.images[1] = Buffer.from("not a picture at all").toString("base64");
    const bad = await b.client.post("/api/games/import", badBytes);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(inEnglish(gameFileMessages.badPicture));
    expect(bad.body.error.message).toContain("1");
  });

  it("copies them through a share link as the colleague's own, within the colleague's quota", async () => {
    const owner = await signedUpTeacher(server.url);
    const colleague = await signedUpTeacher(server.url);
    const [triangle, cow] = [await upload(owner, 120, 90), await upload(owner)];
    const gameId = (
      await owner.client.post("/api/games", pictureGame([triangle.id, null, null, null], [cow.id, cow.id, null, null]))
    ).body.id as string;
    const linkId = ((await owner.client.request("PUT", `/api/games/${gameId}/share`)).body.sharePath as string).slice(
      8,
    );

    const view = await colleague.client.get(`/api/shared/${linkId}`);
    expect(view.status).toBe(200);
    expect(view.body.game.questions.map((q: { optionPictures: unknown }) => q.optionPictures)).toEqual([
      [picture(triangle, "triangle"), null, null, null],
      null,
      [picture(cow, "cow"), picture(cow, "lion"), null, null],
    ]);
    expect(view.text).not.toContain("optionImageIds");

    // A colleague whose storage is full cannot copy the pictures.
    const full = await signedUpTeacher(server.url);
    await server.database.db.execute(
      sql`insert into images (owner_id, sha256, width, height, bytes) values (${full.id}, 'filler', 1, 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - 200}), 'UTF8'))`,
    );
    const before = await dataFingerprint(server.database.db);
    const refused = await full.client.post(`/api/shared/${linkId}/copy`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(before);

    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status, copied.text).toBe(201);
    const copy = (await colleague.client.get(`/api/games/${copied.body.id}`)).body.game.questions;
    const [mineTriangle] = copy[0].optionImageIds as string[];
    const [mineCow, mineCowAgain] = copy[2].optionImageIds as string[];
    expect(mineCowAgain).toBe(mineCow);
    expect([mineTriangle, mineCow]).not.toContain(triangle.id);
    expect([mineTriangle, mineCow]).not.toContain(cow.id);
    // The copy keeps its pictures when the owner leaves.
    await server.database.db.execute(sql`delete from users where id = ${owner.id}`);
    expect(await status(colleague.client, triangle.src)).toBe(404);
    expect(await status(colleague.client, `/api/images/${mineTriangle}`)).toBe(200);
  });

  it("are in the account export, and go with the game and with the account", async () => {
    const teacher = await signedUpTeacher(server.url);
    const [triangle, cow, kept] = [await upload(teacher), await upload(teacher), await upload(teacher)];
    const gone = await teacher.client.post("/api/games", pictureGame([triangle.id, null, null, null], null));
    const stays = await teacher.client.post("/api/games", pictureGame(null, [kept.id, cow.id, null, null]));

    const exported = await teacher.client.get("/api/account/export");
    expect(exported.status).toBe(200);
    const exportedGame = exported.body.games.find((g: { id: string }) => g.id === stays.body.id);
    expect(exportedGame.questions[2].optionPictures).toEqual([
      { address: `/api/images/${kept.id}`, description: "cow" },
      { address: `/api/images/${cow.id}`, description: "lion" },
      null,
      null,
    ]);

    // The sweep never deletes a picture only an option uses.
    await deleteUnusedImages(server.database.db, 0);
    for (const p of [triangle, cow, kept]) expect(await status(teacher.client, p.src)).toBe(200);
    expect((await teacher.client.request("DELETE", `/api/games/${gone.body.id}`)).status).toBe(200);
    await deleteUnusedImages(server.database.db, 0);
    expect(await status(teacher.client, triangle.src)).toBe(404);
    expect(await status(teacher.client, kept.src)).toBe(200);

    const deleted = await teacher.client.post("/api/account/delete", {
      confirmation: teacher.email,
      currentPassword: teacher.password,
    });
    expect(deleted.status, deleted.text).toBe(200);
    for (const p of [cow, kept]) expect(await status(new HttpClient(server.url), p.src)).toBe(404);
  });
});
