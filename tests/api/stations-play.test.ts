/**
 * The hunt around the room, the pupil's side, through the real API on every database:
 * Start Session's hunt mode, each group's own route, a station found by its token or its word
 * (odd case and spaces), the question sent only once its station is found (checked on the wire),
 * the wrong card, a repeated card, another game's card and an old card after "New cards", the
 * card's QR address opened on a device, wrong words spending the join codes' allowance, and each
 * find on the host's live channel.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { JOIN_GUESS_LIMITS, STATION_WORD_LIMITS } from "../../src/server/limits/limits.ts";
import { renewStationCards } from "../../src/server/stations/station-card-commands.ts";
import type { FindStationResponse, PlayState } from "../../src/shared/play/play-responses.ts";
import { stationMessages } from "../../src/shared/stations/station-texts.ts";
import { attemptId } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse, newMachineAddress } from "../support/http-client.ts";
import { openLiveChannel } from "../support/live-channel.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** Three questions whose every text is unmistakable on the wire. */
const QUESTIONS = [0, 1, 2].map((i) => ({
  questionText: `Zebra question ${i} text`,
  options: [`alpha-${i}`, `bravo-${i}`, `charlie-${i}`, `delta-${i}`],
  correctAnswer: i % 4,
  clue: `Quokka clue ${i}`,
  hidingPlace: i === 1 ? null : `under the globe ${i}`,
}));
/** What must not reach a device before the station of question `i` is found. */
const secretsOf = (i: number) => [QUESTIONS[i]!.questionText, ...QUESTIONS[i]!.options, QUESTIONS[i]!.clue];

type Card = { token: string; word: string; number: number; position: number };

