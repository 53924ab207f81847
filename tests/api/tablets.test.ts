/**
 * A group on one tablet (decision 048): several children join on one device and take turns; each
 * is a pupil of their own. Ownership (no other device acts for them), the turn order, the
 * refusals that change nothing, one find for the tablet around the room, a removed child's turns
 * skipped, and the results' figures equal to the same answers given on separate devices.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import type { PlayState } from "../../src/shared/play/play-responses.ts";
import { playMessages, tabletMessages } from "../../src/shared/play/play-texts.ts";
import { type SessionResults, studentSummary } from "../../src/shared/results/results.ts";
import { attemptId, CORRECT, teacherWithSession } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { stationHunt } from "../support/station-hunt.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** One device (one cookie jar) that joins children of a group one after another. */
async function tabletOf(baseUrl: string, code: string) {
  const client = new HttpClient(baseUrl);
  const found = await client.post("/api/join/lookup", { code });
  expect(found.status).toBe(200);
  const groupId = found.body.groupId as string;
  const children: Record<string, string> = {};
  return {
    client,
    children,
    groupId,
    add: (name: string, joinCode = code, group = groupId) =>
      client.post("/api/join", { code: joinCode, groupId: group, name }),
    async join(...names: string[]) {
      for (const name of names) {
        const res = await client.post("/api/join", { code, groupId, name });
        expect(res.status, name).toBe(201);
        children[name] = res.body.progressId;
      }
    },
    answer: (name: string, questionIndex: number, selectedOption: number) =>
      client.post(`/api/play/${children[name]}/answers`, { questionIndex, selectedOption, attemptId: attemptId() }),
    state: async (name: string) => {
      const res = await client.get(`/api/play/${children[name]}`);
      expect(res.status).toBe(200);
      return res.body as PlayState;
    },
  };
}

const turnName = (state: PlayState) => state.tablet!.players.find((p) => p.progressId === state.tablet!.turn)?.name;

