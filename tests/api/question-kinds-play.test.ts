/**
 * The kinds of question through the real API on every database (decision 050): what a pupil's
 * device receives of each (never the answer: no accepted answers, an order's items shuffled per
 * child), how each is marked (a typed answer's folding and fadas, an order's places, choose all's
 * exact set), what is kept of each try, and the answers refused.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { answerMessages } from "../../src/shared/play/play-texts.ts";
import { attemptId, joinedStudent } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const ORDER_ITEMS = ["Seed", "Sprout", "Sapling", "Tree"];
const kindsGame = {
  title: "Gaeilge - 2nd Class - Kinds",
  language: "ga",
  questions: [
    { kind: "typed", questionText: "Cad é 'school' as Gaeilge?", options: ["scoil"], fadasCount: true },
    { kind: "typed", questionText: "What is 3 + 4?", options: ["7", "seven"] },
    { kind: "truefalse", questionText: "A spider has eight legs.", options: [], correctAnswer: 0 },
    { kind: "order", questionText: "Put them in order.", options: ORDER_ITEMS, clue: "Start small" },
    {
      kind: "multi",
      questionText: "Which are even?",
      options: ["2", "3", "4", "5"],
      correctAnswers: [0, 2],
    },
    { kind: "typed", questionText: "Cad é 'bread'?", options: ["arán"], fadasCount: true },
    { questionText: "Cad é 'milk'?", options: ["bainne", "tae", "sú", "im"], correctAnswer: 0 },
  ],
};

describe.each(testDatabaseKinds())("kinds of question in play on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  async function sessionOfKinds() {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", kindsGame);
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    expect(started.status).toBe(201);
    const codes = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return { teacher, sessionId: started.body.id as string, code: codes.body.session.groups[0].joinCode as string };
  }

  async function pupil(code: string, name: string) {
    const joined = await joinedStudent(server.url, code, name);
    const send = (body: Record<string, unknown>) =>
      joined.client.post(`/api/play/${joined.progressId}/answers`, { attemptId: attemptId(), ...body });
    return { ...joined, send };
  }

  it("sends each kind without its answer, marks each as its rules say, and keeps what each child gave", async () => {
    const { teacher, sessionId, code } = await sessionOfKinds();
    const aoife = await pupil(code, "Aoife");

    // Type the answer: the accepted answers never reach the device.
    const state = (await aoife.state()).body;
    expect(state.current).toEqual({
      index: 0,
      kind: "typed",
      questionText: "Cad é 'school' as Gaeilge?",
      options: [],
      wrongOptions: [],
      clue: null,
      picture: null,
      optionPictures: null,
      recording: null,
      optionRecordings: null,
      clueRecording: null,
    });
    // A wrong word is a wrong try.
    let res = await aoife.send({ questionIndex: 0, typedAnswer: "scol" });
    expect(res.body).toMatchObject({ isCorrect: false, nearly: false, inPlace: null });
    // Case, spaces and a full stop do not matter.
    res = await aoife.send({ questionIndex: 0, typedAnswer: "  SCOIL. " });
    expect(res.body).toMatchObject({ isCorrect: true, questionIndex: 0 });
    expect(res.body.next).toMatchObject({ index: 1, kind: "typed", options: [] });

    // A number matches by its value.
    res = await aoife.send({ questionIndex: 1, typedAnswer: " 07.0" });
    expect(res.body.isCorrect).toBe(true);
    expect(res.body.next).toMatchObject({ index: 2, kind: "truefalse", options: [] });

    // True or false: 1 (false) is wrong, and crossed out like an option.
    res = await aoife.send({ questionIndex: 2, selectedOption: 1 });
    expect(res.body.isCorrect).toBe(false);
    expect((await aoife.state()).body.current).toMatchObject({ index: 2, wrongOptions: [1] });
    // A third tile does not exist.
    res = await aoife.send({ questionIndex: 2, selectedOption: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(inEnglish(answerMessages.wrongKind));
    res = await aoife.send({ questionIndex: 2, selectedOption: 0 });
    expect(res.body.isCorrect).toBe(true);

    // Put in order: the items arrive shuffled, never in the right order.
    const orderQuestion = res.body.next;
    expect(orderQuestion).toMatchObject({ index: 3, kind: "order" });
    const shown: string[] = orderQuestion.options;
    expect([...shown].sort()).toEqual([...ORDER_ITEMS].sort());
    expect(shown).not.toEqual(ORDER_ITEMS);
    // The same child sees the same order after a refresh.
    expect((await aoife.state()).body.current.options).toEqual(shown);
    // An answer of another kind does not fit.
    res = await aoife.send({ questionIndex: 3, typedAnswer: "Seed" });
    expect(res.status).toBe(400);
    // The order as shown, unchanged: some in place, and the clue.
    const placesAsShown = shown.map((_, p) => p);
    const inPlaceAsShown = shown.filter((item, p) => ORDER_ITEMS[p] === item).length;
    res = await aoife.send({ questionIndex: 3, order: placesAsShown });
    expect(res.body).toMatchObject({ isCorrect: false, inPlace: inPlaceAsShown, clue: "Start small", nearly: false });
    // Too few places for the items: refused.
    res = await aoife.send({ questionIndex: 3, order: [0, 1, 2] });
    expect(res.status).toBe(400);
    // The right order, as places of the items shown.
    const rightPlaces = ORDER_ITEMS.map((item) => shown.indexOf(item));
    res = await aoife.send({ questionIndex: 3, order: rightPlaces });
    expect(res.body).toMatchObject({ isCorrect: true, inPlace: null });

    // Choose all that apply: exactly the right ones.
    expect(res.body.next).toMatchObject({ index: 4, kind: "multi", options: ["2", "3", "4", "5"] });
    res = await aoife.send({ questionIndex: 4, selectedOptions: [0] });
    expect(res.body.isCorrect).toBe(false);
    res = await aoife.send({ questionIndex: 4, selectedOptions: [0, 2, 3] });
    expect(res.body.isCorrect).toBe(false);
    // Nothing crossed out: a set is wrong as a whole.
    expect((await aoife.state()).body.current).toMatchObject({ index: 4, wrongOptions: [] });
    res = await aoife.send({ questionIndex: 4, selectedOptions: [2, 0] });
    expect(res.body.isCorrect).toBe(true);

    // A missing fada, where fadas count: "nearly", not a try; with the fada, right first time.
    res = await aoife.send({ questionIndex: 5, typedAnswer: "aran" });
    expect(res.body).toEqual({
      isCorrect: false,
      completed: false,
      questionIndex: 5,
      next: null,
      clue: null,
      clueRecording: null,
      nearly: true,
      inPlace: null,
    });
    res = await aoife.send({ questionIndex: 5, typedAnswer: "Arán" });
    expect(res.body.isCorrect).toBe(true);

    // Four options, as ever.
    res = await aoife.send({ questionIndex: 6, selectedOption: 0 });
    expect(res.body).toMatchObject({ isCorrect: true, completed: true });

    // What was kept: each try as the child gave it; "nearly" is no try, so question 6 was right first time.
    const tries = await queryRows<{
      question_index: number;
      selected_option: number;
      typed_answer: string | null;
      given_order: number[] | null;
      is_correct: boolean;
    }>(
      server.database.db,
      sql`select question_index, selected_option, typed_answer, given_order, is_correct from answer_attempts
          where progress_id = ${aoife.progressId} order by id`,
    );
    expect(
      tries.map((t) => [t.question_index, t.selected_option, t.typed_answer, t.given_order, t.is_correct]),
    ).toEqual([
      [0, -1, "scol", null, false],
      [0, -1, "  SCOIL. ", null, true],
      [1, -1, " 07.0", null, true],
      [2, 1, null, null, false],
      [2, 0, null, null, true],
      [3, -1, null, ORDER_ITEMS.map((_, k) => ORDER_ITEMS.indexOf(shown[k]!)), false],
      [3, -1, null, [0, 1, 2, 3], true],
      [4, 1, null, null, false],
      [4, 13, null, null, false],
      [4, 5, null, null, true],
      [5, -1, "Arán", null, true],
      [6, 0, null, null, true],
    ]);
    const progress = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(progress.status).toBe(200);
    const [row] = await queryRows<{ first_attempt_correct_count: number; completed_questions_count: number }>(
      server.database.db,
      sql`select first_attempt_correct_count, completed_questions_count from student_progress where id = ${aoife.progressId}`,
    );
    // Right first time: 1 (7.0), 5 (Arán after "nearly") and 6.
    expect(row).toEqual({ first_attempt_correct_count: 3, completed_questions_count: 7 });
  });

  it("shuffles an order question differently for different children, and marks each by their own order", async () => {
    const { code } = await sessionOfKinds();
    const children = await Promise.all(["Cian", "Saoirse", "Oisín", "Méabh", "Rónán"].map((name) => pupil(code, name)));
    // Each child reaches the order question.
    for (const child of children) {
      await child.send({ questionIndex: 0, typedAnswer: "scoil" });
      await child.send({ questionIndex: 1, typedAnswer: "seven" });
      await child.send({ questionIndex: 2, selectedOption: 0 });
    }
    const shownOrders = await Promise.all(
      children.map(async (c) => (await c.state()).body.current.options as string[]),
    );
    expect(new Set(shownOrders.map((o) => o.join("|"))).size).toBeGreaterThan(1);
    // One child's right places are (almost always) wrong for another: each is marked by their own shuffle.
    for (const [k, child] of children.entries()) {
      const right = ORDER_ITEMS.map((item) => shownOrders[k]!.indexOf(item));
      const res = await child.send({ questionIndex: 3, order: right });
      expect(res.body.isCorrect).toBe(true);
    }
  });

  it("refuses typed answers that are too long, blank or hold control characters, and answers of two kinds at once", async () => {
    const { code } = await sessionOfKinds();
    const niamh = await pupil(code, "Niamh");
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await niamh.send({ questionIndex: 0, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    };
    await refused({ typedAnswer: "s".repeat(61) }, inEnglish(answerMessages.typedTooLong));
    await refused({ typedAnswer: "sco\u0007il" }, inEnglish(answerMessages.typedNotText));
    await refused({ typedAnswer: "   " }, inEnglish(answerMessages.typeAnswer));
    const missing = "Missing required parameters for recording answer";
    await refused({ typedAnswer: "scoil", selectedOption: 1 }, missing);
    await refused({}, missing);
    await refused({ order: [0, 0, 1] }, missing);
    await refused({ selectedOptions: [] }, inEnglish(answerMessages.chooseOne));
    // Nothing was recorded.
    const recorded = await queryRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from answer_attempts where progress_id = ${niamh.progressId}`,
    );
    expect(recorded).toEqual([{ count: 0 }]);
    // 60 characters is an answer (a wrong one).
    const res = await niamh.send({ questionIndex: 0, typedAnswer: "s".repeat(60) });
    expect(res.body.isCorrect).toBe(false);
  });
});