describe.each(testDatabaseKinds())("stations around the room on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  /** The game's cards as printed, by question position (read from the database: the print page is another suite's). */
  const cardsOf = async (gameId: string): Promise<Card[]> =>
    (
      await queryRows<Card>(
        server.database.db,
        sql`select c.token, c.word, c.number, q.position from station_cards c
            join questions q on q.station_key = c.station_key
            join games g on g.id = q.game_id and q.version = g.question_version
            where g.id = ${gameId} order by q.position`,
      )
    ).map((c) => ({ ...c, number: Number(c.number), position: Number(c.position) }));

  /** `huntMode` null: Start Session without one (on screen, the default). */
  async function roomSession(groupCount = 2, huntMode: string | null = "room") {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", { title: "Science Week hunt", questions: QUESTIONS });
    expect(game.status).toBe(201);
    const started = await teacher.client.post("/api/sessions", {
      gameId: game.body.id,
      groupCount,
      ...(huntMode === null ? {} : { huntMode }),
    });
    expect(started.status).toBe(201);
    const codes = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return {
      teacher,
      gameId: game.body.id as string,
      sessionId: started.body.id as string,
      session: codes.body.session,
      cards: await cardsOf(game.body.id),
    };
  }

  /** A pupil's device (on a machine of its own when asked), every response it receives kept. */
  async function pupil(code: string, name: string, localAddress?: string) {
    const client = new HttpClient(server.url, { localAddress });
    const wire: Array<HttpResponse> = [];
    const keep = async (res: Promise<HttpResponse>) => {
      const r = await res;
      wire.push(r);
      return r;
    };
    const found = await keep(client.post("/api/join/lookup", { code }));
    const joined = await keep(client.post("/api/join", { code, groupId: found.body.groupId, name }));
    expect(joined.status).toBe(201);
    const progressId = joined.body.progressId as string;
    return {
      client,
      progressId,
      wire,
      state: async () => (await keep(client.get(`/api/play/${progressId}`))).body as PlayState,
      find: (by: { token: string } | { word: string }) => keep(client.post(`/api/play/${progressId}/stations`, by)),
      answer: (questionIndex: number, selectedOption: number) =>
        keep(client.post(`/api/play/${progressId}/answers`, { questionIndex, selectedOption, attemptId: attemptId() })),
      visit: (token: string) => keep(client.post("/api/stations/visit", { token })),
    };
  }

  it("keeps the hunt mode chosen at Start Session: on screen by default, a wrong one refused", async () => {
    const room = await roomSession(1);
    expect(room.session.huntMode).toBe("room");
    const screen = await roomSession(1, null);
    expect(screen.session.huntMode).toBe("screen");
    const wrong = await room.teacher.client.post("/api/sessions", {
      gameId: room.gameId,
      groupCount: 1,
      huntMode: "yard",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.key).toBe("sessions.huntModeInvalid");
    // A session on screen: no hunt, the first question as today.
    const child = await pupil(screen.session.groups[0].joinCode, "Aoife");
    const state = await child.state();
    expect(state.hunt).toBeNull();
    expect(state.current?.questionText).toBe(QUESTIONS[0]!.questionText);
    const find = await child.find({ word: "otter" });
    expect(find.status).toBe(409);
    expect(find.body.error.message).toBe(inEnglish(stationMessages.notAroundTheRoom));
  });

  it("sends each group along its own route, and a question only once its station is found (on the wire)", async () => {
    const { session, cards, sessionId, teacher } = await roomSession(2);
    const [first, second] = session.groups;
    const host = openLiveChannel(teacher.client, `/api/sessions/${sessionId}/events`);
    const yellow = await pupil(first.joinCode, "Niamh");
    const red = await pupil(second.joinCode, "Oisín");

    const start = await yellow.state();
    expect(start.current).toBeNull();
    expect(start.hunt!.route.map((s) => s.questionIndex)).toEqual([0, 1, 2]);
    expect(start.hunt!.route.map((s) => s.number)).toEqual(cards.map((c) => c.number));
    expect(start.hunt!.next).toMatchObject({ questionIndex: 0, hidingPlace: "under the globe 0", status: "toFind" });
    const redStart = await red.state();
    expect(redStart.hunt!.route.map((s) => s.questionIndex)).toEqual([1, 2, 0]);
    expect(redStart.hunt!.next).toMatchObject({ questionIndex: 1, number: cards[1]!.number, hidingPlace: null });

    // Answering before finding: refused, nothing recorded, nothing revealed.
    const early = await yellow.answer(0, QUESTIONS[0]!.correctAnswer);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(inEnglish(stationMessages.findStationFirst));

    // The wrong card: names the station it is, counts nothing.
    const notNext = await yellow.find({ token: cards[2]!.token });
    expect(notNext.status).toBe(200);
    const notNextBody = notNext.body as FindStationResponse;
    expect(notNextBody.outcome).toBe("notNext");
    expect(notNextBody.station).toEqual({ number: cards[2]!.number, symbol: start.hunt!.route[2]!.symbol });
    expect(notNextBody.state.current).toBeNull();
    expect(notNextBody.state.hunt!.next!.questionIndex).toBe(0);

    for (const res of [...yellow.wire, ...red.wire])
      for (const secret of [...secretsOf(0), ...secretsOf(1), ...secretsOf(2)]) expect(res.text).not.toContain(secret);

    // The word, in odd case and spacing: found; the question comes with it.
    const typed = ` ${cards[0]!.word.toLowerCase().split("").join(" ")}  `;
    const found = (await yellow.find({ word: typed })).body as FindStationResponse;
    expect(found.outcome).toBe("found");
    expect(found.state.current).toMatchObject({ index: 0, questionText: QUESTIONS[0]!.questionText, clue: null });
    expect(found.state.hunt!.next).toMatchObject({ questionIndex: 0, status: "found" });
    await host.waitFor((e) => e.type === "progress" && e.progressId === yellow.progressId);
    const rows = await queryRows<{ question_index: number }>(
      server.database.db,
      sql`select question_index from station_finds where progress_id = ${yellow.progressId}`,
    );
    expect(rows.map((r) => Number(r.question_index))).toEqual([0]);

    // Then play as today: wrong → clue; right → the next station, its question not sent.
    const wrong = await yellow.answer(0, (QUESTIONS[0]!.correctAnswer + 1) % 4);
    expect(wrong.body).toMatchObject({ isCorrect: false, clue: QUESTIONS[0]!.clue });
    const right = await yellow.answer(0, QUESTIONS[0]!.correctAnswer);
    expect(right.body).toMatchObject({ isCorrect: true, completed: false, next: null });
    const after = await yellow.state();
    expect(after.current).toBeNull();
    expect(after.completedQuestionsCount).toBe(1);
    expect(after.hunt!.route.map((s) => s.status)).toEqual(["answered", "toFind", "toFind"]);
    expect(after.hunt!.next!.questionIndex).toBe(1);
    // The finds so far never carried the other stations' questions; the red group's pupil saw none.
    for (const res of yellow.wire)
      for (const secret of [...secretsOf(1), ...secretsOf(2)]) expect(res.text).not.toContain(secret);
    for (const res of red.wire)
      for (const secret of [...secretsOf(0), ...secretsOf(1), ...secretsOf(2)]) expect(res.text).not.toContain(secret);

    // A station already answered.
    expect((await yellow.find({ token: cards[0]!.token })).body.outcome).toBe("alreadyFound");
    // The rest of the route, to the chest.
    for (const i of [1, 2]) {
      const step = (await yellow.find({ token: cards[i]!.token })).body as FindStationResponse;
      expect(step.outcome).toBe("found");
      expect(step.state.current!.index).toBe(i);
      expect((await yellow.answer(i, QUESTIONS[i]!.correctAnswer)).body.isCorrect).toBe(true);
    }
    const done = await yellow.state();
    expect(done).toMatchObject({
      completed: true,
      completedQuestionsCount: 3,
      correctFirstTimeCount: 2,
      current: null,
    });
    expect(done.hunt!.next).toBeNull();
    host.close();
  });

  it('says a card of another game, a word on no card and an old card after "New cards" are not part of this hunt', async () => {
    const here = await roomSession(1);
    const elsewhere = await roomSession(1);
    const child = await pupil(here.session.groups[0].joinCode, "Saoirse");
    const other = (await child.find({ token: elsewhere.cards[0]!.token })).body as FindStationResponse;
    expect(other).toMatchObject({ outcome: "notInHunt", station: null });
    expect((await child.find({ word: "no such word anywhere" })).body.outcome).toBe("notInHunt");

    const [game] = await queryRows<{ creator_id: string }>(
      server.database.db,
      sql`select creator_id from games where id = ${here.gameId}`,
    );
    await renewStationCards(server.database.db, game!.creator_id, here.gameId);
    const renewed = await cardsOf(here.gameId);
    expect((await child.find({ token: here.cards[0]!.token })).body.outcome).toBe("notInHunt");
    const state = await child.state();
    expect(state.hunt!.next!.number).toBe(renewed[0]!.number);
    expect((await child.find({ token: renewed[0]!.token })).body.outcome).toBe("found");
    // Another device cannot find for this pupil.
    const stranger = await pupil(here.session.groups[0].joinCode, "Stranger");
    const theft = await stranger.client.post(`/api/play/${child.progressId}/stations`, { token: renewed[1]!.token });
    expect(theft.status).toBe(403);
  });

  it("answers a token no card could have (a NUL, odd characters) as not part of this hunt, by find and by QR address", async () => {
    const { session } = await roomSession(1);
    const child = await pupil(session.groups[0].joinCode, "Ciara");
    for (const token of ["\u0000", "a\u0000b", "\u0000".repeat(200), "%00", "caf\u00e9", "\ud83e\udd8a"]) {
      const find = await child.find({ token });
      expect([find.status, find.body.outcome], JSON.stringify(token)).toEqual([200, "notInHunt"]);
      const visit = await child.visit(token);
      expect([visit.status, visit.body.find?.outcome], JSON.stringify(token)).toEqual([200, "notInHunt"]);
    }
  });

  it("opens a card's QR address on the device that joined, and sends any other to join", async () => {
    const { session, cards } = await roomSession(1);
    // A first request that is an answer (no read before it): refused, nothing written.
    const hasty = await pupil(session.groups[0].joinCode, "Eabha");
    expect((await hasty.answer(0, QUESTIONS[0]!.correctAnswer)).body.error.key).toBe(stationMessages.findStationFirst);
    const tries = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from answer_attempts where progress_id = ${hasty.progressId}`,
    );
    expect(Number(tries[0]!.n)).toBe(0);
    const child = await pupil(session.groups[0].joinCode, "Cian");
    const visit = await child.visit(cards[0]!.token);
    expect(visit.body.progressId).toBe(child.progressId);
    expect(visit.body.find).toMatchObject({ outcome: "found", state: { current: { index: 0 } } });
    expect((await child.visit(cards[1]!.token)).body.find.outcome).toBe("notNext");
    // No device cookie: to the join page, nothing said about the card.
    const newcomer = await new HttpClient(server.url).post("/api/stations/visit", { token: cards[0]!.token });
    expect(newcomer.body).toEqual({ progressId: null, find: null });
    const blank = await new HttpClient(server.url).post("/api/stations/visit", {});
    expect(blank.status).toBe(400);
  });

  it("makes the cards of a game saved before issue 29 when a session around the room starts, or at the first read", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", { title: "Old game", questions: QUESTIONS });
    const gameId = game.body.id as string;
    await server.database.db.execute(sql`delete from station_cards where game_id = ${gameId}`);
    const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, huntMode: "room" });
    expect((await cardsOf(gameId)).length).toBe(3);
    // A session whose cards went missing after it started (the worst case): the first read makes them.
    await server.database.db.execute(sql`delete from station_cards where game_id = ${gameId}`);
    const codes = await teacher.client.get(`/api/sessions/${started.body.id}`);
    const child = await pupil(codes.body.session.groups[0].joinCode, "Róisín");
    const state = await child.state();
    const cards = await cardsOf(gameId);
    expect(state.hunt!.route.map((s) => s.number)).toEqual(cards.map((c) => c.number));
    expect((await child.find({ word: cards[0]!.word })).body.outcome).toBe("found");
  });

  it("counts one device's wrong words on its own allowance: the 21st is refused, the card's code and join codes still work", async () => {
    const { session, cards } = await roomSession(1);
    const address = newMachineAddress();
    const child = await pupil(session.groups[0].joinCode, "Tadhg", address);
    for (let i = 0; i < STATION_WORD_LIMITS.wrongPerDevice; i++)
      expect((await child.find({ word: `guess${i}` })).body.outcome).toBe("notInHunt");
    const spent = await child.find({ word: cards[0]!.word });
    expect(spent.status).toBe(429);
    expect(spent.body.error.message).toBe(inEnglish(stationMessages.tooManyWrongWords));
    expect((await child.find({ token: cards[0]!.token })).body.outcome).toBe("found");
    // Words spend nothing of the join codes' allowances: the same device and address still look codes up.
    expect((await child.client.post("/api/join/lookup", { code: session.groups[0].joinCode })).status).toBe(200);
  });

  it("lets a class on the school's one address mistype its cards' words: every right word, and a late pupil's code, still work", async () => {
    const { session, cards } = await roomSession(1);
    const code = session.groups[0].joinCode as string;
    const school = newMachineAddress();
    const children = await Promise.all(Array.from({ length: 30 }, (_, i) => pupil(code, `Child ${i}`, school)));
    const typos = await Promise.all(
      children.flatMap((child, i) => [0, 1].map((t) => child.find({ word: `${cards[0]!.word}X${i}${t}` }))),
    );
    expect(typos.map((r) => r.status)).toEqual(typos.map(() => 200));
    expect(new Set(typos.map((r) => r.body.outcome))).toEqual(new Set(["notInHunt"]));
    const rightWords = await Promise.all(children.map((child) => child.find({ word: cards[0]!.word })));
    expect(rightWords.map((r) => r.body.outcome)).toEqual(children.map(() => "found"));
    const late = new HttpClient(server.url, { localAddress: school });
    expect((await late.post("/api/join/lookup", { code })).status).toBe(200);
  });

  it("stops a script trying words from many joined devices behind one address at the address's ceiling", async () => {
    const { session, cards } = await roomSession(1);
    const address = newMachineAddress();
    const devices = Math.ceil(STATION_WORD_LIMITS.wrongPerAddress / STATION_WORD_LIMITS.wrongPerDevice) + 1;
    const scripts = await Promise.all(
      Array.from({ length: devices }, (_, i) => pupil(session.groups[0].joinCode, `Bot ${i}`, address)),
    );
    // The devices at once, each one word after another.
    const statuses = (
      await Promise.all(
        scripts.map(async (script, d) => {
          const own: number[] = [];
          for (let i = 0; i < STATION_WORD_LIMITS.wrongPerDevice; i++)
            own.push((await script.find({ word: `try${d}x${i}` })).status);
          return own;
        }),
      )
    ).flat();
    expect(statuses.filter((s) => s === 200)).toHaveLength(STATION_WORD_LIMITS.wrongPerAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - STATION_WORD_LIMITS.wrongPerAddress);
    // The right word is refused like a wrong one once the address has spent its ceiling; the code still works.
    expect((await scripts[0]!.find({ word: cards[0]!.word })).status).toBe(429);
    expect((await scripts[0]!.find({ token: cards[0]!.token })).body.outcome).toBe("found");
  });

  it("counts one device's wrong words and wrong codes sent at the same moment each on its own allowance, with no 5xx", async () => {
    const { session } = await roomSession(1);
    const child = await pupil(session.groups[0].joinCode, "Niamh", newMachineAddress());
    const sent = 25;
    const [words, codes] = await Promise.all([
      Promise.all(Array.from({ length: sent }, (_, i) => child.find({ word: `mix${i}` }))),
      Promise.all(
        Array.from({ length: sent }, (_, i) =>
          child.client.post("/api/join/lookup", { code: String(100000 + ((i * 7919 + 13) % 899_999)) }),
        ),
      ),
    ]);
    expect([...words, ...codes].filter((r) => r.status >= 500)).toEqual([]);
    expect(words.filter((r) => r.status === 200)).toHaveLength(STATION_WORD_LIMITS.wrongPerDevice);
    expect(codes.filter((r) => r.status === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerDevice);
  });
});
