/**
 * A different game for each group of one session (decision 036), as its teacher sees it,
 * on both databases: a session started from "Halves and quarters" (3 questions) whose red circle
 * plays "Fractions" (2 questions). The codes page names each group's game and the session's games;
 * the dashboard says "Halves and quarters + Fractions" while it runs and after; the results give
 * every game's questions game by game, each pupil with their own game and score out of its count,
 * per-game question summaries, and a CSV with a Game column; starting one refuses another teacher's
 * game (the SPEC's authorization message), an archived one, a missing one and more games than
 * groups, saving nothing; a game only a group plays is archived rather than deleted, and an edit of
 * it leaves the running group on the questions it started with; the account export lists the
 * session's games with their questions as asked.
 *
 * What each pupil is asked and when they complete is the play side's (group-games-play.test.ts):
 * here the pupils only answer a few questions so that the results have something to show.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountExport } from "../../src/shared/account/account-contracts.ts";
import { libraryMessages } from "../../src/shared/games/game-library.ts";
import { inEnglish } from "../../src/shared/i18n/translator.ts";
import { averageScore, gameResults, questionSummaries, type SessionResults } from "../../src/shared/results/results.ts";
import { groupGameMessages, sessionGamesTitle } from "../../src/shared/sessions/group-games.ts";
import type { SessionDetail, SessionSummary } from "../../src/shared/sessions/session-responses.ts";
import { sessionMessages } from "../../src/shared/sessions/session-rules.ts";
import { joinedStudent } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const halves = {
  title: "Halves and quarters (2nd Class)",
  description: "Sharing into equal parts",
  questions: [
    { questionText: "Half of 8?", options: ["2", "4", "6", "8"], correctAnswer: 1 },
    { questionText: "A quarter of 12?", options: ["6", "4", "3", "2"], correctAnswer: 2 },
    { questionText: "Half of 10?", options: ["5", "2", "10", "4"], correctAnswer: 0 },
  ],
};
// Its right options are those of the first two questions of Halves: the pupils below answer the
// same options whichever questions the play side serves, and the results are what is tested here.
const fractions = {
  title: "Fractions (4th Class)",
  description: "Equivalent fractions",
  questions: [
    { questionText: "2/4 is the same as?", options: ["1/4", "1/2", "3/4", "2/3"], correctAnswer: 1 },
    { questionText: "3/9 is the same as?", options: ["1/2", "2/3", "1/3", "3/4"], correctAnswer: 2 },
  ],
};

type Teacher = Awaited<ReturnType<typeof signedUpTeacher>>;

describe.each(testDatabaseKinds())("a session of a game per group, for its teacher, on %s", (db) => {
  let server: TestServer;
  let teacher: Teacher;
  let halvesId: string;
  let fractionsId: string;
  let sessionId: string;

  const detail = async (id = sessionId) => {
    const res = await teacher.client.get(`/api/sessions/${id}`);
    expect(res.status).toBe(200);
    return res.body.session as SessionDetail;
  };
  const results = async () => {
    const res = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(res.status).toBe(200);
    return res.body as SessionResults;
  };
  const dashboard = async (status: "active" | "past") =>
    (await teacher.client.get(`/api/sessions?status=${status}`)).body.sessions as SessionSummary[];
  const newGame = async (owner: Teacher, game: object) => {
    const res = await owner.client.post("/api/games", game);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ db });
    teacher = await signedUpTeacher(server.url);
    halvesId = await newGame(teacher, halves);
    fractionsId = await newGame(teacher, fractions);
    const started = await teacher.client.post("/api/sessions", {
      gameId: halvesId,
      groupCount: 2,
      groupGames: [null, fractionsId],
    });
    expect(started.status).toBe(201);
    sessionId = started.body.id;
    const [yellow, red] = (await detail()).groups;
    const aoife = await joinedStudent(server.url, yellow!.joinCode, "Aoife");
    const brid = await joinedStudent(server.url, yellow!.joinCode, "Bríd");
    const cian = await joinedStudent(server.url, red!.joinCode, "Cian");
    await joinedStudent(server.url, red!.joinCode, "Dara");
    // Halves: Aoife 1 first try; Bríd 1 eventually and 2 first try. Fractions: Cian 1 first try, 2 wrong.
    for (const [pupil, question, option] of [
      [aoife, 0, 1],
      [brid, 0, 0],
      [brid, 0, 1],
      [brid, 1, 2],
      [cian, 0, 1],
      [cian, 1, 0],
    ] as const) {
      expect((await pupil.answer(question, option)).status).toBe(200);
    }
  });
  afterAll(() => server?.close());

  it("codes page: each group names its game and question count; the session, its games in group order", async () => {
    const session = await detail();
    expect(session.groups.map((g) => [g.groupIdentifier, g.gameId, g.gameTitle, g.questionCount])).toEqual([
      ["yellow-square", halvesId, halves.title, 3],
      ["red-circle", fractionsId, fractions.title, 2],
    ]);
    expect(session.games).toEqual([
      { id: halvesId, title: halves.title, questionCount: 3 },
      { id: fractionsId, title: fractions.title, questionCount: 2 },
    ]);
    // The game the session was started from (decision 036).
    expect([session.gameId, session.gameTitle, session.questionCount]).toEqual([halvesId, halves.title, 3]);
    expect(session.groups.map((g) => g.members.map((m) => m.name))).toEqual([
      ["Aoife", "Bríd"],
      ["Cian", "Dara"],
    ]);
    expect(session.groups.map((g) => g.questionsCompleted)).toEqual([3, 1]);
  });

  it("dashboard: an active split session names both games", async () => {
    const row = (await dashboard("active")).find((s) => s.id === sessionId)!;
    expect(row.gameTitles).toEqual([halves.title, fractions.title]);
    expect(sessionGamesTitle(row.gameTitles)).toBe("Halves and quarters (2nd Class) + Fractions (4th Class)");
    expect(row.gameTitle).toBe(halves.title);
  });

  it("results: every game's questions game by game, each pupil with their game and score out of its count", async () => {
    const r = await results();
    expect(r.session.games.map((g) => g.id)).toEqual([halvesId, fractionsId]);
    expect(r.questions.map((q) => [q.gameId, q.index, q.questionText])).toEqual([
      [halvesId, 0, "Half of 8?"],
      [halvesId, 1, "A quarter of 12?"],
      [halvesId, 2, "Half of 10?"],
      [fractionsId, 0, "2/4 is the same as?"],
      [fractionsId, 1, "3/9 is the same as?"],
    ]);
    const games = gameResults(r);
    expect(games.map((g) => [g.game.title, g.questions.length, g.students.map((s) => s.studentName)])).toEqual([
      [halves.title, 3, ["Aoife", "Bríd"]],
      [fractions.title, 2, ["Cian", "Dara"]],
    ]);
    // Each pupil's score, out of their own game's count.
    const score = (name: string) => {
      const s = r.students.find((x) => x.studentName === name)!;
      return `${s.completedQuestionsCount}/${r.session.games.find((g) => g.id === s.gameId)!.questionCount}`;
    };
    expect(["Aoife", "Bríd", "Cian", "Dara"].map(score)).toEqual(["1/3", "2/3", "1/2", "0/2"]);
    // The summary per game: average score to one decimal out of that game's count.
    expect(games.map((g) => averageScore(g.students))).toEqual(["1.5", "0.5"]);
    const summaries = games.map((g) =>
      questionSummaries(g.questions, g.students).map((q) => [q.firstTry, q.eventually, q.stillWrong, q.notAttempted]),
    );
    expect(summaries).toEqual([
      [
        [1, 1, 0, 0],
        [1, 0, 0, 1],
        [0, 0, 0, 2],
      ],
      [
        [1, 0, 0, 1],
        [0, 0, 1, 1],
      ],
    ]);
  });

  it("CSV: a Game column, and each pupil's own game's questions", async () => {
    const res = await teacher.client.get(`/api/sessions/${sessionId}/results.csv`);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /filename="cluehunt-results-Halves-and-quarters-2nd-Class-Fractions-4th-Class-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = res.text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Student Name,Group,Game,Score,Time Taken,Status,Help Requested,Q1 Outcome,Q1 Attempts,Q2 Outcome,Q2 Attempts,Q3 Outcome,Q3 Attempts",
    );
    expect(lines.slice(1)).toEqual([
      "Aoife,Yellow Square,Halves and quarters (2nd Class),1/3,In Progress,In Progress,No,Correct (first try),1,Not attempted,0,Not attempted,0",
      "Bríd,Yellow Square,Halves and quarters (2nd Class),2/3,In Progress,In Progress,No,Correct (eventually),2,Correct (first try),1,Not attempted,0",
      "Cian,Red Circle,Fractions (4th Class),1/2,In Progress,In Progress,No,Correct (first try),1,Incorrect,1,,",
      "Dara,Red Circle,Fractions (4th Class),0/2,In Progress,In Progress,No,Not attempted,0,Not attempted,0,,",
    ]);
    // In the teacher's language: the Game heading too.
    const irish = (await teacher.client.get(`/api/sessions/${sessionId}/results.csv?lang=ga`)).text
      .slice(1)
      .split("\r\n");
    expect(irish[0]).toMatch(/^Ainm an dalta,Grúpa,Cluiche,Scór,/);
    expect(irish[3]).toMatch(/^Cian,Ciorcal Dearg,Fractions \(4th Class\),1\/2,/);
  });

  it("refuses another teacher's game, an archived one, a missing one and more games than groups, saving nothing", async () => {
    const other = await signedUpTeacher(server.url);
    const theirs = await newGame(other, fractions);
    const archived = await newGame(teacher, fractions);
    expect((await teacher.client.patch(`/api/games/${archived}`, { archived: true })).status).toBe(200);
    const before = (await dashboard("active")).length;
    const start = (groupGames: unknown[], groupCount = 3) =>
      teacher.client.post("/api/sessions", { gameId: halvesId, groupCount, groupGames });

    const notYours = await start([null, theirs]);
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.message).toBe(inEnglish(sessionMessages.notAuthorizedToStart));
    expect(notYours.body.error.message).toBe("You are not authorized to start a session for this game.");
    // Their game is refused even when it would be the only one another group plays beside the host's.
    expect((await start([theirs, fractionsId, null])).status).toBe(403);

    const wasArchived = await start([archived]);
    expect(wasArchived.status).toBe(409);
    expect(wasArchived.body.error).toMatchObject({
      code: "game_archived",
      message: inEnglish(libraryMessages.archivedCannotStart),
    });

    const missing = await start([null, null, "00000000-0000-4000-8000-000000000000"]);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(inEnglish(groupGameMessages.notFound));
    expect((await start(["not-a-game"])).status).toBe(404);

    const tooMany = await start([fractionsId, null, fractionsId], 2);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(inEnglish(groupGameMessages.moreGamesThanGroups));

    expect((await dashboard("active")).length).toBe(before);
    // The other teacher's game is untouched, and not played by any session of theirs.
    expect((await other.client.get("/api/games")).body.games).toEqual([
      expect.objectContaining({ id: theirs, archived: false, sessionCount: 0 }),
    ]);
  });

  it("takes a game's id in capitals as the same game", async () => {
    const started = await teacher.client.post("/api/sessions", {
      gameId: halvesId.toUpperCase(),
      groupCount: 3,
      groupGames: [halvesId, fractionsId.toUpperCase(), fractionsId],
    });
    expect(started.status).toBe(201);
    const session = await detail(started.body.id);
    expect(session.games.map((g) => g.id)).toEqual([halvesId, fractionsId]);
    expect(session.groups.map((g) => g.gameId)).toEqual([halvesId, fractionsId, fractionsId]);
    expect((await teacher.client.post(`/api/sessions/${started.body.id}/end`, {})).status).toBe(200);
  });

  it("around the room, each group's trail runs through its own game's stations", async () => {
    const started = await teacher.client.post("/api/sessions", {
      gameId: halvesId,
      groupCount: 3,
      huntMode: "room",
      groupGames: [null, fractionsId, fractionsId],
    });
    expect(started.status).toBe(201);
    const cardNumbers = async (gameId: string) => {
      const cards = await teacher.client.get(`/api/games/${gameId}/station-cards`);
      expect(cards.status).toBe(200);
      return (cards.body.cards as { position: number; number: number }[])
        .sort((a, b) => a.position - b.position)
        .map((c) => c.number);
    };
    const [halvesCards, fractionsCards] = [await cardNumbers(halvesId), await cardNumbers(fractionsId)];
    expect([halvesCards.length, fractionsCards.length]).toEqual([3, 2]);
    const session = await detail(started.body.id);
    const trails = session.groups.map((g) => g.trail!.map((stop) => [stop.questionIndex, stop.number]));
    expect(trails).toEqual([
      [0, 1, 2].map((i) => [i, halvesCards[i]]),
      [1, 0].map((i) => [i, fractionsCards[i]]),
      [0, 1].map((i) => [i, fractionsCards[i]]),
    ]);
    const split = (await teacher.client.get(`/api/sessions/${started.body.id}/results`)).body as SessionResults;
    expect(split.questions.map((q) => [q.gameId, q.station?.number])).toEqual([
      ...halvesCards.map((n) => [halvesId, n]),
      ...fractionsCards.map((n) => [fractionsId, n]),
    ]);
    expect((await teacher.client.post(`/api/sessions/${started.body.id}/end`, {})).status).toBe(200);
  });

  it("a game only a group plays is archived, not deleted; an edit leaves the group on its questions", async () => {
    const edited = await teacher.client.put(`/api/games/${fractionsId}`, {
      ...fractions,
      questions: [{ questionText: "1/2 of 1/2?", options: ["1/4", "1/2", "1", "2"], correctAnswer: 0 }],
    });
    expect(edited.status).toBe(200);
    const session = await detail();
    expect(session.groups[1]).toMatchObject({ gameId: fractionsId, questionCount: 2 });
    expect((await results()).questions.filter((q) => q.gameId === fractionsId).map((q) => q.questionText)).toEqual([
      "2/4 is the same as?",
      "3/9 is the same as?",
    ]);

    const library = (await teacher.client.get("/api/games")).body.games as { id: string; sessionCount: number }[];
    expect(library.find((g) => g.id === fractionsId)!.sessionCount).toBe(3);
    const deleted = await teacher.client.request("DELETE", `/api/games/${fractionsId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ outcome: "archived" });
    const after = await results();
    expect(after.students.map((s) => [s.studentName, s.gameId])).toEqual([
      ["Aoife", halvesId],
      ["Bríd", halvesId],
      ["Cian", fractionsId],
      ["Dara", fractionsId],
    ]);
    expect(after.questions.filter((q) => q.gameId === fractionsId)).toHaveLength(2);
  });

  it("account export: the session's games with their questions as asked, and each group's and pupil's game", async () => {
    const data = (await teacher.client.get("/api/account/export")).body as AccountExport;
    const exported = data.sessions.find((s) => s.id === sessionId)!;
    expect(exported.gameId).toBe(halvesId);
    expect(exported.groups.map((g) => [g.group, g.gameId])).toEqual([
      ["red-circle", fractionsId],
      ["yellow-square", halvesId],
    ]);
    // Fractions as its group was asked it, not as it was edited since.
    expect(exported.games.map((g) => [g.id, g.title, g.questions.map((q) => q.questionText)])).toEqual([
      [halvesId, halves.title, halves.questions.map((q) => q.questionText)],
      [fractionsId, fractions.title, fractions.questions.map((q) => q.questionText)],
    ]);
    expect(exported.pupils.map((p) => [p.name, p.gameId])).toEqual([
      ["Aoife", halvesId],
      ["Bríd", halvesId],
      ["Cian", fractionsId],
      ["Dara", fractionsId],
    ]);
  });

  it("dashboard: the ended split session still names both games among the past", async () => {
    expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    const row = (await dashboard("past")).find((s) => s.id === sessionId)!;
    expect(row.gameTitles).toEqual([halves.title, fractions.title]);
    expect((await dashboard("active")).some((s) => s.id === sessionId)).toBe(false);
  });
});
