/**
 * First answers in the results, through the real play API on every database: pupils of a session
 * split three ways (two groups on "Fractions", one on "Numbers") answer with different first wrong
 * answers and try again, of every kind (choice, true or false, typed with folding and a "nearly"
 * that is no try, choose all, order). Each question's first-answer counts per group must equal a
 * count made directly over answer_attempts (each pupil's earliest row per question); the notes
 * reach the teacher's results and never a pupil's device.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import type { GroupIdentifier } from "../../src/shared/games/curriculum.ts";
import { indicesOfMask } from "../../src/shared/games/question-kinds.ts";
import { inEnglish } from "../../src/shared/i18n/translator.ts";
import { choseSentence, type FirstAnswers, firstAnswerView } from "../../src/shared/results/first-answers.ts";
import { foldWrongAnswers, type SessionResults } from "../../src/shared/results/results.ts";
import type { SessionDetail } from "../../src/shared/sessions/session-responses.ts";
import { attemptId, joinedStudent } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { withOptionNotes } from "../support/option-notes.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const ORDER_ITEMS = ["Seed", "Sprout", "Sapling", "Tree"];
const fractions = {
  title: "Fractions (4th Class)",
  questions: [
    { questionText: "Which is the biggest?", options: ["1/2", "1/3", "1/4", "1/8"], correctAnswer: 0 },
    { kind: "truefalse", questionText: "2/4 is the same as 1/2.", options: [], correctAnswer: 0 },
    { kind: "typed", questionText: "Cad é 'bread'?", options: ["arán"], fadasCount: true },
    { kind: "multi", questionText: "Which are halves?", options: ["2/4", "1/3", "3/6", "2/3"], correctAnswers: [0, 2] },
    { kind: "order", questionText: "Put them in order.", options: ORDER_ITEMS },
  ],
};
const numbers = {
  title: "Numbers (1st Class)",
  questions: [
    { questionText: "3 + 4?", options: ["6", "8", "7", "5"], correctAnswer: 2 },
    { kind: "typed", questionText: "What is 3 + 4 in words or figures?", options: ["7", "seven"] },
  ],
};
const NOTE_THIRD = "thinks a bigger bottom number means a bigger fraction";
const NOTE_EIGHTH = "reads the biggest number as the biggest fraction";

type Answer = { selectedOption?: number; typedAnswer?: string; selectedOptions?: number[]; order?: string[] };

describe.each(testDatabaseKinds())("first answers in the results on %s", (db) => {
  let server: TestServer;
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
  let sessionId: string;
  let fractionsId: string;
  let numbersId: string;
  const pupilStates: string[] = [];

  async function pupil(code: string, name: string) {
    const joined = await joinedStudent(server.url, code, name);
    return async (questionIndex: number, ...answers: Answer[]) => {
      for (const { order, ...rest } of answers) {
        const state = (await joined.state()).body;
        pupilStates.push(JSON.stringify(state));
        // An order is given as the items in order; the device sends their places as shown to this child.
        const body = order ? { order: order.map((item) => state.current.options.indexOf(item)) } : rest;
        const res = await joined.client.post(`/api/play/${joined.progressId}/answers`, {
          attemptId: attemptId(),
          questionIndex,
          ...body,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        pupilStates.push(JSON.stringify(res.body));
      }
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ db });
    teacher = await signedUpTeacher(server.url);
    const created = await Promise.all(
      [
        withOptionNotes(fractions, {
          0: [null, NOTE_THIRD, null, NOTE_EIGHTH],
          1: [null, "thinks a bigger number is a bigger fraction"],
          3: [null, "counts any fraction as a half", null, null],
        }),
        numbers,
      ].map(async (game) => {
        const res = await teacher.client.post("/api/games", game);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.id as string;
      }),
    );
    [fractionsId, numbersId] = created as [string, string];
    const started = await teacher.client.post("/api/sessions", {
      gameId: fractionsId,
      groupCount: 3,
      groupGames: [null, numbersId, null],
    });
    expect(started.status).toBe(201);
    sessionId = started.body.id;
    const groups = ((await teacher.client.get(`/api/sessions/${sessionId}`)).body.session as SessionDetail).groups;
    const [yellow, red, blue] = groups.map((g) => g.joinCode);

    const aoife = await pupil(yellow!, "Aoife");
    const brid = await pupil(yellow!, "Bríd");
    const cian = await pupil(yellow!, "Cian");
    const dara = await pupil(blue!, "Dara");
    const eimear = await pupil(blue!, "Eimear");
    const fionn = await pupil(red!, "Fionn");
    const grainne = await pupil(red!, "Gráinne");
    const hugh = await pupil(red!, "Hugh");
    const right = [ORDER_ITEMS];

    await aoife(0, { selectedOption: 1 }, { selectedOption: 0 });
    await aoife(1, { selectedOption: 1 }, { selectedOption: 0 });
    await aoife(2, { typedAnswer: "Arun" }, { typedAnswer: "arán" });
    await aoife(3, { selectedOptions: [0] }, { selectedOptions: [0, 2] });
    await aoife(4, { order: ["Sprout", "Seed", "Sapling", "Tree"] }, { order: right[0] });
    await brid(0, { selectedOption: 1 }, { selectedOption: 3 }, { selectedOption: 0 });
    await brid(1, { selectedOption: 0 });
    // "Nearly" (a missing fada where fadas count) is not a try: her first answer is "arun.".
    await brid(2, { typedAnswer: "aran" }, { typedAnswer: "arun." }, { typedAnswer: "Arán" });
    await brid(3, { selectedOptions: [0, 2] });
    await brid(4, { order: ORDER_ITEMS });
    await cian(0, { selectedOption: 3 }, { selectedOption: 0 });
    await cian(1, { selectedOption: 1 }, { selectedOption: 0 });
    await cian(2, { typedAnswer: "bainne" }, { typedAnswer: "arán" });
    await cian(3, { selectedOptions: [0, 1, 2] }, { selectedOptions: [0, 2] });
    await cian(4, { order: ["Seed", "Sapling", "Sprout", "Tree"] }, { order: ORDER_ITEMS });
    await dara(0, { selectedOption: 0 });
    await dara(1, { selectedOption: 1 });
    await eimear(0, { selectedOption: 1 }, { selectedOption: 0 });
    await fionn(0, { selectedOption: 0 }, { selectedOption: 2 });
    await fionn(1, { typedAnswer: " 7 " });
    await grainne(0, { selectedOption: 0 }, { selectedOption: 1 }, { selectedOption: 2 });
    await grainne(1, { typedAnswer: "six" }, { typedAnswer: "7" });
    await hugh(0, { selectedOption: 2 });
    await hugh(1, { typedAnswer: "Six." }, { typedAnswer: "seven" });
  });
  afterAll(() => server?.close());

  const results = async () => {
    const res = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(res.status).toBe(200);
    return res.body as SessionResults;
  };

  it("counts each question's first answers per group as a count over answer_attempts says", async () => {
    const r = await results();
    // Each pupil's earliest kept try of each question, straight from the table.
    const firsts = await queryRows<{
      game_id: string;
      question_index: number;
      group_identifier: GroupIdentifier;
      selected_option: number;
      typed_answer: string | null;
      given_order: number[] | null;
      is_correct: boolean;
    }>(
      server.database.db,
      sql`select g.game_id, t.question_index, p.group_identifier, t.selected_option, t.typed_answer, t.given_order, t.is_correct
            from answer_attempts t
            join student_progress p on p.id = t.progress_id
            join session_groups g on g.id = p.group_id
           where p.session_id = ${sessionId}
             and t.id = (select min(u.id) from answer_attempts u where u.progress_id = t.progress_id and u.question_index = t.question_index)`,
    );
    expect(firsts).toHaveLength(5 + 5 + 5 + 2 + 1 + 2 + 2 + 2);
    for (const q of r.questions) {
      const expected: FirstAnswers[] = [];
      for (const group of ["yellow-square", "red-circle", "blue-triangle"] as const) {
        const rows = firsts.filter(
          (f) => f.game_id === q.gameId && f.question_index === q.index && f.group_identifier === group,
        );
        if (rows.length === 0) continue;
        const optionCount = q.kind === "truefalse" ? 2 : q.kind === "choice" || q.kind === "multi" ? 4 : 0;
        const options = optionCount ? Array.from({ length: optionCount }, () => 0) : null;
        for (const f of rows) {
          const chosen = q.kind === "multi" ? indicesOfMask(f.selected_option) : [f.selected_option];
          if (options) for (const k of chosen) options[k]!++;
        }
        const wrongRows = rows.filter((f) => !f.is_correct);
        const orders = new Map<string, number>();
        for (const f of wrongRows)
          if (f.given_order) orders.set(f.given_order.join(","), (orders.get(f.given_order.join(",")) ?? 0) + 1);
        expected.push({
          groupIdentifier: group,
          pupils: rows.length,
          right: rows.filter((f) => f.is_correct).length,
          options,
          wrong:
            q.kind === "typed"
              ? foldWrongAnswers(wrongRows.map((f) => ({ text: f.typed_answer!, count: 1 })))
              : q.kind === "order"
                ? [...orders]
                    .map(([answer, count]) => ({ answer, count }))
                    .sort((a, b) => b.count - a.count || (a.answer < b.answer ? -1 : 1))
                : null,
        });
      }
      expect(q.firstAnswers, `${q.gameId === fractionsId ? "Fractions" : "Numbers"} question ${q.index}`).toEqual(
        expected,
      );
    }
  });

  it("gives the figures the pupils' answers make, per group and for all groups, with the notes", async () => {
    const r = await results();
    const [biggest, trueFalse, bread, halves, order] = r.questions.filter((q) => q.gameId === fractionsId);
    // Yellow: Aoife and Bríd chose 1/3 first, Cian 1/8; blue: Dara right, Eimear 1/3.
    expect(biggest!.firstAnswers.map((f) => [f.groupIdentifier, f.pupils, f.right, f.options])).toEqual([
      ["yellow-square", 3, 0, [0, 2, 0, 1]],
      ["blue-triangle", 2, 1, [1, 1, 0, 0]],
    ]);
    expect(biggest!.optionNotes).toEqual([null, NOTE_THIRD, null, NOTE_EIGHTH]);
    const all = firstAnswerView(biggest!, "all")!;
    const most = all.options!.find((o) => o.mostChosenWrong)!;
    expect(inEnglish(choseSentence(most.count, biggest!.options[most.option]!, most.note))).toBe(
      `3 chose 1/3 — ${NOTE_THIRD}`,
    );
    expect(firstAnswerView(biggest!, "blue-triangle")!.options!.map((o) => o.count)).toEqual([1, 1, 0, 0]);
    expect(trueFalse!.firstAnswers.map((f) => [f.groupIdentifier, f.options])).toEqual([
      ["yellow-square", [1, 2]],
      ["blue-triangle", [0, 1]],
    ]);
    // "Arun" and "arun." are one answer; "aran" (nearly) was never a try.
    expect(bread!.firstAnswers).toEqual([
      {
        groupIdentifier: "yellow-square",
        pupils: 3,
        right: 0,
        options: null,
        wrong: [
          { answer: "Arun", count: 2 },
          { answer: "bainne", count: 1 },
        ],
      },
    ]);
    expect(halves!.firstAnswers[0]).toMatchObject({ pupils: 3, right: 1, options: [3, 1, 2, 0] });
    expect(order!.firstAnswers[0]).toMatchObject({
      pupils: 3,
      right: 1,
      wrong: [
        { answer: "0,2,1,3", count: 1 },
        { answer: "1,0,2,3", count: 1 },
      ],
    });
    const [sum, words] = r.questions.filter((q) => q.gameId === numbersId);
    expect(sum!.firstAnswers).toEqual([
      { groupIdentifier: "red-circle", pupils: 3, right: 1, options: [2, 0, 1, 0], wrong: null },
    ]);
    expect(sum!.optionNotes).toBeNull();
    expect(words!.firstAnswers[0]).toMatchObject({ pupils: 3, right: 1, wrong: [{ answer: "Six.", count: 2 }] });
  });

  it("never sends a note to a pupil's device", () => {
    expect(pupilStates.length).toBeGreaterThan(40);
    for (const text of pupilStates) {
      expect(text).not.toContain("thinks");
      expect(text).not.toContain("optionNotes");
    }
  });
});
