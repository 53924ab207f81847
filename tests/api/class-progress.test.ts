/**
 * A class's progress: GET /api/classes/:id/progress gives each pupil of a saved class
 * their sessions started with that class and still kept, with figures that match each session's
 * results; a session deleted by the teacher or the retention sweep leaves it; typed names in a
 * session without the class never appear; only the class's teacher sees it. On both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import type { ClassProgressResponse, NeedsLook, PupilSession } from "../../src/shared/classes/class-progress.ts";
import { givenAnswer } from "../../src/shared/games/shown-answers.ts";
import { type SessionResults, type StudentResult } from "../../src/shared/results/results.ts";
import { attemptId, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { withOptionNotes } from "../support/option-notes.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const classNotFound = { code: "not_found", message: "Class not found.", key: "classes.notFound" };

/** The first game with a clue on its first question (correct answers 1, 2, 0). */
const foodGame = {
  ...threeQuestionGame,
  questions: threeQuestionGame.questions.map((q, i) => (i === 0 ? { ...q, clue: "It is red or green." } : q)),
};
/** A second game of two questions (correct answers 0 and 3), a clue on the second. */
const numbersGame = {
  title: "Mata - 3rd Class - Suimeanna",
  description: "Sums",
  questions: [
    { questionText: "2 + 2?", options: ["4", "5", "6", "3"], correctAnswer: 0 },
    { questionText: "5 + 4?", options: ["7", "8", "10", "9"], correctAnswer: 3, clue: "Count on from 5." },
  ],
};

