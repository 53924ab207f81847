/**
 * Station cards (decision 031) through the real API on every database: a question's
 * hiding place travels with it (edit, duplicate, game file, share-link copy); every save makes
 * each question its card (token, word, number) in the same transaction; an edit keeps a question's
 * card, a new question gets a new one ("new" until printed), a removed question's card is kept for
 * the sessions that still ask it; "New cards" replaces every token, word and number; games stored
 * without cards get them when first printed. Only the game's creator reads or changes them,
 * and a card never carries its question's text or options.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { RETIRED_WORDS_KEPT } from "../../src/server/stations/station-card-commands.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import type { StationCard, StationCardsResponse } from "../../src/shared/stations/station-responses.ts";
import { stationSymbolOf, stationWordKey } from "../../src/shared/stations/station-rules.ts";
import { STATION_WORDS } from "../../src/shared/stations/station-words.server.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import type { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const game = {
  title: "Gaeilge - 3rd Class - Ainmhithe",
  language: "ga",
  questions: [
    // Options that are station words: a card never says its question's answer (or any option).
    { questionText: "Cad é 'dog'?", options: ["madra", "CAPALL", "Coinín", "luch"], correctAnswer: 0 },
    {
      questionText: "Cad é 'cat'?",
      options: ["cat", "bó", "muc", "uan"],
      correctAnswer: 0,
      hidingPlace: "  faoin gcruinneog  ",
    },
    { questionText: "Cad é 'fox'?", options: ["sionnach", "broc", "iora", "fia"], correctAnswer: 0, hidingPlace: "" },
  ],
};

type StoredQuestion = { questionText: string; hidingPlace: string | null; stationKey: string };

describe.each(testDatabaseKinds())("station cards on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const cardsOf = async (client: HttpClient, gameId: string): Promise<StationCardsResponse> => {
    const res = await client.get(`/api/games/${gameId}/station-cards`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const detailOf = async (client: HttpClient, gameId: string) =>
    (await client.get(`/api/games/${gameId}`)).body.game as { questions: StoredQuestion[] } & Record<string, unknown>;
  const tokens = (cards: StationCard[]) => cards.map((c) => c.token);

  it("stores a question's hiding place trimmed (blank as none), and refuses one over 120 characters with a clear message", async () => {
    const { client } = await signedUpTeacher(server.url);
    const created = await client.post("/api/games", game);
    expect(created.status).toBe(201);
    const detail = await detailOf(client, created.body.id);
    expect(detail.questions.map((q) => q.hidingPlace)).toEqual([null, "faoin gcruinneog", null]);
    const withPlace = (hidingPlace: unknown) => ({
      ...game,
      questions: [{ ...game.questions[0], hidingPlace }],
    });
    expect((await client.post("/api/games", withPlace("h".repeat(120)))).status).toBe(201);
    const tooLong = await client.post("/api/games", withPlace("h".repeat(121)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(inEnglish(gameMessages.hidingPlaceTooLong));
    expect(tooLong.body.error.message).toBe("Where a card is hidden can be at most 120 characters.");
    const notText = await client.post("/api/games", withPlace(42));
    expect(notText.status).toBe(400);
    expect(notText.body.error.message).toBe(inEnglish(gameMessages.hidingPlaceNotText));
  });

  it("makes every question a card with the save: numbered in order, an unguessable token, a word of the game's language that is none of the game's options, no question text", async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from station_cards where game_id = ${gameId}`,
    );
    expect(rows[0]!.n).toBe(3);
    const res = await client.get(`/api/games/${gameId}/station-cards`);
    const body = res.body as StationCardsResponse;
    expect(body).toMatchObject({ gameId, gameTitle: game.title, language: "ga" });
    expect(body.cards.map((c) => [c.position, c.number, c.symbol, c.isNew, c.hidingPlace])).toEqual([
      [0, 1, "star", true, null],
      [1, 2, "moon", true, "faoin gcruinneog"],
      [2, 3, "sun", true, null],
    ]);
    const allOptions = game.questions.flatMap((q) => q.options.map(stationWordKey));
    for (const card of body.cards) {
      expect(card.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(STATION_WORDS.ga).toContain(card.word);
      // No card says an option of the game (its own question's answer, or another's).
      expect(allOptions).not.toContain(stationWordKey(card.word));
    }
    expect(new Set(body.cards.map((c) => stationWordKey(c.word))).size).toBe(3);
    // The cards are printed where children read them: nothing of a question is on them.
    for (const q of game.questions) {
      expect(res.text).not.toContain(q.questionText);
      for (const option of q.options) expect(res.text).not.toContain(`"${option}"`);
    }
    // The address the QR codes hold, and whether it is one that can change.
    expect(body.cardBaseUrl).toMatch(/^http:\/\//);
    expect(typeof body.baseUrlIsBareAddress).toBe("boolean");
    // Reading again changes nothing.
    expect(await cardsOf(client, gameId)).toEqual(body);
  });

  it("keeps a question's card through an edit, gives a new question a new card to print, and keeps a removed question's card for the sessions that ask it", async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    const before = await cardsOf(client, gameId);
    const printed = await client.post(`/api/games/${gameId}/station-cards/printed`, {});
    expect(printed.status).toBe(200);
    expect((printed.body as StationCardsResponse).cards.every((c) => !c.isNew)).toBe(true);
    // A session pinned to this version keeps its questions' cards (decision 017).
    expect((await client.post("/api/sessions", { gameId, groupCount: 1 })).status).toBe(201);

    const stored = await detailOf(client, gameId);
    const [first, second, third] = stored.questions;
    // Question 2 removed, questions reordered, a new one added, question 3's hiding place changed.
    const edited = await client.put(`/api/games/${gameId}`, {
      ...game,
      questions: [
        { ...game.questions[2], stationKey: third!.stationKey, hidingPlace: "ar an doras" },
        { ...game.questions[0], stationKey: first!.stationKey },
        // Options on no card: an option that is a card's word gives that card a new word to print.
        { questionText: "Cad é 'ulchabhán'?", options: ["owl", "eagle", "pigeon", "duck"], correctAnswer: 0 },
      ],
    });
    expect(edited.status).toBe(200);
    const after = await cardsOf(client, gameId);
    const byToken = new Map(before.cards.map((c) => [c.token, c]));
    expect(after.cards.map((c) => [c.position, c.number, c.isNew, c.hidingPlace])).toEqual([
      [0, 3, false, "ar an doras"],
      [1, 1, false, null],
      [2, 4, true, null],
    ]);
    expect(after.cards[0]!.token).toBe(before.cards[2]!.token);
    expect(after.cards[1]!.token).toBe(before.cards[0]!.token);
    expect(byToken.has(after.cards[2]!.token)).toBe(false);
    // The removed question's card is still the game's (a pinned session asks that question).
    const kept = await queryRows<{ token: string }>(
      server.database.db,
      sql`select token from station_cards where station_key = ${second!.stationKey}`,
    );
    expect(kept.map((r) => r.token)).toEqual([before.cards[1]!.token]);
    expect((await detailOf(client, gameId)).questions.map((q) => q.stationKey)).toEqual([
      third!.stationKey,
      first!.stationKey,
      expect.any(String),
    ]);
  });

  it("gives a new card for a station key that is not the game's, or one sent twice", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const gameA = (await a.client.post("/api/games", game)).body.id as string;
    const keyA = (await detailOf(a.client, gameA)).questions[0]!.stationKey;
    const gameB = (await b.client.post("/api/games", game)).body.id as string;
    const keyB = (await detailOf(b.client, gameB)).questions[0]!.stationKey;
    const cardsBefore = await cardsOf(b.client, gameB);
    const saved = await b.client.put(`/api/games/${gameB}`, {
      ...game,
      questions: [
        { ...game.questions[0], stationKey: keyA },
        { ...game.questions[1], stationKey: keyB },
        { ...game.questions[2], stationKey: keyB },
      ],
    });
    expect(saved.status).toBe(200);
    const keys = (await detailOf(b.client, gameB)).questions.map((q) => q.stationKey);
    expect(keys[0]).not.toBe(keyA);
    expect(keys[1]).toBe(keyB);
    expect(keys[2]).not.toBe(keyB);
    expect(new Set(keys).size).toBe(3);
    const cardsAfter = await cardsOf(b.client, gameB);
    expect(cardsAfter.cards[1]!.token).toBe(cardsBefore.cards[0]!.token);
    // Teacher A's card is untouched and still theirs.
    expect((await cardsOf(a.client, gameA)).cards[0]!.token).not.toBe(cardsAfter.cards[0]!.token);
  });

  it("gives a duplicate, an imported game file and a share-link copy the hiding places and cards of their own", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const gameId = (await a.client.post("/api/games", game)).body.id as string;
    const original = await detailOf(a.client, gameId);
    const originalTokens = new Set(tokens((await cardsOf(a.client, gameId)).cards));
    const places = original.questions.map((q) => q.hidingPlace);
    expect(places).toEqual([null, "faoin gcruinneog", null]);

    // Duplicate: the editor sends the questions as read, keys included; the new game gets its own.
    const duplicate = await a.client.post("/api/games", { ...game, questions: original.questions });
    const file = await a.client.get(`/api/games/${gameId}/export`);
    expect(file.body.game.questions.map((q: { hidingPlace?: string }) => q.hidingPlace ?? null)).toEqual(places);
    expect(file.text).not.toContain(original.questions[0]!.stationKey);
    const imported = await b.client.post("/api/games/import", file.body);
    const link = (await a.client.request("PUT", `/api/games/${gameId}/share`)).body.sharePath.slice("/shared/".length);
    const view = await b.client.get(`/api/shared/${link}`);
    expect(view.text).not.toContain(original.questions[0]!.stationKey);
    const copied = await b.client.post(`/api/shared/${link}/copy`, {});

    for (const [owner, id] of [
      [a.client, duplicate.body.id],
      [b.client, imported.body.id],
      [b.client, copied.body.id],
    ] as const) {
      const copy = await detailOf(owner, id);
      expect(copy.questions.map((q) => q.hidingPlace)).toEqual(places);
      for (const [i, q] of copy.questions.entries()) expect(q.stationKey).not.toBe(original.questions[i]!.stationKey);
      const cards = (await cardsOf(owner, id)).cards;
      expect(cards.map((c) => c.number)).toEqual([1, 2, 3]);
      expect(cards.every((c) => c.isNew && !originalTokens.has(c.token))).toBe(true);
    }
  });

  it('"New cards" gives every card a new token, word and number by position, to print again; the old ones are gone', async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    const stored = await detailOf(client, gameId);
    // Reordered, so the numbers (1, 2, 3 in the order made) are no longer by position.
    await client.put(`/api/games/${gameId}`, { ...game, questions: [...stored.questions].reverse() });
    await client.post(`/api/games/${gameId}/station-cards/printed`, {});
    const before = await cardsOf(client, gameId);
    expect(before.cards.map((c) => c.number)).toEqual([3, 2, 1]);

    const renewed = await client.post(`/api/games/${gameId}/station-cards/renew`, {});
    expect(renewed.status).toBe(200);
    const after = renewed.body as StationCardsResponse;
    expect(after.cards.map((c) => [c.position, c.number, c.symbol, c.isNew])).toEqual([
      [0, 1, stationSymbolOf(1), true],
      [1, 2, stationSymbolOf(2), true],
      [2, 3, stationSymbolOf(3), true],
    ]);
    const oldTokens = new Set(tokens(before.cards));
    const oldWords = new Set(before.cards.map((c) => stationWordKey(c.word)));
    for (const card of after.cards) {
      expect(oldTokens.has(card.token)).toBe(false);
      expect(oldWords.has(stationWordKey(card.word))).toBe(false);
    }
    const stale = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from station_cards where token in (${sql.join(
        [...oldTokens].map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
    expect(stale[0]!.n).toBe(0);
    expect(await cardsOf(client, gameId)).toEqual(after);
  });

  it("gives a card a new word to print, its QR code kept, when a save makes its word one of the game's options (even the right answer)", async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    await client.post(`/api/games/${gameId}/station-cards/printed`, {});
    const before = await cardsOf(client, gameId);
    const [w0, w1, w2] = before.cards.map((c) => c.word);
    const stored = await detailOf(client, gameId);
    const kept = (i: number, q: (typeof game.questions)[number]) => ({
      ...q,
      stationKey: stored.questions[i]!.stationKey,
    });
    // Card 2's word as question 1's right answer, typed as a teacher might (no accents, lower case);
    // card 1's word among question 3's options.
    const asTyped = ` ${w1!.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()} `;
    const questions = [
      kept(0, { ...game.questions[0]!, options: [asTyped, "CAPALL", "Coinín", "luch"] }),
      kept(1, game.questions[1]!),
      kept(2, { ...game.questions[2]!, options: ["sionnach", "broc", "iora", w0!] }),
    ];
    expect((await client.put(`/api/games/${gameId}`, { ...game, questions })).status).toBe(200);

    const after = await cardsOf(client, gameId);
    const optionKeys = questions.flatMap((q) => q.options.map(stationWordKey));
    for (const card of after.cards) expect(optionKeys).not.toContain(stationWordKey(card.word));
    expect(new Set(after.cards.map((c) => stationWordKey(c.word))).size).toBe(3);
    // The QR codes still find their stations; the two cards whose word changed are to print again.
    expect(tokens(after.cards)).toEqual(tokens(before.cards));
    expect(after.cards.map((c) => c.isNew)).toEqual([true, true, false]);
    expect(after.cards[2]!.word).toBe(w2);
    // The old words are on no card of the game, so typed they find nothing.
    const oldWords = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from station_cards
          where game_id = ${gameId} and word_key in (${stationWordKey(w0!)}, ${stationWordKey(w1!)})`,
    );
    expect(oldWords[0]!.n).toBe(0);
  });

  it('"New cards" never gives back a word of an earlier set, nor does a later question; past the list a word carries a number', async () => {
    const { client } = await signedUpTeacher(server.url);
    const sum = (i: number) => ({
      questionText: `What is ${i} + 1?`,
      options: [i + 1, i + 2, i + 3, i + 4].map(String),
      correctAnswer: 0,
    });
    const thirty = { title: "Sums", language: "en", questions: Array.from({ length: 30 }, (_, i) => sum(i)) };
    const gameId = (await client.post("/api/games", thirty)).body.id as string;
    const keysOf = (cards: StationCard[]) => cards.map((c) => stationWordKey(c.word));
    const sets = [keysOf((await cardsOf(client, gameId)).cards)];
    for (let renewal = 1; renewal <= 5; renewal++) {
      const renewed = await client.post(`/api/games/${gameId}/station-cards/renew`, {});
      expect(renewed.status).toBe(200);
      const earlier = new Set(sets.flat());
      const now = keysOf((renewed.body as StationCardsResponse).cards);
      expect(
        now.filter((key) => earlier.has(key)),
        `renewal ${renewal}`,
      ).toEqual([]);
      sets.push(now);
    }
    // 180 words for 30 cards: the 150 of the list, then words with a number (OTTER2).
    const used = sets.flat();
    expect(new Set(used).size).toBe(180);
    expect(used.filter((key) => /\d$/u.test(key)).length).toBeGreaterThanOrEqual(30);

    // Questions added later get words of no earlier set either.
    const stored = await detailOf(client, gameId);
    const more = [...stored.questions, ...Array.from({ length: 5 }, (_, i) => sum(30 + i))];
    expect((await client.put(`/api/games/${gameId}`, { ...thirty, questions: more })).status).toBe(200);
    const added = keysOf((await cardsOf(client, gameId)).cards.slice(30));
    expect(added).toHaveLength(5);
    const retired = new Set(sets.slice(0, -1).flat());
    expect(added.filter((key) => retired.has(key))).toEqual([]);
  });

  it("keeps the last 1,000 retired words of a game, forgetting the oldest first", async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    const before = await cardsOf(client, gameId);
    // 1,000 words retired long ago, one a minute: old0 the newest of them, old999 the oldest.
    await server.database.db.execute(sql`
      insert into station_retired_words (game_id, word_key, retired_at)
      select ${gameId}::uuid, 'old' || i, now() - interval '1 day' - i * interval '1 minute'
      from generate_series(0, ${RETIRED_WORDS_KEPT - 1}) as i`);
    expect((await client.post(`/api/games/${gameId}/station-cards/renew`, {})).status).toBe(200);
    const kept = await queryRows<{ word_key: string }>(
      server.database.db,
      sql`select word_key from station_retired_words where game_id = ${gameId}`,
    );
    expect(kept).toHaveLength(RETIRED_WORDS_KEPT);
    const keys = new Set(kept.map((r) => r.word_key));
    for (const card of before.cards) expect(keys.has(stationWordKey(card.word))).toBe(true);
    expect([...keys].filter((key) => ["old997", "old998", "old999"].includes(key))).toEqual([]);
    expect(keys.has("old996")).toBe(true);
  });

  it("makes the cards of a game saved before issue 29 when they are first asked for", async () => {
    const { client } = await signedUpTeacher(server.url);
    const gameId = (await client.post("/api/games", game)).body.id as string;
    await server.database.db.execute(sql`delete from station_cards where game_id = ${gameId}`);
    const cards = await cardsOf(client, gameId);
    expect(cards.cards.map((c) => [c.position, c.number, c.isNew])).toEqual([
      [0, 1, true],
      [1, 2, true],
      [2, 3, true],
    ]);
  });

  it("lets only the game's creator read, mark or renew its cards (another teacher's game is not found)", async () => {
    const a = await signedUpTeacher(server.url);
    const b = await signedUpTeacher(server.url);
    const gameId = (await a.client.post("/api/games", game)).body.id as string;
    const before = await cardsOf(a.client, gameId);
    for (const res of [
      await b.client.get(`/api/games/${gameId}/station-cards`),
      await b.client.post(`/api/games/${gameId}/station-cards/printed`, {}),
      await b.client.post(`/api/games/${gameId}/station-cards/renew`, {}),
      await a.client.get(`/api/games/not-a-game/station-cards`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(before.cards[0]!.token);
    }
    expect(await cardsOf(a.client, gameId)).toEqual(before);
  });
});
