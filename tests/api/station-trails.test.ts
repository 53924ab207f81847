/**
 * The hunt around the room as its teacher watches it, on both databases: the codes
 * page's and the projector's session gives each group its trail along its own route (per station,
 * how many of the group found it and answered it right) and each pupil's stations found; the
 * results give per question its card and "found" count, per pupil when each station was found (a
 * station not found is not attempted), and the CSV per question when it was found, in English and
 * Irish. A session on screen has none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionSummaries, type SessionResults, studentSummary } from "../../src/shared/results/results.ts";
import type { SessionDetail } from "../../src/shared/sessions/session-responses.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Pupil = Awaited<ReturnType<typeof joinedStudent>>;

describe.each(testDatabaseKinds())("the teacher's view of a hunt around the room on %s", (db) => {
  let server: TestServer;
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
  let gameId: string;
  let sessionId: string;
  let pupils: Record<"aoife" | "bríd" | "cathal", Pupil>;
  /** The card number and token of each question, by position. */
  let cardNumbers: number[];
  let tokens: string[];

  const session = async (id = sessionId) => {
    const res = await teacher.client.get(`/api/sessions/${id}`);
    expect(res.status).toBe(200);
    return res.body.session as SessionDetail;
  };

  /** A pupil finds a station as the play page does: the token of its card, as the teacher's print page has it. */
  async function find(pupil: Pupil, questionIndex: number) {
    const res = await pupil.client.post(`/api/play/${pupil.progressId}/stations`, { token: tokens[questionIndex] });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("found");
  }

  beforeAll(async () => {
    server = await startTestServer({ db });
    teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    expect(game.status).toBe(201);
    gameId = game.body.id;
    const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 3, huntMode: "room" });
    expect(started.status).toBe(201);
    sessionId = started.body.id;
    const [yellow, red] = (await session()).groups;
    pupils = {
      aoife: await joinedStudent(server.url, yellow!.joinCode, "Aoife"),
      bríd: await joinedStudent(server.url, yellow!.joinCode, "Bríd"),
      cathal: await joinedStudent(server.url, red!.joinCode, "Cathal"),
    };
    const cards = await teacher.client.get(`/api/games/${gameId}/station-cards`);
    expect(cards.status).toBe(200);
    const byPosition = (cards.body.cards as { position: number; number: number; token: string }[]).sort(
      (a, b) => a.position - b.position,
    );
    cardNumbers = byPosition.map((card) => card.number);
    tokens = byPosition.map((card) => card.token);
  });
  afterAll(() => server?.close());

  it("gives each group its own route, nothing found yet", async () => {
    const detail = await session();
    expect(detail.huntMode).toBe("room");
    const routes = detail.groups.map((g) => g.trail!.map((stop) => stop.questionIndex));
    expect(routes).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    const yellowTrail = detail.groups[0]!.trail!;
    expect(yellowTrail.map((stop) => stop.number)).toEqual(cardNumbers);
    expect(yellowTrail.every((stop) => stop.found === 0 && stop.answered === 0)).toBe(true);
    expect(detail.groups[0]!.members.map((m) => [m.name, m.stationsFound])).toEqual([
      ["Aoife", 0],
      ["Bríd", 0],
    ]);
  });

  it("counts, per group and station, who found it and who answered it right; per pupil, the stations found", async () => {
    await find(pupils.aoife, 0);
    const answered = await pupils.aoife.answer(0, CORRECT[0]!);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await find(pupils.aoife, 1);
    await find(pupils.bríd, 0);
    expect((await pupils.bríd.answer(0, (CORRECT[0]! + 1) % 4)).status).toBe(200);
    await find(pupils.cathal, 1);

    const [yellow, red, blue] = (await session()).groups;
    expect(yellow!.trail!.map(({ questionIndex, found, answered }) => [questionIndex, found, answered])).toEqual([
      [0, 2, 1],
      [1, 1, 0],
      [2, 0, 0],
    ]);
    expect(yellow!.members.map((m) => m.stationsFound)).toEqual([2, 1]);
    expect(red!.trail!.map(({ found, answered }) => [found, answered])).toEqual([
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(red!.members.map((m) => m.stationsFound)).toEqual([1]);
    expect(blue!.trail!.every((stop) => stop.found === 0)).toBe(true);
  });

  it("results: each question's card, who found it, and when; a station not found is not attempted", async () => {
    const res = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(res.status).toBe(200);
    const results = res.body as SessionResults;
    expect(results.session.huntMode).toBe("room");
    expect(results.questions.map((q) => q.station?.number)).toEqual(cardNumbers);
    expect(results.session.groups[0]!.trail!.map((stop) => stop.found)).toEqual([2, 1, 0]);

    const byName = new Map(results.students.map((s) => [s.studentName, s]));
    const aoife = byName.get("Aoife")!;
    expect(aoife.finds.map((f) => f.questionIndex)).toEqual([0, 1]);
    for (const f of aoife.finds) expect(Date.parse(f.foundAt)).toBeGreaterThanOrEqual(Date.parse(aoife.startedAt!));
    expect(byName.get("Cathal")!.finds.map((f) => f.questionIndex)).toEqual([1]);
    // Found but not answered, or not found: not attempted.
    expect(studentSummary(aoife, 3).outcomes).toEqual(["correct_first", "unanswered", "unanswered"]);
    const summaries = questionSummaries(results.questions, results.students);
    expect(summaries.map((q) => [q.found, q.notAttempted])).toEqual([
      [2, 1],
      [2, 3],
      [0, 3],
    ]);
  });

  it("the CSV says, per question, how long after joining each pupil found it, in English and in Irish", async () => {
    const csv = async (lang: string) => {
      const res = await teacher.client.get(`/api/sessions/${sessionId}/results.csv?lang=${lang}`);
      expect(res.status).toBe(200);
      return res.text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .map((line) => line.split(","));
    };
    const [header, ...rows] = await csv("en");
    expect(header!.slice(6)).toEqual([
      "Q1 Outcome",
      "Q1 Attempts",
      "Q1 Found After",
      "Q2 Outcome",
      "Q2 Attempts",
      "Q2 Found After",
      "Q3 Outcome",
      "Q3 Attempts",
      "Q3 Found After",
    ]);
    const aoife = rows.find((row) => row[0] === "Aoife")!;
    const foundAfter = (row: string[], question: number) => row[6 + question * 3 + 2];
    expect(foundAfter(aoife, 0)).toMatch(/^(\d+ minutes? )?\d+ seconds?$/);
    expect(foundAfter(aoife, 1)).toMatch(/seconds?$/);
    expect(foundAfter(aoife, 2)).toBe("");
    expect(foundAfter(rows.find((row) => row[0] === "Cathal")!, 0)).toBe("");

    const [irishHeader, ...irishRows] = await csv("ga");
    expect(irishHeader!.slice(6, 9)).toEqual(["C1 Toradh", "C1 Iarrachtaí", "C1 Aimsithe tar éis"]);
    expect(foundAfter(irishRows.find((row) => row[0] === "Aoife")!, 0)).toMatch(/s(h)?oicind$/);
  });

  it("a session on screen has no trails, no finds and no Found After columns", async () => {
    const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 2 });
    expect(started.status).toBe(201);
    const detail = await session(started.body.id);
    expect(detail.huntMode).toBe("screen");
    expect(detail.groups.map((g) => g.trail)).toEqual([null, null]);
    const pupil = await joinedStudent(server.url, detail.groups[0]!.joinCode, "Dara");
    expect((await session(started.body.id)).groups[0]!.members).toEqual([
      { progressId: pupil.progressId, name: "Dara", stationsFound: 0, tablet: null },
    ]);
    const results = (await teacher.client.get(`/api/sessions/${started.body.id}/results`)).body as SessionResults;
    expect(results.questions.map((q) => q.station)).toEqual([null, null, null]);
    expect(results.students[0]!.finds).toEqual([]);
    const csv = await teacher.client.get(`/api/sessions/${started.body.id}/results.csv?lang=en`);
    expect(csv.text).not.toContain("Found After");
  });
});
