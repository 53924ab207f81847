/**
 * A different game for each group of one session, the pupil's side, through the real
 * API on every database: the join lookup, the play state and every answer follow the game of the
 * pupil's group (its questions, options, clues, count and title; checked on the wire: never a text
 * of the other game), completion at each game's own count, the hunt around the room along each
 * game's own cards (a card of the other game in the same session is not part of the hunt), and an
 * edit of one game mid-session leaving its running group on the questions it started with.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import type { FindStationResponse, PlayState } from "../../src/shared/play/play-responses.ts";
import { attemptId } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { expectNoPrivateFields, serverSecrets } from "../support/private-fields.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Question = { questionText: string; options: string[]; correctAnswer: number; clue: string; hidingPlace: string };
const questionsOf = (animal: string, fruit: string, count: number, place: string): Question[] =>
  Array.from({ length: count }, (_, i) => ({
    questionText: `${animal} question ${i} text`,
    options: [`${fruit}-one-${i}`, `${fruit}-two-${i}`, `${fruit}-three-${i}`, `${fruit}-four-${i}`],
    correctAnswer: (i + 1) % 4,
    clue: `${animal} clue ${i}`,
    hidingPlace: `${place} ${i}`,
  }));

/** Game A (3 questions, English) is the session's; game B (2 questions, Irish) is group 2's. */
const GAME_A = {
  title: "Aardvark fractions",
  language: "en",
  questions: questionsOf("Aardvark", "apple", 3, "by the door"),
};
const GAME_B = {
  title: "Bison na gcodán",
  language: "ga",
  questions: questionsOf("Bison", "banana", 2, "faoin mbord"),
};
/** Game B as edited mid-session: three new questions. */
const GAME_B_EDITED = { ...GAME_B, questions: questionsOf("Camel", "cherry", 3, "ar an tseilf") };

/** Every text of some questions: a pupil of another game must never receive one. */
const textsOf = (questions: Question[]) =>
  questions.flatMap((q) => [q.questionText, ...q.options, q.clue, q.hidingPlace]);

type Card = { token: string; word: string; number: number; position: number };