describe.each(testDatabaseKinds())("a group on one tablet on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  it("lets each child answer in turn, their own tries and clue, and moves on when all have answered", async () => {
    const { session } = await teacherWithSession(server.url, 2);
    const tablet = await tabletOf(server.url, session.groups[0].joinCode);
    await tablet.join("Aoife");
    // A child alone on a device plays as before: no tablet.
    expect((await tablet.state("Aoife")).tablet).toBeNull();
    await tablet.join("Cian", "Saoirse");

    // Whichever child is asked for, the state is the turn's: Aoife's, the first added.
    for (const name of ["Aoife", "Cian", "Saoirse"]) {
      const state = await tablet.state(name);
      expect(state.tablet!.players.map((p) => p.name)).toEqual(["Aoife", "Cian", "Saoirse"]);
      expect(state.studentName).toBe("Aoife");
      expect(turnName(state)).toBe("Aoife");
      expect(state.current?.index).toBe(0);
    }

    // Cian cannot answer before Aoife: a clear message, nothing recorded.
    const early = await tablet.answer("Cian", 0, CORRECT[0]!);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("not_your_turn");
    expect(early.body.error.message).toBe(inEnglish(tabletMessages.notYourTurn("Aoife")));

    // Aoife: one wrong, then right. Her wrong try is hers: a refresh mid-turn comes back to her, crossed out.
    expect((await tablet.answer("Aoife", 0, (CORRECT[0]! + 1) % 4)).body.isCorrect).toBe(false);
    const midTurn = await tablet.state("Saoirse");
    expect(midTurn.studentName).toBe("Aoife");
    expect(midTurn.current?.wrongOptions).toEqual([(CORRECT[0]! + 1) % 4]);
    const right = await tablet.answer("Aoife", 0, CORRECT[0]!);
    expect(right.body).toMatchObject({ isCorrect: true, next: null });

    // Cian's turn at the same question, with nothing of Aoife's on it.
    const cians = await tablet.state("Aoife");
    expect(turnName(cians)).toBe("Cian");
    expect(cians.current).toMatchObject({ index: 0, wrongOptions: [], clue: null });
    expect((await tablet.answer("Aoife", 1, CORRECT[1]!)).body.error.code).toBe("not_your_turn");
    expect((await tablet.answer("Cian", 0, CORRECT[0]!)).body.isCorrect).toBe(true);
    expect((await tablet.answer("Saoirse", 0, CORRECT[0]!)).body.isCorrect).toBe(true);

    // Everyone answered question 1: the tablet moves on, Aoife first again.
    const next = await tablet.state("Cian");
    expect(turnName(next)).toBe("Aoife");
    expect(next.current?.index).toBe(1);
    expect(next.tablet!.players.map((p) => p.completedQuestionsCount)).toEqual([1, 1, 1]);
  });

  it("seats the children of six tablets adding players at the same moment, each tablet in its own order", async () => {
    const { session } = await teacherWithSession(server.url, 1);
    const tablets = await Promise.all(
      Array.from({ length: 6 }, () => tabletOf(server.url, session.groups[0].joinCode)),
    );
    await Promise.all(tablets.map((tablet, t) => tablet.join(`Child ${t}A`)));
    // The second and third children of every tablet arrive together: joins that arrive together are one statement.
    for (const letter of ["B", "C"]) {
      const joins = await Promise.all(tablets.map((tablet, t) => tablet.add(`Child ${t}${letter}`)));
      expect(joins.map((j) => j.status)).toEqual(tablets.map(() => 201));
      joins.forEach((j, t) => (tablets[t]!.children[`Child ${t}${letter}`] = j.body.progressId));
    }
    for (const [t, tablet] of tablets.entries()) {
      const state = await tablet.state(`Child ${t}C`);
      expect(state.tablet!.players.map((p) => p.name)).toEqual([`Child ${t}A`, `Child ${t}B`, `Child ${t}C`]);
      expect(turnName(state)).toBe(`Child ${t}A`);
    }
  });

  it("lets only the device that joined the children act for them", async () => {
    const { session } = await teacherWithSession(server.url, 1);
    const tablet = await tabletOf(server.url, session.groups[0].joinCode);
    await tablet.join("Aoife", "Cian");
    const other = await tabletOf(server.url, session.groups[0].joinCode);
    await other.join("Niamh");
    for (const name of ["Aoife", "Cian"]) {
      const id = tablet.children[name]!;
      const answer = await other.client.post(`/api/play/${id}/answers`, {
        questionIndex: 0,
        selectedOption: 1,
        attemptId: attemptId(),
      });
      expect(answer.status).toBe(403);
      expect((await other.client.get(`/api/play/${id}`)).status).toBe(403);
      expect((await other.client.post(`/api/play/${id}/help`, { requested: true })).status).toBe(403);
    }
    // Another device cannot join a tablet's child either: the name is taken.
    const taken = await other.add("Cian");
    expect([taken.status, taken.body.error.code]).toEqual([409, "name_taken"]);
    expect(turnName(await tablet.state("Aoife"))).toBe("Aoife");
  });

  it("refuses a 7th child, a name twice, another device's name and a child of another group, changing nothing", async () => {
    const { session } = await teacherWithSession(server.url, 2);
    const [yellow, red] = session.groups.map((g: { joinCode: string }) => g.joinCode);
    const elsewhere = await tabletOf(server.url, red);
    await elsewhere.join("Róisín");
    const tablet = await tabletOf(server.url, yellow);
    await tablet.join("Aoife", "Cian", "Saoirse", "Darragh", "Éabha");
    const redLookup = await tablet.client.post("/api/join/lookup", { code: red });
    let before = await dataFingerprint(server.database.db);

    const twice = await tablet.add("aoife");
    expect([twice.status, twice.body.error.code]).toEqual([409, "already_on_tablet"]);
    expect(twice.body.error.message).toBe(inEnglish(tabletMessages.alreadyOnTablet("Aoife")));
    const anotherDevices = await tablet.add("Roisin");
    expect([anotherDevices.status, anotherDevices.body.error.code]).toEqual([409, "name_taken"]);
    // Aoife plays in Yellow: this device cannot put her in Red too.
    const otherGroup = await tablet.add("Aoife", red, redLookup.body.groupId);
    expect([otherGroup.status, otherGroup.body.error.code]).toEqual([409, "other_group"]);
    expect(otherGroup.body.error.message).toBe(inEnglish(tabletMessages.otherGroup("Aoife")));
    expect(await dataFingerprint(server.database.db)).toBe(before);

    await tablet.join("Fionn");
    before = await dataFingerprint(server.database.db);
    const seventh = await tablet.add("Gráinne");
    expect([seventh.status, seventh.body.error.code]).toEqual([409, "tablet_full"]);
    expect(seventh.body.error.message).toBe(inEnglish(playMessages.tabletFull));
    // A name the full tablet already has is told as such.
    expect((await tablet.add("AOIFE")).body.error.code).toBe("already_on_tablet");
    expect(await dataFingerprint(server.database.db)).toBe(before);

    // The same child joining again (a closed tab) is a rejoin, as on a device of their own.
    const again = await tablet.add("Saoirse");
    expect([again.status, again.body.progressId]).toEqual([200, tablet.children.Saoirse]);
  });

  it("skips a removed child's turns, lets the tablet add a player after, and keeps a device with no child left out", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const tablet = await tabletOf(server.url, session.groups[0].joinCode);
    await tablet.join("Aoife", "Cian", "Saoirse");
    expect((await tablet.answer("Aoife", 0, CORRECT[0]!)).status).toBe(200);
    const removed = await teacher.client.request("DELETE", `/api/sessions/${sessionId}/pupils/${tablet.children.Cian}`);
    expect(removed.status).toBe(200);

    // Cian's turn is skipped; Aoife's answer stays hers.
    const state = await tablet.state("Aoife");
    expect(state.tablet!.players.map((p) => p.name)).toEqual(["Aoife", "Saoirse"]);
    expect(turnName(state)).toBe("Saoirse");
    expect(state.tablet!.players[0]!.completedQuestionsCount).toBe(1);
    expect((await tablet.client.get(`/api/play/${tablet.children.Cian}`)).status).toBe(410);

    // A child arriving late is added between turns, and catches up first.
    await tablet.join("Darragh");
    expect((await tablet.answer("Saoirse", 0, CORRECT[0]!)).status).toBe(200);
    const late = await tablet.state("Aoife");
    expect(turnName(late)).toBe("Darragh");
    expect(late.current?.index).toBe(0);

    // A device whose every child was removed stays out, as a device of one child always did.
    const lone = await tabletOf(server.url, session.groups[0].joinCode);
    await lone.join("Intruder");
    await teacher.client.request("DELETE", `/api/sessions/${sessionId}/pupils/${lone.children.Intruder}`);
    const back = await lone.add("Someone");
    expect([back.status, back.body.error.code]).toEqual([403, "pupil_removed"]);
  });

  it("gives the results, per pupil and per question, the same figures as the same answers on separate devices", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 2);
    const [yellow, red] = session.groups.map((g: { joinCode: string }) => g.joinCode);
    const names = ["Aoife", "Cian", "Saoirse"];
    // Each child's tries per question: wrong options first, then the right one.
    const wrongFirst: Record<string, number[][]> = {
      Aoife: [[0], [], []],
      Cian: [[], [0, 1], []],
      Saoirse: [[2], [3], [1, 2]],
    };
    const tablet = await tabletOf(server.url, yellow);
    await tablet.join(...names);
    const separate = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => {
          const device = await tabletOf(server.url, red);
          await device.join(`${name} R`);
          return [name, device] as const;
        }),
      ),
    );
    for (let q = 0; q < CORRECT.length; q++) {
      for (const name of names) {
        for (const option of [...wrongFirst[name]![q]!, CORRECT[q]!]) {
          expect((await tablet.answer(name, q, option)).status).toBe(200);
          expect((await separate[name]!.answer(`${name} R`, q, option)).status).toBe(200);
        }
      }
    }
    const done = await tablet.state("Aoife");
    expect(done.tablet!.turn).toBeNull();
    expect(done.tablet!.players.every((p) => p.completed)).toBe(true);

    const results = (await teacher.client.get(`/api/sessions/${sessionId}/results`)).body as SessionResults;
    const figures = (group: string, suffix: string) =>
      results.students
        .filter((s) => s.groupIdentifier === group)
        .map((s) => ({
          name: s.studentName.replace(suffix, ""),
          completed: s.completedQuestionsCount,
          firstTry: s.firstAttemptCorrectCount,
          answers: s.answers.map((a) => ({
            q: a.questionIndex,
            attempts: a.attempts,
            ever: a.wasEverIncorrect,
            clue: a.clueShown,
          })),
          summary: studentSummary(s, CORRECT.length),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    const [yellowId, redId] = session.groups.map((g: { groupIdentifier: string }) => g.groupIdentifier);
    expect(figures(yellowId, "")).toEqual(figures(redId, " R"));
    expect(figures(yellowId, "").map((f) => f.firstTry)).toEqual([2, 2, 0]);

    // The CSV has a row per child, with the same attempts as their separate-device twin.
    const csv = (await teacher.client.get(`/api/sessions/${sessionId}/results.csv`)).text as string;
    for (const name of names) {
      const row = (n: string) => csv.split("\n").find((line) => line.startsWith(`${n},`) || line.startsWith(`"${n}"`))!;
      expect(row(name).split(",").slice(2)).toEqual(row(`${name} R`).split(",").slice(2));
    }
  });

  it("around the room, makes one find the tablet's: each child answers the station's question in turn", async () => {
    const hunt = await stationHunt(server.url, 1);
    const { codes } = await hunt.start();
    const tablet = await tabletOf(server.url, codes[0]!);
    await tablet.join("Aoife", "Cian", "Saoirse");
    const first = await tablet.state("Cian");
    expect(first.studentName).toBe("Aoife");
    expect(first.current).toBeNull();
    const next = first.hunt!.next!;
    const card = hunt.cards.find((c) => c.position === next.questionIndex)!;

    // One find, made with the turn's child: every child at that place has found it.
    const find = await tablet.client.post(`/api/play/${tablet.children.Aoife}/stations`, { token: card.token });
    expect(find.status).toBe(200);
    expect(find.body.outcome).toBe("found");
    const found = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from station_finds where question_index = ${next.questionIndex}
          and progress_id in (${sql.join(
            Object.values(tablet.children).map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    expect(found[0]!.n).toBe(3);
    for (const name of ["Aoife", "Cian", "Saoirse"]) {
      const state = await tablet.state("Aoife");
      expect(state.studentName).toBe(name);
      expect(state.current?.index).toBe(next.questionIndex);
      const option = [1, 0, 2][next.questionIndex]!;
      expect((await tablet.answer(name, next.questionIndex, option)).body.isCorrect).toBe(true);
    }
    // All three answered: the tablet's next station, not yet found, for Aoife.
    const after = await tablet.state("Saoirse");
    expect(after.studentName).toBe("Aoife");
    expect(after.current).toBeNull();
    expect(after.hunt!.next!.questionIndex).not.toBe(next.questionIndex);

    // A card's QR address opened on the tablet finds it for the child whose turn it is.
    const nextCard = hunt.cards.find((c) => c.position === after.hunt!.next!.questionIndex)!;
    const visit = await tablet.client.post("/api/stations/visit", { token: nextCard.token });
    expect(visit.body.progressId).toBe(tablet.children.Aoife);
    expect(visit.body.find.state.tablet.turn).toBe(tablet.children.Aoife);
  });
});
