/**
 * Clues through the real API on every database: the teacher writes one per
 * question, a pupil gets it only after a wrong answer, crossed-out options survive a refresh,
 * the results say who was shown each clue; and the session's sound-effects setting.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { questionSummaries, type SessionResults } from "../../src/shared/results/results.ts";
import { joinedStudent } from "../support/classroom.ts";
import { CLUES, CLUE_GAME_CORRECT as CORRECT, clueGame, teacherWithClueSession } from "../support/clue-game.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { expectNoPrivateFields, serverSecrets } from "../support/private-fields.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** A wrong option for question q other than `not` (so two wrong tries differ). */
const wrongOption = (q: number, not = -1) => [0, 1, 2, 3].find((o) => o !== CORRECT[q] && o !== not)!;

describe.each(testDatabaseKinds())("clues on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  describe("writing them", () => {
    it("stores each question's clue trimmed, and a blank one as none", async () => {
      const { teacher, gameId } = await teacherWithClueSession(server.url);
      const detail = await teacher.client.get(`/api/games/${gameId}`);
      expect(detail.body.game.questions.map((q: { clue: string | null }) => q.clue)).toEqual([
        CLUES[0],
        null,
        CLUES[2],
      ]);
      const rows = await queryRows<{ clue: string | null }>(
        server.database.db,
        sql`select clue from questions where game_id = ${gameId} order by position`,
      );
      expect(rows.map((r) => r.clue)).toEqual([CLUES[0], null, CLUES[2]]);
    });

    it("accepts a game without any clue field, as before clues existed", async () => {
      const { client } = await signedUpTeacher(server.url);
      const questions = clueGame.questions.map(({ clue: _clue, ...q }) => q);
      const res = await client.post("/api/games", { ...clueGame, questions });
      expect(res.status).toBe(201);
      const detail = await client.get(`/api/games/${res.body.id}`);
      expect(detail.body.game.questions.every((q: { clue: unknown }) => q.clue === null)).toBe(true);
    });

    it("accepts a 200-character clue and refuses a 201-character one with a clear message", async () => {
      const { client } = await signedUpTeacher(server.url);
      const withClue = (clue: unknown) => ({
        ...clueGame,
        questions: [clueGame.questions[0], { ...clueGame.questions[1], clue }],
      });
      expect((await client.post("/api/games", withClue("c".repeat(200)))).status).toBe(201);
      const tooLong = await client.post("/api/games", withClue("c".repeat(201)));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.message).toBe(inEnglish(gameMessages.clueTooLong));
      expect(tooLong.body.error.message).toBe("A clue can be at most 200 characters.");
      const notText = await client.post("/api/games", withClue({ text: "hint" }));
      expect(notText.status).toBe(400);
      expect(notText.body.error.message).toBe(inEnglish(gameMessages.clueNotText));
    });
  });

  describe("playing", () => {
    it("shows a clue only after a wrong answer, keeps crossed-out options over a refresh, and counts first-time answers", async () => {
      const { session } = await teacherWithClueSession(server.url);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Niamh");
      const texts: Array<[string, string]> = [];
      const seen = async <T extends { text: string }>(label: string, res: Promise<T>) => {
        const r = await res;
        texts.push([label, r.text]);
        return r;
      };

      // Before any answer: no clue, nothing crossed out.
      let state = (await seen("first state", pupil.state())).body;
      expect(state.current).toEqual({
        index: 0,
        kind: "choice",
        questionText: "Cad é 'apple'?",
        options: ["oráiste", "úll", "arán", "im"],
        wrongOptions: [],
        clue: null,
        picture: null,
        optionPictures: null,
        recording: null,
        optionRecordings: null,
        clueRecording: null,
      });
      expect(state).toMatchObject({ correctFirstTimeCount: 0, soundEffects: false });

      // A wrong answer brings the clue.
      const firstWrong = wrongOption(0);
      const wrong = await seen("wrong 0", pupil.answer(0, firstWrong));
      expect(wrong.body).toEqual({
        isCorrect: false,
        completed: false,
        questionIndex: 0,
        next: null,
        clue: CLUES[0],
        clueRecording: null,
        nearly: false,
        inPlace: null,
      });

      // A refresh keeps the clue and the crossed-out option.
      state = (await seen("state after wrong", pupil.state())).body;
      expect(state.current).toMatchObject({ index: 0, wrongOptions: [firstWrong], clue: CLUES[0] });

      // A second wrong option joins the first (in option order), the same option twice is listed once.
      const secondWrong = wrongOption(0, firstWrong);
      await seen("wrong 0 again", pupil.answer(0, secondWrong));
      await seen("wrong 0 repeated", pupil.answer(0, secondWrong));
      state = (await seen("state after two wrong", pupil.state())).body;
      expect(state.current.wrongOptions).toEqual([firstWrong, secondWrong].sort());

      // Right at last: the next question comes clean, and no clue with a right answer.
      const right = await seen("right 0", pupil.answer(0, CORRECT[0]!));
      expect(right.body).toEqual({
        isCorrect: true,
        completed: false,
        questionIndex: 0,
        next: {
          index: 1,
          kind: "choice",
          questionText: "Cad é 'bread'?",
          options: ["bainne", "cáis", "arán", "uisce"],
          wrongOptions: [],
          clue: null,
          picture: null,
          optionPictures: null,
          recording: null,
          optionRecordings: null,
          clueRecording: null,
        },
        clue: null,
        clueRecording: null,
        nearly: false,
        inPlace: null,
      });
      state = (await seen("state on question 2", pupil.state())).body;
      expect(state).toMatchObject({ correctFirstTimeCount: 0, current: { index: 1, wrongOptions: [], clue: null } });

      // Question 2 has no clue: a wrong answer crosses the option out and brings no clue.
      const noClue = await seen("wrong 1", pupil.answer(1, wrongOption(1)));
      expect(noClue.body).toMatchObject({ isCorrect: false, clue: null });
      state = (await seen("state after wrong 1", pupil.state())).body;
      expect(state.current).toMatchObject({ index: 1, wrongOptions: [wrongOption(1)], clue: null });
      await seen("right 1", pupil.answer(1, CORRECT[1]!));

      // Question 3, right first time: counted, no clue ever sent.
      const last = await seen("right 2", pupil.answer(2, CORRECT[2]!));
      expect(last.body).toEqual({
        isCorrect: true,
        completed: true,
        questionIndex: 2,
        next: null,
        clue: null,
        clueRecording: null,
        nearly: false,
        inPlace: null,
      });
      state = (await seen("final state", pupil.state())).body;
      expect(state).toMatchObject({
        completed: true,
        current: null,
        correctFirstTimeCount: 1,
        completedQuestionsCount: 3,
      });
      expect(texts.some(([, text]) => text.includes(CLUES[2]!))).toBe(false);

      // None of it told the pupil which option is right.
      const secrets = await serverSecrets(server.database.db);
      for (const [label, text] of texts)
        expectNoPrivateFields(`clue flow: ${label}`, text, { secrets, studentFacing: true });
    });

    it("keeps one pupil's wrong answers and clue from another pupil", async () => {
      const { session } = await teacherWithClueSession(server.url);
      const code = session.groups[0].joinCode;
      const wrongOne = await joinedStudent(server.url, code, "Cian");
      const other = await joinedStudent(server.url, code, "Clodagh");
      await wrongOne.answer(0, wrongOption(0));
      expect((await wrongOne.state()).body.current.clue).toBe(CLUES[0]);
      expect((await other.state()).body.current).toMatchObject({ index: 0, wrongOptions: [], clue: null });
    });

    it("answers a retried wrong submit (same attempt id) with the same clue", async () => {
      const { session } = await teacherWithClueSession(server.url);
      const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Tadhg");
      const id = `clue-retry-${Date.now()}`;
      const first = await pupil.answer(0, wrongOption(0), id);
      const retry = await pupil.answer(0, wrongOption(0), id);
      expect(first.body.clue).toBe(CLUES[0]);
      expect(retry.body).toEqual(first.body);
      expect((await pupil.state()).body.current.wrongOptions).toEqual([wrongOption(0)]);
    });
  });

  describe("sound effects", () => {
    it("are off unless the teacher turns them on, and reach the pupil's play state", async () => {
      const off = await teacherWithClueSession(server.url);
      const on = await teacherWithClueSession(server.url, { soundEffects: true });
      const explicitOff = await teacherWithClueSession(server.url, { soundEffects: false });
      const stateOf = async (s: { session: { groups: Array<{ joinCode: string }> } }) =>
        (await (await joinedStudent(server.url, s.session.groups[0]!.joinCode, "Síle")).state()).body;
      expect((await stateOf(off)).soundEffects).toBe(false);
      expect((await stateOf(on)).soundEffects).toBe(true);
      expect((await stateOf(explicitOff)).soundEffects).toBe(false);
      const rows = await queryRows<{ sound_effects: boolean }>(
        server.database.db,
        sql`select sound_effects from game_sessions where id = ${on.sessionId}`,
      );
      expect(rows[0]!.sound_effects).toBe(true);
    });

    it("must be true or false", async () => {
      const { teacher, gameId } = await teacherWithClueSession(server.url);
      const res = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, soundEffects: "yes" });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("soundEffects must be true or false.");
    });
  });

  describe("results", () => {
    let results: SessionResults;
    let csv: string;
    beforeAll(async () => {
      const { teacher, sessionId, session } = await teacherWithClueSession(server.url);
      const code = session.groups[0].joinCode;
      // Aisling: wrong then right on Q1 (clue shown), wrong then right on Q2 (no clue to show), right on Q3.
      const aisling = await joinedStudent(server.url, code, "Aisling");
      await aisling.answer(0, wrongOption(0));
      await aisling.answer(0, CORRECT[0]!);
      await aisling.answer(1, wrongOption(1));
      await aisling.answer(1, CORRECT[1]!);
      await aisling.answer(2, CORRECT[2]!);
      // Bran: right on Q1 and Q2, still wrong on Q3 (clue shown).
      const bran = await joinedStudent(server.url, code, "Bran");
      await bran.answer(0, CORRECT[0]!);
      await bran.answer(1, CORRECT[1]!);
      await bran.answer(2, wrongOption(2));
      // Caoimhe: wrong on Q1 (clue shown), nothing else.
      const caoimhe = await joinedStudent(server.url, code, "Caoimhe");
      await caoimhe.answer(0, wrongOption(0));
      // Dónal: joined only.
      await joinedStudent(server.url, code, "Dónal");
      const res = await teacher.client.get(`/api/sessions/${sessionId}/results`);
      expect(res.status).toBe(200);
      results = res.body;
      const csvRes = await teacher.client.get(`/api/sessions/${sessionId}/results.csv`);
      expect(csvRes.status).toBe(200);
      csv = csvRes.text;
    });

    it("give the teacher each question's clue and, per pupil and question, whether it was shown", () => {
      expect(results.questions.map((q) => q.clue)).toEqual([CLUES[0], null, CLUES[2]]);
      const shown = Object.fromEntries(
        results.students.map((s) => [s.studentName, s.answers.map((a) => [a.questionIndex, a.clueShown])]),
      );
      expect(shown).toEqual({
        Aisling: [
          [0, true],
          [1, false],
          [2, false],
        ],
        Bran: [
          [0, false],
          [1, false],
          [2, true],
        ],
        Caoimhe: [[0, true]],
        Dónal: [],
      });
    });

    it("count per question how many pupils were shown the clue", () => {
      expect(questionSummaries(results.questions, results.students).map((q) => q.clueShown)).toEqual([2, 0, 1]);
    });

    it("add a Clue Shown column per question to the CSV: Yes, No, or empty for a question without a clue", () => {
      const lines = csv.slice(1).trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "Student Name,Group,Score,Time Taken,Status,Help Requested," +
          "Q1 Outcome,Q1 Attempts,Q1 Clue Shown,Q2 Outcome,Q2 Attempts,Q2 Clue Shown,Q3 Outcome,Q3 Attempts,Q3 Clue Shown",
      );
      const perQuestion = (line: string) => line.split(",").slice(6);
      expect(perQuestion(lines[1]!)).toEqual([
        "Correct (eventually)",
        "2",
        "Yes",
        "Correct (eventually)",
        "2",
        "",
        "Correct (first try)",
        "1",
        "No",
      ]);
      expect(perQuestion(lines[2]!)).toEqual([
        "Correct (first try)",
        "1",
        "No",
        "Correct (first try)",
        "1",
        "",
        "Incorrect",
        "1",
        "Yes",
      ]);
      expect(perQuestion(lines[3]!)).toEqual([
        "Incorrect",
        "1",
        "Yes",
        "Not attempted",
        "0",
        "",
        "Not attempted",
        "0",
        "No",
      ]);
      expect(perQuestion(lines[4]!)).toEqual([
        "Not attempted",
        "0",
        "No",
        "Not attempted",
        "0",
        "",
        "Not attempted",
        "0",
        "No",
      ]);
    });
  });
});