describe.each(testDatabaseKinds())("a game of its own for each group, pupils on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  /** The cards of a game's current questions, by question position. */
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

  async function twoGames() {
    const teacher = await signedUpTeacher(server.url);
    const a = await teacher.client.post("/api/games", GAME_A);
    const b = await teacher.client.post("/api/games", GAME_B);
    expect([a.status, b.status]).toEqual([201, 201]);
    return { teacher, gameA: a.body.id as string, gameB: b.body.id as string };
  }

  /** A session of game A whose second group plays game B, started through the API. */
  async function splitSession(
    teacher: Awaited<ReturnType<typeof signedUpTeacher>>,
    gameA: string,
    gameB: string,
    huntMode: "screen" | "room" = "screen",
  ) {
    const started = await teacher.client.post("/api/sessions", {
      gameId: gameA,
      groupCount: 2,
      groupGames: [null, gameB],
      huntMode,
    });
    expect(started.status).toBe(201);
    const sessionId = started.body.id as string;
    const codes = await teacher.client.get(`/api/sessions/${sessionId}`);
    const [first, second] = codes.body.session.groups as Array<{ id: string; joinCode: string; gameId: string }>;
    // Each group plays the game it was given: the session's, and game B.
    expect([first!.gameId, second!.gameId]).toEqual([gameA, gameB]);
    return { sessionId, first: first!, second: second! };
  }

  /** A pupil's device that joins by `code`, keeping every response it receives. */
  async function pupil(code: string, name: string) {
    const client = new HttpClient(server.url);
    const wire: HttpResponse[] = [];
    const keep = async (res: Promise<HttpResponse>) => {
      const r = await res;
      wire.push(r);
      return r;
    };
    const lookup = await keep(client.post("/api/join/lookup", { code }));
    expect(lookup.status).toBe(200);
    const joined = await keep(client.post("/api/join", { code, groupId: lookup.body.groupId, name }));
    expect(joined.status).toBe(201);
    const progressId = joined.body.progressId as string;
    return {
      client,
      lookup: lookup.body as { gameTitle: string; questionLanguage: string },
      progressId,
      wire,
      state: async () => (await keep(client.get(`/api/play/${progressId}`))).body as PlayState,
      answer: (questionIndex: number, selectedOption: number, attempt = attemptId()) =>
        keep(client.post(`/api/play/${progressId}/answers`, { questionIndex, selectedOption, attemptId: attempt })),
      find: (by: { token: string } | { word: string }) => keep(client.post(`/api/play/${progressId}/stations`, by)),
      visit: (token: string) => keep(client.post("/api/stations/visit", { token })),
    };
  }

  /** No response a pupil received has any of `texts`. */
  const expectNoneOf = (wire: HttpResponse[], texts: string[]) => {
    for (const res of wire) for (const text of texts) expect(res.text).not.toContain(text);
  };
  /** Everything of game B a pupil of game A must not receive, and the other way round. */
  const ALL_A = [GAME_A.title, ...textsOf(GAME_A.questions)];
  const ALL_B = [GAME_B.title, ...textsOf(GAME_B.questions)];

  it("gives each group its own game's questions, options and clues, and completes each pupil at their game's count", async () => {
    const { teacher, gameA, gameB } = await twoGames();
    const { first, second } = await splitSession(teacher, gameA, gameB);
    const aoife = await pupil(first.joinCode, "Aoife");
    const bríd = await pupil(second.joinCode, "Bríd");

    // The join page names the group's own game and its language.
    expect(aoife.lookup).toMatchObject({ gameTitle: GAME_A.title, questionLanguage: "en" });
    expect(bríd.lookup).toMatchObject({ gameTitle: GAME_B.title, questionLanguage: "ga" });

    const a0 = await aoife.state();
    expect(a0).toMatchObject({ gameTitle: GAME_A.title, questionCount: 3, questionLanguage: "en" });
    expect(a0.current).toMatchObject({ index: 0, questionText: GAME_A.questions[0]!.questionText });
    expect(a0.current!.options).toEqual(GAME_A.questions[0]!.options);
    const b0 = await bríd.state();
    expect(b0).toMatchObject({ gameTitle: GAME_B.title, questionCount: 2, questionLanguage: "ga" });
    expect(b0.current).toMatchObject({ index: 0, questionText: GAME_B.questions[0]!.questionText });
    expect(b0.current!.options).toEqual(GAME_B.questions[0]!.options);

    // A wrong answer: the clue of the pupil's own game, the wrong option crossed out in its state.
    const bWrongOption = (GAME_B.questions[0]!.correctAnswer + 1) % 4;
    const bWrongAttempt = attemptId();
    const bWrong = await bríd.answer(0, bWrongOption, bWrongAttempt);
    expect(bWrong.body).toMatchObject({ isCorrect: false, completed: false, clue: GAME_B.questions[0]!.clue });
    expect((await bríd.state()).current).toMatchObject({
      index: 0,
      wrongOptions: [bWrongOption],
      clue: GAME_B.questions[0]!.clue,
    });
    // The same attempt sent again for another question answers for the one it was first sent for: its clue, of game B.
    const retried = await bríd.answer(1, GAME_B.questions[1]!.correctAnswer, bWrongAttempt);
    expect(retried.body).toMatchObject({ isCorrect: false, questionIndex: 0, clue: GAME_B.questions[0]!.clue });
    const aWrong = await aoife.answer(0, (GAME_A.questions[0]!.correctAnswer + 1) % 4);
    expect(aWrong.body).toMatchObject({ isCorrect: false, clue: GAME_A.questions[0]!.clue });

    // Right answers: the next question of the pupil's own game comes with each.
    const b1 = await bríd.answer(0, GAME_B.questions[0]!.correctAnswer);
    expect(b1.body).toMatchObject({ isCorrect: true, completed: false, next: { index: 1 } });
    expect(b1.body.next).toMatchObject({
      questionText: GAME_B.questions[1]!.questionText,
      options: GAME_B.questions[1]!.options,
    });
    // Game B has no third question: asking to answer one is refused as for any question not in the game.
    expect((await bríd.answer(2, 0)).status).toBe(400);
    const bLast = await bríd.answer(1, GAME_B.questions[1]!.correctAnswer);
    expect(bLast.body).toMatchObject({ isCorrect: true, completed: true, next: null });
    const bDone = await bríd.state();
    expect(bDone).toMatchObject({ completed: true, completedQuestionsCount: 2, questionCount: 2, current: null });
    expect(bDone.correctFirstTimeCount).toBe(1);

    for (let i = 0; i < 3; i++) {
      const right = await aoife.answer(i, GAME_A.questions[i]!.correctAnswer);
      expect(right.body).toMatchObject({ isCorrect: true, completed: i === 2 });
      if (i < 2) expect(right.body.next).toMatchObject({ questionText: GAME_A.questions[i + 1]!.questionText });
    }
    expect(await aoife.state()).toMatchObject({ completed: true, completedQuestionsCount: 3, questionCount: 3 });

    const completed = await queryRows<{ id: string; done: boolean }>(
      server.database.db,
      sql`select id, completed_at is not null as done from student_progress where id in (${aoife.progressId}, ${bríd.progressId})`,
    );
    expect(completed.every((r) => r.done)).toBe(true);

    // On the wire: neither pupil ever received a text of the other game, nor anything private.
    expectNoneOf(aoife.wire, ALL_B);
    expectNoneOf(bríd.wire, ALL_A);
    const secrets = await serverSecrets(server.database.db);
    for (const res of [...aoife.wire, ...bríd.wire])
      expectNoPrivateFields("a pupil's response", res.text, { secrets, studentFacing: true });
  });

  it("sends each group around the room along its own game's cards; a card of the other game is not part of its hunt", async () => {
    const { teacher, gameA, gameB } = await twoGames();
    const { first, second } = await splitSession(teacher, gameA, gameB, "room");
    const cardsA = await cardsOf(gameA);
    const cardsB = await cardsOf(gameB);
    expect([cardsA.length, cardsB.length]).toEqual([3, 2]);
    const aoife = await pupil(first.joinCode, "Aoife");
    const bríd = await pupil(second.joinCode, "Bríd");

    const aStart = await aoife.state();
    expect(aStart.questionCount).toBe(3);
    expect(aStart.hunt!.route.map((s) => s.questionIndex)).toEqual([0, 1, 2]);
    expect(aStart.hunt!.route.map((s) => s.number)).toEqual(cardsA.map((c) => c.number));
    // The second group starts its route at its own number, within its game's 2 questions.
    const bStart = await bríd.state();
    expect(bStart.questionCount).toBe(2);
    expect(bStart.hunt!.route.map((s) => s.questionIndex)).toEqual([1, 0]);
    expect(bStart.hunt!.route.map((s) => s.number)).toEqual([cardsB[1]!.number, cardsB[0]!.number]);
    expect(bStart.hunt!.next).toMatchObject({ questionIndex: 1, hidingPlace: GAME_B.questions[1]!.hidingPlace });

    // The other game's cards, by token or by word, even the one of the same number: not part of this hunt.
    for (const card of cardsA) {
      const byToken = (await bríd.find({ token: card.token })).body as FindStationResponse;
      expect(byToken).toMatchObject({ outcome: "notInHunt", station: null });
      expect(byToken.state.current).toBeNull();
    }
    expect(((await bríd.find({ word: cardsA[1]!.word })).body as FindStationResponse).outcome).toBe("notInHunt");
    expect(((await aoife.find({ token: cardsB[0]!.token })).body as FindStationResponse).outcome).toBe("notInHunt");
    // A card's QR address of the other game opened on the device: its own hunt says the card is not part of it.
    const visit = await bríd.visit(cardsA[0]!.token);
    expect(visit.body).toMatchObject({ progressId: bríd.progressId, find: { outcome: "notInHunt" } });
    const finds = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from station_finds where progress_id in (${aoife.progressId}, ${bríd.progressId})`,
    );
    expect(Number(finds[0]!.n)).toBe(0);

    // Its own cards: found along its route, answered, completed at its game's 2.
    for (const [step, q] of [1, 0].entries()) {
      const found = (await bríd.find({ token: cardsB[q]!.token })).body as FindStationResponse;
      expect(found.outcome).toBe("found");
      expect(found.state.current).toMatchObject({ index: q, questionText: GAME_B.questions[q]!.questionText });
      const wrong = await bríd.answer(q, (GAME_B.questions[q]!.correctAnswer + 1) % 4);
      expect(wrong.body).toMatchObject({ isCorrect: false, clue: GAME_B.questions[q]!.clue });
      const right = await bríd.answer(q, GAME_B.questions[q]!.correctAnswer);
      expect(right.body).toMatchObject({ isCorrect: true, completed: step === 1, next: null });
    }
    const bDone = await bríd.state();
    expect(bDone).toMatchObject({ completed: true, completedQuestionsCount: 2 });
    expect(bDone.hunt!.next).toBeNull();

    for (const q of [0, 1, 2]) {
      const found = (await aoife.find({ word: cardsA[q]!.word })).body as FindStationResponse;
      expect(found.outcome).toBe("found");
      expect(found.state.current!.questionText).toBe(GAME_A.questions[q]!.questionText);
      const right = await aoife.answer(q, GAME_A.questions[q]!.correctAnswer);
      expect(right.body).toMatchObject({ isCorrect: true, completed: q === 2 });
    }

    expectNoneOf(aoife.wire, ALL_B);
    expectNoneOf(bríd.wire, ALL_A);
  });

  it("keeps a running group on the questions it started with when its game is edited; a new session asks the new ones", async () => {
    const { teacher, gameA, gameB } = await twoGames();
    const running = await splitSession(teacher, gameA, gameB);
    const bríd = await pupil(running.second.joinCode, "Bríd");
    expect((await bríd.answer(0, GAME_B.questions[0]!.correctAnswer)).body.isCorrect).toBe(true);

    // The teacher rewrites game B (three new questions) while Bríd plays.
    expect((await teacher.client.put(`/api/games/${gameB}`, GAME_B_EDITED)).status).toBe(200);

    const during = await bríd.state();
    expect(during).toMatchObject({
      questionCount: 2,
      current: { index: 1, questionText: GAME_B.questions[1]!.questionText, options: GAME_B.questions[1]!.options },
    });
    // A pupil who joins the running group after the edit is asked the questions it started with too.
    const cian = await pupil(running.second.joinCode, "Cian");
    expect((await cian.state()).current!.questionText).toBe(GAME_B.questions[0]!.questionText);
    const wrong = await cian.answer(0, (GAME_B.questions[0]!.correctAnswer + 1) % 4);
    expect(wrong.body.clue).toBe(GAME_B.questions[0]!.clue);
    const last = await bríd.answer(1, GAME_B.questions[1]!.correctAnswer);
    expect(last.body).toMatchObject({ isCorrect: true, completed: true });
    expectNoneOf([...bríd.wire, ...cian.wire], [...textsOf(GAME_B_EDITED.questions), ...ALL_A]);

    // A new session's group of game B asks the edited questions, and completes at their 3.
    const next = await splitSession(teacher, gameA, gameB);
    const dara = await pupil(next.second.joinCode, "Dara");
    const fresh = await dara.state();
    expect(fresh).toMatchObject({
      questionCount: 3,
      current: { index: 0, questionText: GAME_B_EDITED.questions[0]!.questionText },
    });
    for (let i = 0; i < 3; i++) {
      const right = await dara.answer(i, GAME_B_EDITED.questions[i]!.correctAnswer);
      expect(right.body).toMatchObject({ isCorrect: true, completed: i === 2 });
    }
    expectNoneOf(dara.wire, [...textsOf(GAME_B.questions), ...ALL_A]);
  });
});
