/**
 * Game files and share links over real HTTP, on every database: export → import round trip
 * into another account, bad files refused with the save's messages and nothing stored, and a
 * share link turned on, used, copied, turned off; only the creator controls it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { BODY_LIMITS } from "../../src/server/http/limits.ts";
import { GAME_FILE_FORMAT, gameFileMessages, shareMessages } from "../../src/shared/sharing.ts";
import { GAME_LIMITS, gameMessages } from "../../src/shared/games.ts";
import { pupilDevice } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { sampleGame, signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const gameWithClue = () =>
  sampleGame({
    title: "Gaeilge - 3rd Class - An aimsir",
    description: "Focail na haimsire 🌧️",
    aiLastUsedSubject: "Irish",
    aiLastUsedLevel: "3rd Class",
    aiLastUsedTopic: "An aimsir",
    questions: [
      { questionText: "Cad é 'rain'?", options: ["báisteach", "grian", "sneachta", "gaoth"], correctAnswer: 0, clue: "Bíonn sé fliuch." },
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
    expect(file.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("Gaeilge - 3rd Class - An aimsir.cluehunt.json")}`);
    expect(file.body).toMatchObject({ format: GAME_FILE_FORMAT, version: 1, game: { title: "Gaeilge - 3rd Class - An aimsir", subject: "Irish", classLevel: "3rd Class" } });
    expect(file.text).not.toContain(created.body.id);
    expect(file.text).not.toContain(a.email);

    const imported = await b.client.post("/api/games/import", file.body);
    expect(imported.status).toBe(201);
    expect(imported.body.title).toBe("Gaeilge - 3rd Class - An aimsir");
    const copy = (await b.client.get(`/api/games/${imported.body.id}`)).body.game;
    const original = (await a.client.get(`/api/games/${created.body.id}`)).body.game;
    const strip = ({ id: _id, createdAt: _c, ...rest }: Record<string, unknown>) => rest;
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
      })),
    };
    const saved = await client.post("/api/games", largest);
    expect(saved.status, saved.text.slice(0, 200)).toBe(201);
    const file = await client.get(`/api/games/${saved.body.id}/export`);
    // As the file on disk (indented), and as the browser sends it back.
    expect(Buffer.byteLength(file.text)).toBeLessThan(BODY_LIMITS.gameFile);
    const imported = await client.request("POST", "/api/games/import", file.text);
    expect(imported.status, imported.text.slice(0, 200)).toBe(201);
    expect((await client.get(`/api/games/${imported.body.id}`)).body.game.questions).toEqual((await client.get(`/api/games/${saved.body.id}`)).body.game.questions);
  });

  it("refuses bad files with the save's own messages, naming the question, and stores nothing", async () => {
    const { client } = await signedUpTeacher(server.url);
    const good = (await client.get(`/api/games/${(await client.post("/api/games", gameWithClue())).body.id}/export`)).body;
    const cases: Array<[unknown, string]> = [
      [{ title: "Just a game" }, gameFileMessages.notAGameFile],
      [[1, 2, 3], gameFileMessages.notAGameFile],
      [{ ...good, version: 2 }, gameFileMessages.newerVersion(2)],
      [{ ...good, game: null }, gameFileMessages.noGame],
      [{ ...good, game: { ...good.game, title: "   " } }, gameMessages.titleRequired],
      [{ ...good, game: { ...good.game, questions: [] } }, gameMessages.atLeastOneQuestion],
      [{ ...good, game: { ...good.game, questions: [good.game.questions[0], { ...good.game.questions[1], options: ["a", "b", "c"] }] } }, `Question 2: ${gameMessages.optionsRequired}`],
      [{ ...good, game: { ...good.game, questions: [{ ...good.game.questions[0], correctAnswer: 7 }] } }, `Question 1: ${gameMessages.correctAnswerRequired}`],
      [{ ...good, game: { ...good.game, questions: [{ ...good.game.questions[0], questionText: "q".repeat(GAME_LIMITS.questionText + 1) }] } }, `Question 1: ${gameMessages.questionTooLong}`],
    ];
    for (const [body, message] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await client.post("/api/games/import", body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // A file from a later version with fields this one does not know still imports.
    const later = { ...good, generator: "Cluehunt 2", game: { ...good.game, questions: good.game.questions.map((q: object) => ({ ...q, picture: { alt: "A cloud" } })) } };
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
      sharedBy: "Múinteoir Áine",
      questions: [
        { questionText: "Cad é 'rain'?", options: ["báisteach", "grian", "sneachta", "gaoth"], correctAnswer: 0, clue: "Bíonn sé fliuch." },
        { questionText: "Cad é 'sun'?", options: ["scamall", "grian", "ceo", "tintreach"], correctAnswer: 1, clue: null },
      ],
    });
    expect(view.text).not.toContain(gameId);
    expect(view.text).not.toContain(owner.email);

    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status).toBe(201);
    const copy = (await colleague.client.get(`/api/games/${copied.body.id}`)).body.game;
    // The copy is the shared questions (pictures are not shared yet: decision 018).
    expect(copy.questions).toEqual(view.body.game.questions.map((q: object) => ({ ...q, imageId: null, imageAlt: null })));
    expect((await colleague.client.get("/api/games")).body.games.map((g: { id: string }) => g.id)).toContain(copied.body.id);
    // The copy is independent: it has no link of its own, and it stays when the original's link goes off.
    const [copyRow] = await queryRows<{ share_link_id: string | null; creator_id: string }>(server.database.db, sql`select share_link_id, creator_id from games where id = ${copied.body.id}`);
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
    expect(gone.body.error.message).toBe(shareMessages.linkOff);
    expect((await colleague.client.post(`/api/shared/${linkId}/copy`, {})).status).toBe(404);
    expect((await colleague.client.get(`/api/games/${copied.body.id}`)).status).toBe(200);

    // On again: a new link; the old one stays dead.
    const again = await put(owner.client, sharePath);
    expect(again.body.sharePath).not.toBe(on.body.sharePath);
    expect((await colleague.client.get(`/api/shared/${linkId}`)).status).toBe(404);
    expect((await colleague.client.get(`/api/shared/${again.body.sharePath.slice(8)}`)).status).toBe(200);
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
      expect(res.body.error.message).toBe(shareMessages.linkOff);
    }
  });
});
