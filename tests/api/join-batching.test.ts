/**
 * Joins that arrive together go in one statement (db/batcher.ts): over real HTTP, on
 * every database, everything sent at the same moment (each pupil its own device and address),
 * the batches must come to exactly what the same joins one after another would: every pupil
 * joins once with a progress of their own and is counted once; of two devices claiming one
 * name only one gets it; a device sending its join twice is one member; a bad join in the
 * crowd gets its own error and saves nothing; and a class list is checked for every join,
 * whether or not this server has looked the code up.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { nameKey, nameTakenMessage } from "../../src/shared/text.ts";
import { teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Group = {
  id: string;
  joinCode: string;
  memberCount: number;
  members: Array<{ name: string; progressId: string }>;
};
type Join = { code: string; groupId: string; name: string };

const FIRST = ["Aoife", "Bríd", "Cian", "Dara", "Eoin", "Fionn", "Gráinne", "Hugh", "Íde", "Liam", "Méabh", "Niamh"];
const LAST = ["Ó Sé", "Byrne", "Kelly", "Walsh", "Ryan"];
/** `count` distinct names, none folding to another's name key. */
const classNames = (count: number, tag = "") =>
  Array.from({ length: count }, (_, i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length)]}${tag}`);

describe.each(testDatabaseKinds())("joins arriving together on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  /** A pupil's browser: its own cookie jar (device) and its own address. */
  const device = () => new HttpClient(server.url);
  const groupsOf = async (teacher: { client: HttpClient }, sessionId: string) =>
    (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups as Group[];
  const resultNames = async (teacher: { client: HttpClient }, sessionId: string) =>
    ((await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.students as Array<{ studentName: string }>)
      .map((s) => s.studentName)
      .sort();
  const count = async (table: "session_names" | "student_progress", sessionId: string) =>
    (
      await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from ${sql.raw(table)} where session_id = ${sessionId}`,
      )
    )[0]!.n;
  /** Each device looks its code up, all at once; then every join is sent at the same moment. */
  async function joinTogether(joins: Array<{ client: HttpClient; join: Join; lookUp?: boolean }>) {
    await Promise.all(
      joins
        .filter((j) => j.lookUp !== false)
        .map(async ({ client, join }) =>
          expect((await client.post("/api/join/lookup", { code: join.code })).status).toBe(200),
        ),
    );
    return Promise.all(joins.map(({ client, join }) => client.post("/api/join", join)));
  }
  const outcome = (res: HttpResponse) => ({ status: res.status, body: res.body });

  it("60 pupils joining six groups at once: each joins once, with a progress of their own, and each group counts its members", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 6);
    const groups = session.groups as Group[];
    const names = classNames(60);
    const pupils = names.map((name, i) => {
      const group = groups[i % groups.length]!;
      return { client: device(), join: { code: group.joinCode, groupId: group.id, name } };
    });
    const joined = await joinTogether(pupils);

    expect(joined.map((res) => res.status)).toEqual(names.map(() => 201));
    const progressIds = joined.map((res) => res.body.progressId as string);
    expect(new Set(progressIds).size).toBe(60);
    // Each device got its own sign-in, and its progress is its own: it reads it back.
    const states = await Promise.all(pupils.slice(0, 6).map((p, i) => p.client.get(`/api/play/${progressIds[i]}`)));
    expect(states.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const seen = await groupsOf(teacher, sessionId);
    for (const [g, group] of seen.entries()) {
      const expected = pupils.filter((p) => p.join.groupId === group.id);
      expect(group.memberCount, `group ${g}`).toBe(expected.length);
      expect(group.members.map((m) => m.name).sort(), `group ${g}`).toEqual(expected.map((p) => p.join.name).sort());
    }
    expect(await resultNames(teacher, sessionId)).toEqual([...names].sort());
    expect(await count("session_names", sessionId)).toBe(60);
    expect(await count("student_progress", sessionId)).toBe(60);
  });

  it("two devices claiming one name at the same moment, in different groups and spellings: exactly one gets it, however they arrive", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 3);
    const [red, blue, green] = session.groups as Group[];
    const rivals: Array<[string, string]> = [
      ["Aoife", "aoife"],
      ["Seán", "SEAN"],
      ["Oisín", "oisin"],
      ["Siobhán", "Siobhan"],
      ["Ruairí", "RUAIRÍ"],
    ];
    const fillerNames = classNames(30, " X");
    const winners: string[] = [];
    for (const [round, [one, two]] of rivals.entries()) {
      expect(nameKey(one)).toBe(nameKey(two));
      // Others join in the same moment, so the rivals wait together for a batch in progress.
      const fillers = fillerNames.slice(round * 6, round * 6 + 6).map((name) => ({
        client: device(),
        join: { code: green!.joinCode, groupId: green!.id, name },
      }));
      const a = { client: device(), join: { code: red!.joinCode, groupId: red!.id, name: one } };
      const b = { client: device(), join: { code: blue!.joinCode, groupId: blue!.id, name: two } };
      // The two mostly share a batch (measured by logging the batches): the join statement's one
      // insert into session_names gives the name to exactly one of them.
      // Sent side by side in the crowd, so that they mostly wait together for the next batch; half the rounds one first, half the other.
      const order = [...fillers.slice(0, 3), ...(round % 2 === 0 ? [a, b] : [b, a]), ...fillers.slice(3)];
      const answers = await joinTogether(order);
      const byName = new Map(order.map((p, i) => [p.join.name, answers[i]!]));
      expect(fillers.map((f) => byName.get(f.join.name)!.status)).toEqual(fillers.map(() => 201));
      const rivalsAnswers = [one, two].map((name) => byName.get(name)!);
      expect(rivalsAnswers.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409]);
      const loser = rivalsAnswers[0]!.status === 409 ? one : two;
      const lost = byName.get(loser)!;
      expect(lost.body.error).toEqual({
        code: "name_taken",
        message: inEnglish(nameTakenMessage(loser)),
        key: "pupil.join.nameTaken",
        values: { name: loser },
        field: "name",
      });
      winners.push(loser === one ? two : one);
    }
    expect(await resultNames(teacher, sessionId)).toEqual([...winners, ...fillerNames].sort());
    const groups = await groupsOf(teacher, sessionId);
    expect(groups[0]!.memberCount + groups[1]!.memberCount).toBe(rivals.length);
    expect(groups[2]!.memberCount).toBe(fillerNames.length);
    expect(await count("session_names", sessionId)).toBe(rivals.length + fillerNames.length);
  });

  it("one device sending its join twice at the same moment: one join and one rejoin, to the same progress, one member", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 6);
    const groups = session.groups as Group[];
    // The device has its sign-in already (a join elsewhere): both copies come from that one device.
    const first = await teacherWithSession(server.url, 1);
    const twice = device();
    const elsewhere = first.session.groups[0] as Group;
    expect(
      (await twice.post("/api/join", { code: elsewhere.joinCode, groupId: elsewhere.id, name: "Cian Twice" })).status,
    ).toBe(201);

    for (const [round, name] of ["Cian Twice", "Dara Twice", "Eoin Twice"].entries()) {
      const group = groups[round]!;
      const join = { code: group.joinCode, groupId: group.id, name };
      const fillers = classNames(8, ` R${"abc"[round]}`).map((n) => ({
        client: device(),
        join: { code: groups[5]!.joinCode, groupId: groups[5]!.id, name: n },
      }));
      const answers = await joinTogether([
        ...fillers.slice(0, 4),
        { client: twice, join },
        { client: twice, join },
        ...fillers.slice(4),
      ]);
      const mine = [answers[4]!, answers[5]!];
      expect(mine.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 201]);
      expect(mine[0]!.body.progressId).toBe(mine[1]!.body.progressId);
      expect(answers.filter((r) => r.status === 201)).toHaveLength(9);
    }
    const seen = await groupsOf(teacher, sessionId);
    expect(seen.map((g) => g.memberCount)).toEqual([1, 1, 1, 0, 0, 24]);
    expect(seen.slice(0, 3).map((g) => g.members.map((m) => m.name))).toEqual([
      ["Cian Twice"],
      ["Dara Twice"],
      ["Eoin Twice"],
    ]);
    expect(await count("student_progress", sessionId)).toBe(27);
  });

  it("bad joins in a crowd of good ones each get their own error, as when sent alone, and save nothing", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 3);
    const groups = session.groups as Group[];
    // A pupil the teacher took out (decision 016).
    const removed = device();
    const removedJoin = await removed.post("/api/join", {
      code: groups[0]!.joinCode,
      groupId: groups[0]!.id,
      name: "Hacker Zed",
    });
    expect(removedJoin.status).toBe(201);
    expect(
      (await teacher.client.request("DELETE", `/api/sessions/${sessionId}/pupils/${removedJoin.body.progressId}`))
        .status,
    ).toBe(200);
    // A session that has ended, one of its pupils already in.
    const ended = await teacherWithSession(server.url, 2);
    const endedGroup = ended.session.groups[1] as Group;
    expect(
      (await device().post("/api/join", { code: endedGroup.joinCode, groupId: endedGroup.id, name: "Early Bird" }))
        .status,
    ).toBe(201);
    expect((await ended.teacher.client.post(`/api/sessions/${ended.sessionId}/end`, {})).status).toBe(200);
    const wrongCode = String(((Number(groups[1]!.joinCode) - 100000 + 1) % 900000) + 100000);

    const bad = [
      { client: device(), join: { code: wrongCode, groupId: groups[1]!.id, name: "Wrong Code" } },
      { client: removed, join: { code: groups[2]!.joinCode, groupId: groups[2]!.id, name: "Hacker Zed Again" } },
      { client: device(), join: { code: endedGroup.joinCode, groupId: endedGroup.id, name: "Late Lorcan" } },
    ];
    const good = classNames(24, " G").map((name, i) => ({
      client: device(),
      join: { code: groups[i % 3]!.joinCode, groupId: groups[i % 3]!.id, name },
    }));
    // The bad ones spread through the crowd.
    const crowd = [...good.slice(0, 8), bad[0]!, ...good.slice(8, 16), bad[1]!, bad[2]!, ...good.slice(16)];
    const answers = await Promise.all(crowd.map(({ client, join }) => client.post("/api/join", join)));
    const answerOf = (p: (typeof crowd)[number]) => answers[crowd.indexOf(p)]!;

    expect(good.map((p) => answerOf(p).status)).toEqual(good.map(() => 201));
    expect(bad.map((p) => [answerOf(p).status, answerOf(p).body.error.code])).toEqual([
      [400, "details_invalid"],
      [403, "pupil_removed"],
      [410, "session_ended"],
    ]);
    // Each the same as that request sent on its own.
    for (const p of bad) expect(outcome(answerOf(p))).toEqual(outcome(await p.client.post("/api/join", p.join)));

    // Saved: the good joins, and nothing else.
    const seen = await groupsOf(teacher, sessionId);
    expect(seen.map((g) => g.memberCount)).toEqual([8, 8, 8]);
    expect(await resultNames(teacher, sessionId)).toEqual(good.map((p) => p.join.name).sort());
    expect(await count("session_names", sessionId)).toBe(24);
    expect(await count("student_progress", sessionId)).toBe(24);
    expect((await groupsOf(ended.teacher, ended.sessionId)).map((g) => g.memberCount)).toEqual([0, 1]);
    expect(await count("session_names", ended.sessionId)).toBe(1);
    expect(await count("student_progress", ended.sessionId)).toBe(1);
  });

  it("a class list is checked for each of many joins at once, after a lookup on this server or without one", async () => {
    const list = classNames(30, " L");
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", threeQuestionGame);
    const start = async () => {
      const started = await teacher.client.post("/api/sessions", {
        gameId: game.body.id,
        groupCount: 3,
        classList: list.join("\n"),
      });
      expect(started.status).toBe(201);
      return { sessionId: started.body.id as string, groups: await groupsOf(teacher, started.body.id) };
    };

    for (const lookUp of [true, false]) {
      const { sessionId, groups } = await start();
      // Half the names typed in another case, without accents: stored in the list's spelling.
      const pupils = list.slice(0, 24).map((name, i) => ({
        client: device(),
        lookUp,
        join: {
          code: groups[i % 3]!.joinCode,
          groupId: groups[i % 3]!.id,
          name: i % 2 === 0 ? name : name.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, ""),
        },
      }));
      const strangers = ["Zebedee Jones", "Aoife", "Cian Ó Sé L Two"].map((name, i) => ({
        client: device(),
        lookUp,
        join: { code: groups[i]!.joinCode, groupId: groups[i]!.id, name },
      }));
      const crowd = [strangers[0]!, ...pupils.slice(0, 12), strangers[1]!, ...pupils.slice(12), strangers[2]!];
      const answers = await joinTogether(crowd);
      const answerOf = (p: (typeof crowd)[number]) => answers[crowd.indexOf(p)]!;

      expect(
        pupils.map((p) => answerOf(p).status),
        `looked up: ${lookUp}`,
      ).toEqual(pupils.map(() => 201));
      for (const s of strangers) {
        expect(answerOf(s).status, `${s.join.name}, looked up: ${lookUp}`).toBe(400);
        expect(answerOf(s).body.error.code).toBe("not_on_class_list");
      }
      expect(await resultNames(teacher, sessionId)).toEqual(list.slice(0, 24).sort());
      expect((await groupsOf(teacher, sessionId)).map((g) => g.memberCount)).toEqual([8, 8, 8]);
      expect(await count("session_names", sessionId)).toBe(24);
    }
  });
});