describe.each(testDatabaseKinds())("a class's progress on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db, env: { RESULTS_RETENTION_DAYS: "30" } });
  });
  afterAll(async () => server?.close());

  type Try = { questionIndex: number; selectedOption: number; typedAnswer: string | null; givenOrder: number[] | null };
  /** What the stored tries say: a pupil's earliest try (lowest id) of each question they answered, wrong ones only, by question. */
  const firstWrongTries = async (sessionId: string, name: string): Promise<Try[]> =>
    queryRows<Try>(
      server.database.db,
      sql`select t.question_index as "questionIndex", t.selected_option as "selectedOption",
                 t.typed_answer as "typedAnswer", t.given_order as "givenOrder"
            from answer_attempts t join student_progress p on p.id = t.progress_id
           where p.session_id = ${sessionId} and p.student_name = ${name} and not t.is_correct
             and t.id = (select min(e.id) from answer_attempts e
                          where e.progress_id = t.progress_id and e.question_index = t.question_index)
           order by t.question_index`,
    );

  it("shows each pupil's kept sessions with the figures of each session's results, and nothing else", async () => {
    const teacher = await signedUpTeacher(server.url);
    const food = (await teacher.client.post("/api/games", foodGame)).body.id as string;
    const numbers = (await teacher.client.post("/api/games", numbersGame)).body.id as string;
    const saved = (await teacher.client.post("/api/classes", { name: "3rd Class", names: "Aoife\nSeán\nOisín" })).body
      .class;
    const progressOf = async () => {
      const response = await teacher.client.get(`/api/classes/${saved.id}/progress`);
      expect(response.status).toBe(200);
      return response.body as ClassProgressResponse;
    };
    const start = async (gameId: string, body: Record<string, unknown> = { classId: saved.id }) => {
      const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, ...body });
      expect(started.status).toBe(201);
      const id = started.body.id as string;
      const code = (await teacher.client.get(`/api/sessions/${id}`)).body.session.groups[0].joinCode as string;
      return { id, code };
    };

    // Nothing played yet: every pupil of the list, with no sessions.
    expect((await progressOf()).pupils).toEqual([
      { name: "Aoife", onList: true, sessions: [] },
      { name: "Seán", onList: true, sessions: [] },
      { name: "Oisín", onList: true, sessions: [] },
    ]);

    const first = await start(food);
    const aoife = await joinedStudent(server.url, first.code, "Aoife");
    expect((await aoife.answer(0, 0)).status).toBe(200); // wrong: the clue is shown
    await aoife.answer(0, 1);
    await aoife.answer(1, 0); // still wrong at the end
    expect((await aoife.client.post(`/api/play/${aoife.progressId}/help`, { requested: true })).status).toBe(200);
    const sean = await joinedStudent(server.url, first.code, "Seán");
    await sean.answer(0, 1);
    await sean.answer(1, 2);
    await sean.answer(2, 0);

    const second = await start(numbers);
    const aoife2 = await joinedStudent(server.url, second.code, "Aoife");
    await aoife2.answer(0, 0);
    await aoife2.answer(1, 0); // wrong: the clue is shown, and it stays wrong
    const sean2 = await joinedStudent(server.url, second.code, "Seán");
    await sean2.answer(1, 3);

    // A session started without the class: typed names never reach the class page.
    const typed = await start(food, {});
    await joinedStudent(server.url, typed.code, "Cian");
    await (await joinedStudent(server.url, typed.code, "Aoife")).answer(0, 1);

    // Two more sessions with the class: one the teacher deletes, one the retention sweep removes.
    const deleted = await start(food);
    await (await joinedStudent(server.url, deleted.code, "Aoife")).answer(0, 1);
    const swept = await start(numbers);
    await (await joinedStudent(server.url, swept.code, "Oisín")).answer(0, 0);

    const expected = async (sessionId: string, name: string): Promise<PupilSession> => {
      const results = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body as SessionResults;
      const student = results.students.find((s) => s.studentName === name) as StudentResult;
      const questionAt = (index: number) =>
        results.questions.find((q) => q.gameId === student.gameId && q.index === index)!;
      return {
        sessionId,
        date: results.session.startTime,
        gameId: student.gameId,
        gameTitle: results.session.games.find((g) => g.id === student.gameId)!.title,
        score: student.completedQuestionsCount,
        questionCount: results.session.games.find((g) => g.id === student.gameId)!.questionCount,
        firstTry: student.firstAttemptCorrectCount,
        cluesSeen: student.answers.filter((a) => a.clueShown).length,
        helpRequested: student.helpRequested,
        needsLook: (await firstWrongTries(sessionId, name)).map((first) => ({
          question: questionAt(first.questionIndex).questionText,
          firstAnswer: givenAnswer(questionAt(first.questionIndex), first),
          notes: [],
          rightLater: student.answers.find((a) => a.questionIndex === first.questionIndex)!.isCorrect,
        })),
      };
    };

    const before = await progressOf();
    expect(before.class).toEqual({ id: saved.id, name: "3rd Class" });
    expect(before.pupils.map((p) => [p.name, p.sessions.map((s) => s.sessionId)])).toEqual([
      ["Aoife", [first.id, second.id, deleted.id]],
      ["Seán", [first.id, second.id]],
      ["Oisín", [swept.id]],
    ]);
    const [aoifeRow, seanRow] = before.pupils;
    expect(aoifeRow!.sessions.slice(0, 2)).toEqual([
      await expected(first.id, "Aoife"),
      await expected(second.id, "Aoife"),
    ]);
    expect(seanRow!.sessions).toEqual([await expected(first.id, "Seán"), await expected(second.id, "Seán")]);
    // The figures, as played: Aoife's first game and her second.
    expect(aoifeRow!.sessions[0]).toMatchObject({
      gameTitle: foodGame.title,
      score: 1,
      questionCount: 3,
      firstTry: 0,
      cluesSeen: 1,
      helpRequested: true,
      needsLook: [
        { question: "Cad é 'apple'?", firstAnswer: { kind: "text", text: "oráiste" }, notes: [], rightLater: true },
        { question: "Cad é 'bread'?", firstAnswer: { kind: "text", text: "bainne" }, notes: [], rightLater: false },
      ],
    });
    expect(aoifeRow!.sessions[1]).toMatchObject({
      gameTitle: numbersGame.title,
      score: 1,
      questionCount: 2,
      firstTry: 1,
      cluesSeen: 1,
      helpRequested: false,
      needsLook: [{ question: "5 + 4?", firstAnswer: { kind: "text", text: "7" }, notes: [], rightLater: false }],
    });

    // Deleted by the teacher: gone from the class page.
    await teacher.client.post(`/api/sessions/${deleted.id}/end`, {});
    expect((await teacher.client.request("DELETE", `/api/sessions/${deleted.id}`)).status).toBe(200);
    // Removed by the retention sweep: ended 31 days ago on the database's clock.
    await teacher.client.post(`/api/sessions/${swept.id}/end`, {});
    await server.database.db.execute(
      sql`update game_sessions set end_time = end_time - interval '31 days' where id = ${swept.id}`,
    );
    expect((await server.app.sweepRetention()).sessions).toBeGreaterThanOrEqual(1);
    expect((await teacher.client.get(`/api/sessions/${swept.id}/results`)).status).toBe(404);

    // Seán taken off the list: his sessions still show, under his name, after the list.
    await teacher.client.put(`/api/classes/${saved.id}`, { name: "3rd Class", names: "Aoife\nOisín" });
    const after = await progressOf();
    expect(after.pupils.map((p) => [p.name, p.onList, p.sessions.map((s) => s.sessionId)])).toEqual([
      ["Aoife", true, [first.id, second.id]],
      ["Oisín", true, []],
      ["Seán", false, [first.id, second.id]],
    ]);
    expect(JSON.stringify(after)).not.toContain("Cian");
    expect(JSON.stringify(after)).not.toContain(typed.id);

    // Only the class's teacher: another's, a missing one and a malformed id read alike.
    const other = await signedUpTeacher(server.url);
    for (const id of [saved.id, "00000000-0000-4000-8000-000000000000", "not-a-class"]) {
      const response = await other.client.get(`/api/classes/${id}/progress`);
      expect(response.status, id).toBe(404);
      expect(response.body.error, id).toEqual(classNotFound);
    }
  });
  it("lists what each child got wrong at the first try, with the note of the option they chose, as the stored tries say", async () => {
    const teacher = await signedUpTeacher(server.url);
    const fractions = {
      title: "Fractions",
      description: "Halves",
      questions: [
        { questionText: "Which is bigger?", options: ["1/2", "1/3", "1/4", "1/5"], correctAnswer: 0 },
        { kind: "truefalse", questionText: "1/2 is the same as 2/4.", options: [], correctAnswer: 0 },
        { kind: "typed", questionText: "Write one half as a fraction.", options: ["1/2"] },
        {
          kind: "multi",
          questionText: "Which are the same as one half?",
          options: ["2/4", "1/3", "3/6", "2/3"],
          correctAnswer: 0,
          correctAnswers: [0, 2],
        },
      ],
    };
    const bigger = "thinks a bigger bottom number means a bigger fraction";
    const four = "thinks 1/4 is bigger because 4 is bigger than 2";
    const different = "thinks different numbers always mean different amounts";
    const thirds = "thinks any fraction with a small number on top is a half";
    const created = await teacher.client.post(
      "/api/games",
      withOptionNotes(fractions, {
        0: [null, bigger, four, null],
        1: [null, different],
        3: [null, thirds, null, null],
      }),
    );
    expect(created.status).toBe(201);
    const gameId = created.body.id as string;
    const saved = (await teacher.client.post("/api/classes", { name: "4th Class", names: "Aoife\nSeán\nOisín" })).body
      .class;
    const start = async () => {
      const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, classId: saved.id });
      const id = started.body.id as string;
      const code = (await teacher.client.get(`/api/sessions/${id}`)).body.session.groups[0].joinCode as string;
      return { id, code };
    };
    const send = (pupil: Awaited<ReturnType<typeof joinedStudent>>, body: Record<string, unknown>) =>
      pupil.client.post(`/api/play/${pupil.progressId}/answers`, { attemptId: attemptId(), ...body });

    const first = await start();
    const aoife = await joinedStudent(server.url, first.code, "Aoife");
    expect((await aoife.answer(0, 1)).body.isCorrect).toBe(false); // 1/3: the note
    await aoife.answer(0, 2); // a second wrong try: not her first
    await aoife.answer(0, 0); // right later
    await aoife.answer(1, 1); // False: its note
    await aoife.answer(1, 0);
    expect((await send(aoife, { questionIndex: 2, typedAnswer: "2/1" })).body.isCorrect).toBe(false);
    await send(aoife, { questionIndex: 2, typedAnswer: "1/2" });
    await send(aoife, { questionIndex: 3, selectedOptions: [0, 2] }); // right at the first try
    const sean = await joinedStudent(server.url, first.code, "Seán");
    await sean.answer(0, 2); // 1/4, its own note
    await sean.answer(0, 0);
    await sean.answer(1, 0); // right at the first try
    await send(sean, { questionIndex: 2, typedAnswer: "1/2" });
    expect((await send(sean, { questionIndex: 3, selectedOptions: [0, 1] })).body.isCorrect).toBe(false); // still wrong
    const oisin = await joinedStudent(server.url, first.code, "Oisín");
    await oisin.answer(0, 0);
    const second = await start();
    const aoife2 = await joinedStudent(server.url, second.code, "Aoife");
    await aoife2.answer(0, 3); // 1/5: no note

    const progress = (await teacher.client.get(`/api/classes/${saved.id}/progress`)).body as ClassProgressResponse;
    const listed = (name: string) => progress.pupils.find((p) => p.name === name)!.sessions.map((s) => s.needsLook);
    const look = (question: string, firstAnswer: NeedsLook["firstAnswer"], notes: string[], rightLater: boolean) => ({
      question,
      firstAnswer,
      notes,
      rightLater,
    });
    expect(listed("Aoife")).toEqual([
      [
        look("Which is bigger?", { kind: "text", text: "1/3" }, [bigger], true),
        look("1/2 is the same as 2/4.", { kind: "truefalse", value: false }, [different], true),
        look("Write one half as a fraction.", { kind: "typed", text: "2/1" }, [], true),
      ],
      [look("Which is bigger?", { kind: "text", text: "1/5" }, [], false)],
    ]);
    expect(listed("Seán")).toEqual([
      [
        look("Which is bigger?", { kind: "text", text: "1/4" }, [four], true),
        look("Which are the same as one half?", { kind: "options", items: ["2/4", "1/3"] }, [thirds], false),
      ],
    ]);
    expect(listed("Oisín")).toEqual([[]]);

    // Every pupil's list is the stored tries' own: the questions whose earliest try was wrong, with that try.
    for (const pupil of progress.pupils)
      for (const session of pupil.sessions) {
        const tries = await firstWrongTries(session.sessionId, pupil.name);
        expect(session.needsLook.map((l) => l.question)).toEqual(
          tries.map((t) => fractions.questions[t.questionIndex]!.questionText),
        );
        expect(session.needsLook.map((l) => l.firstAnswer)).toEqual(
          tries.map((t) => givenAnswer(fractions.questions[t.questionIndex]!, t)),
        );
      }
    const [counted] = await queryRows<{ count: number }>(
      server.database.db,
      sql`select count(*)::int as count from answer_attempts t join student_progress p on p.id = t.progress_id
           join game_sessions s on s.id = p.session_id
          where s.class_id = ${saved.id} and not t.is_correct
            and t.id = (select min(e.id) from answer_attempts e where e.progress_id = t.progress_id and e.question_index = t.question_index)`,
    );
    expect(progress.pupils.flatMap((p) => p.sessions.flatMap((s) => s.needsLook))).toHaveLength(counted!.count);
    expect(counted!.count).toBe(6);
  });
});
