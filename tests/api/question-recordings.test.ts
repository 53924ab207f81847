/**
 * The teacher's own voice in questions, over real HTTP on every database: a recording of the
 * question text, of the clue and of each option or order item. Stored and read back by the
 * creator, kept by every version; another teacher's recording refused with nothing saved; sent to
 * a pupil only with the question they have reached (a clue's with the clue), an order's following
 * the child's shuffle. Kept while any version uses them, swept once none does; carried by game
 * files, share copies and the account export as recordings of the receiving teacher's own, within her quota.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { deleteUnusedRecordings } from "../../src/server/recordings/recording-commands.ts";
import { kindMessages } from "../../src/shared/games/games.ts";
import { recordingMessages } from "../../src/shared/games/recordings.ts";
import { gameFileMessages } from "../../src/shared/sharing/sharing.ts";
import { wavFile } from "../support/audio-files.ts";
import { attemptId, joinedStudent } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Teacher = Awaited<ReturnType<typeof signedUpTeacher>>;
type Uploaded = { id: string; src: string; mimeType: string; durationMs: number; bytes: number };

let rate = 8000;
/** A distinct recording each time (another sample rate, other bytes). */
async function record(teacher: Teacher): Promise<Uploaded> {
  rate += 100;
  const res = await teacher.client.request("POST", "/api/recordings", Buffer.from(wavFile({ rate })), {
    "content-type": "audio/wav",
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const recordMany = async (teacher: Teacher, n: number) => {
  const out: Uploaded[] = [];
  for (let k = 0; k < n; k++) out.push(await record(teacher));
  return out;
};

type Ids = {
  q0: string;
  q0Options: (string | null)[];
  q0Clue: string;
  q1: string;
  q1Clue: string;
  q2Items: (string | null)[];
  q3: string;
};

/** Four kinds with recordings: four options (A and D recorded, a clue's), true or false, put in order, type the answer. */
const recordedGame = (ids: Ids) => ({
  title: "Gaeilge - Junior Infants - Ainmhithe",
  description: "",
  language: "ga",
  questions: [
    {
      questionText: "Cé acu an bó?",
      options: ["bó", "cat", "madra", "caora"],
      correctAnswer: 0,
      clue: "Deir sí 'mú'",
      recordingId: ids.q0,
      clueRecordingId: ids.q0Clue,
      optionRecordingIds: ids.q0Options,
    },
    {
      kind: "truefalse",
      questionText: "Tá ceithre chos ag an gcat.",
      options: [],
      correctAnswer: 0,
      clue: "Comhair iad",
      recordingId: ids.q1,
      clueRecordingId: ids.q1Clue,
    },
    {
      kind: "order",
      questionText: "Cuir in ord iad",
      options: ["aon", "dó", "trí"],
      correctAnswer: 0,
      optionRecordingIds: ids.q2Items,
    },
    { kind: "typed", questionText: "Litrigh 'dog'", options: ["madra"], correctAnswer: 0, recordingId: ids.q3 },
  ],
});

const at = (id: string | null) => (id ? `/api/recordings/${id}` : null);
const status = async (client: HttpClient, src: string) => (await client.get(src)).status;
/** The bytes served at `src`, as a pupil's device gets them. */
const served = async (server: TestServer, src: string) => {
  const res = await fetch(new URL(src, server.url));
  expect(res.status, src).toBe(200);
  return { type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
};
const allIds = (q: {
  recordingId: string | null;
  clueRecordingId: string | null;
  optionRecordingIds: (string | null)[] | null;
}) => [q.recordingId, q.clueRecordingId, ...(q.optionRecordingIds ?? [])];

describe.each(testDatabaseKinds())("recordings in questions on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  /** A teacher with nine recordings and the recorded game saved. */
  async function teacherWithRecordedGame() {
    const teacher = await signedUpTeacher(server.url);
    const r = await recordMany(teacher, 9);
    const ids: Ids = {
      q0: r[0]!.id,
      q0Options: [r[1]!.id, null, null, r[2]!.id],
      q0Clue: r[3]!.id,
      q1: r[4]!.id,
      q1Clue: r[5]!.id,
      q2Items: [r[6]!.id, r[7]!.id, null],
      q3: r[8]!.id,
    };
    const created = await teacher.client.post("/api/games", recordedGame(ids));
    expect(created.status, created.text).toBe(201);
    return { teacher, r, ids, gameId: created.body.id as string };
  }

  it("stores the question's, the clue's and the options' recordings and reads them back; an edit's version keeps them", async () => {
    const { teacher, r, ids, gameId } = await teacherWithRecordedGame();
    const read = async () => (await teacher.client.get(`/api/games/${gameId}`)).body.game.questions;
    const stored = await read();
    expect(
      stored.map((q: Record<string, unknown>) => [q.recordingId, q.clueRecordingId, q.optionRecordingIds]),
    ).toEqual([
      [ids.q0, ids.q0Clue, ids.q0Options],
      [ids.q1, ids.q1Clue, null],
      [null, null, ids.q2Items],
      [ids.q3, null, null],
    ]);

    // A duplicate (the stored questions sent back as a new game) keeps them; so does an edit.
    const duplicate = await teacher.client.post("/api/games", { title: "Copy", questions: stored });
    expect(duplicate.status, duplicate.text).toBe(201);
    const copied = (await teacher.client.get(`/api/games/${duplicate.body.id}`)).body.game.questions;
    expect(copied.map((q: Record<string, unknown>) => q.optionRecordingIds)).toEqual(
      stored.map((q: Record<string, unknown>) => q.optionRecordingIds),
    );

    // Started, then edited: the session keeps its version's recordings, the game has the new ones.
    const session = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
    const edited = await teacher.client.put(`/api/games/${gameId}`, {
      ...recordedGame({ ...ids, q0: r[8]!.id, q0Options: [null, null, null, null] }),
    });
    expect(edited.status, edited.text).toBe(200);
    const now = await read();
    expect([now[0].recordingId, now[0].optionRecordingIds]).toEqual([r[8]!.id, null]);
    const versions = await queryRows<{ version: number; recording_id: string; option_recording_a: string | null }>(
      server.database.db,
      sql`select version, recording_id, option_recording_a from questions where game_id = ${gameId} and position = 0 order by version`,
    );
    expect(versions.map((v) => [v.version, v.recording_id, v.option_recording_a])).toEqual([
      [1, ids.q0, ids.q0Options[0]],
      [2, r[8]!.id, null],
    ]);
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Saoirse");
    expect((await pupil.state()).body.current.recording).toBe(at(ids.q0));

    // Her results carry the session's version's recording ids (a follow-up hunt copies them); nobody else's read.
    const results = await teacher.client.get(`/api/sessions/${session.body.id}/results`);
    expect(results.status, results.text).toBe(200);
    expect(
      results.body.questions.map((q: Record<string, unknown>) => [
        q.recordingId,
        q.clueRecordingId,
        q.optionRecordingIds,
      ]),
    ).toEqual([
      [ids.q0, ids.q0Clue, ids.q0Options],
      [ids.q1, ids.q1Clue, null],
      [null, null, ids.q2Items],
      [ids.q3, null, null],
    ]);
    const stranger = await signedUpTeacher(server.url);
    expect((await stranger.client.get(`/api/sessions/${session.body.id}/results`)).status).toBe(404);

    // A clue's recording without a clue is dropped, not refused.
    const noClue = recordedGame(ids);
    noClue.questions[0]!.clue = "  ";
    const saved = await teacher.client.post("/api/games", noClue);
    expect(saved.status, saved.text).toBe(201);
    const first = (await teacher.client.get(`/api/games/${saved.body.id}`)).body.game.questions[0];
    expect([first.clue, first.clueRecordingId, first.recordingId]).toEqual([null, null, ids.q0]);
  });

  it("refuses another teacher's recording, or an id that is none, with nothing saved; an edit alike", async () => {
    const teacher = await signedUpTeacher(server.url);
    const other = await signedUpTeacher(server.url);
    const [mine, mine2, mine3] = await recordMany(teacher, 3);
    const [theirs] = await recordMany(other, 1);
    const ids = (change: Partial<Ids>): Ids => ({
      q0: mine!.id,
      q0Options: [null, null, null, null],
      q0Clue: mine2!.id,
      q1: mine3!.id,
      q1Clue: mine3!.id,
      q2Items: [null, null, null],
      q3: mine!.id,
      ...change,
    });
    const notFound = inEnglish(recordingMessages.notFound);
    const cases: Array<[Partial<Ids>, string]> = [
      [{ q0: theirs!.id }, "questions.0.recordingId"],
      [{ q0Clue: theirs!.id }, "questions.0.clueRecordingId"],
      [{ q0Options: [mine!.id, null, theirs!.id, null] }, "questions.0.optionRecordingIds.2"],
      [{ q2Items: [null, crypto.randomUUID(), null] }, "questions.2.optionRecordingIds.1"],
      [{ q3: crypto.randomUUID() }, "questions.3.recordingId"],
      [{ q1: "voice.webm" }, "questions.1.recordingId"],
    ];
    for (const [change, field] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await teacher.client.post("/api/games", recordedGame(ids(change)));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error).toMatchObject({ message: notFound, field });
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    const saved = await teacher.client.post("/api/games", recordedGame(ids({})));
    expect(saved.status, saved.text).toBe(201);
    const before = await dataFingerprint(server.database.db);
    const edit = await teacher.client.put(`/api/games/${saved.body.id}`, recordedGame(ids({ q1Clue: theirs!.id })));
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatchObject({ message: notFound, field: "questions.1.clueRecordingId" });
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // The other teacher's recording is still hers alone.
    const [owner] = await queryRows<{ owner_id: string }>(
      server.database.db,
      sql`select owner_id from recordings where id = ${theirs!.id}`,
    );
    expect(owner!.owner_id).toBe(other.id);
  });

  it("refuses option recordings on true or false and on a typed answer, and a list of the wrong length", async () => {
    const teacher = await signedUpTeacher(server.url);
    const [mine] = await recordMany(teacher, 1);
    const base = recordedGame({
      q0: mine!.id,
      q0Options: [null, null, null, null],
      q0Clue: mine!.id,
      q1: mine!.id,
      q1Clue: mine!.id,
      q2Items: [null, null, null],
      q3: mine!.id,
    });
    const withQuestion = (i: number, change: Record<string, unknown>) => ({
      ...base,
      questions: base.questions.map((q, k) => (k === i ? { ...q, ...change } : q)),
    });
    const cases: Array<[number, unknown, string]> = [
      [1, [mine!.id, null], inEnglish(kindMessages.noOptionRecordings)],
      [3, [mine!.id], inEnglish(kindMessages.noOptionRecordings)],
      [0, [mine!.id, null, null], inEnglish(recordingMessages.notFound)],
      [2, [mine!.id, null, null, null], inEnglish(recordingMessages.notFound)],
      [0, mine!.id, inEnglish(recordingMessages.notFound)],
    ];
    for (const [i, list, message] of cases) {
      const before = await dataFingerprint(server.database.db);
      const res = await teacher.client.post("/api/games", withQuestion(i, { optionRecordingIds: list }));
      expect(res.status, JSON.stringify(list)).toBe(400);
      expect(res.body.error).toMatchObject({ message, field: `questions.${i}.optionRecordingIds` });
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // A list of nulls on true or false is none.
    const nulls = await teacher.client.post("/api/games", withQuestion(1, { optionRecordingIds: [null, null] }));
    expect(nulls.status, nulls.text).toBe(201);
  });

  it("sends a pupil only the question they have reached's recordings, a clue's with its clue; an order's follow the shuffle", async () => {
    const { teacher, r, ids, gameId } = await teacherWithRecordedGame();
    const session = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Cian");
    const send = (body: Record<string, unknown>) =>
      pupil.client.post(`/api/play/${pupil.progressId}/answers`, { attemptId: attemptId(), ...body });
    const later = (from: string[]) => (text: string) => {
      for (const id of from) expect(text).not.toContain(id);
    };
    const all = r.map((x) => x.id);
    const notYet = (...ownIds: (string | null)[]) => later(all.filter((id) => !ownIds.includes(id)));

    // Question 1: its text's and its options' recordings; the clue's only after a wrong answer.
    const first = await pupil.state();
    expect(first.body.current).toMatchObject({
      recording: at(ids.q0),
      optionRecordings: ids.q0Options.map(at),
      clue: null,
      clueRecording: null,
    });
    notYet(ids.q0, ...ids.q0Options)(first.text);
    const wrong = await pupil.answer(0, 2);
    expect(wrong.body).toMatchObject({ isCorrect: false, clue: "Deir sí 'mú'", clueRecording: at(ids.q0Clue) });
    notYet(ids.q0Clue)(wrong.text);
    const again = await pupil.state();
    expect(again.body.current).toMatchObject({ clue: "Deir sí 'mú'", clueRecording: at(ids.q0Clue) });
    notYet(ids.q0, ...ids.q0Options, ids.q0Clue)(again.text);
    // The pupil's device may fetch them.
    expect(await status(pupil.client, at(ids.q0Clue)!)).toBe(200);

    // Question 2 (true or false) comes with the right answer: its text's recording, no options', no clue's yet.
    const right = await pupil.answer(0, 0);
    expect(right.body).toMatchObject({ isCorrect: true, clue: null, clueRecording: null });
    expect(right.body.next).toMatchObject({
      index: 1,
      recording: at(ids.q1),
      optionRecordings: null,
      clueRecording: null,
    });
    notYet(ids.q1)(right.text);
    const wrongStatement = await pupil.answer(1, 1);
    expect(wrongStatement.body).toMatchObject({ clue: "Comhair iad", clueRecording: at(ids.q1Clue) });
    const rightStatement = await pupil.answer(1, 0);

    // Question 3 (put in order): each item's recording beside the item as this child is shown it.
    const order = rightStatement.body.next;
    expect(order).toMatchObject({ index: 2, kind: "order", recording: null, clueRecording: null });
    const items = ["aon", "dó", "trí"];
    expect(order.options).not.toEqual(items);
    expect(order.optionRecordings).toEqual(
      order.options.map((item: string) => at(ids.q2Items[items.indexOf(item)] ?? null)),
    );
    notYet(...ids.q2Items)(rightStatement.text);
    const state = await pupil.state();
    expect(state.body.current.optionRecordings).toEqual(order.optionRecordings);
    // A wrong order: no clue, so no clue's recording.
    const places = items.map((item) => order.options.indexOf(item));
    const swapped = [places[1], places[0], places[2]];
    const wrongOrder = await send({ questionIndex: 2, order: swapped });
    expect(wrongOrder.body).toMatchObject({ isCorrect: false, clue: null, clueRecording: null });
    const rightOrder = await send({ questionIndex: 2, order: places });
    expect(rightOrder.body.isCorrect).toBe(true);

    // Question 4 (type the answer): its text's recording, never any for its accepted answers.
    expect(rightOrder.body.next).toMatchObject({ index: 3, recording: at(ids.q3), optionRecordings: null });
    notYet(ids.q3)(rightOrder.text);
    const done = await send({ questionIndex: 3, typedAnswer: "madra" });
    expect(done.body).toMatchObject({ isCorrect: true, completed: true, next: null });
    const finished = await pupil.state();
    expect(finished.body.current).toBeNull();
    notYet()(finished.text);
  });

  it("around the room: a question's recordings come only once its station is found", async () => {
    const { teacher, r, ids, gameId } = await teacherWithRecordedGame();
    const session = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, huntMode: "room" });
    expect(session.status, session.text).toBe(201);
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    const pupil = await joinedStudent(server.url, code, "Aoife");
    const before = await pupil.state();
    expect(before.body.current).toBeNull();
    for (const x of r) expect(before.text).not.toContain(x.id);

    const cards = await queryRows<{ token: string; position: number }>(
      server.database.db,
      sql`select c.token, q.position from station_cards c
          join questions q on q.station_key = c.station_key
          join games g on g.id = q.game_id and q.version = g.question_version
          where g.id = ${gameId} order by q.position`,
    );
    const own: (string | null)[][] = [[ids.q0, ...ids.q0Options], [ids.q1], [...ids.q2Items], [ids.q3]];
    const expected = [
      { recording: at(ids.q0), optionRecordings: ids.q0Options.map(at) },
      { recording: at(ids.q1), optionRecordings: null },
      { recording: null },
      { recording: at(ids.q3), optionRecordings: null },
    ];
    const first = before.body.hunt.next.questionIndex as number;
    const token = cards.find((c) => Number(c.position) === first)!.token;
    const found = await pupil.client.post(`/api/play/${pupil.progressId}/stations`, { token });
    expect(found.status, found.text).toBe(200);
    expect(found.body.state.current).toMatchObject({ ...expected[first], clueRecording: null });
    for (const id of r.map((x) => x.id).filter((id) => !own[first]!.includes(id))) expect(found.text).not.toContain(id);
    // A wrong answer there: the clue's recording with the clue (the order question has no clue).
    const wrong =
      first === 2
        ? null
        : await pupil.client.post(`/api/play/${pupil.progressId}/answers`, {
            attemptId: attemptId(),
            questionIndex: first,
            ...(first === 3 ? { typedAnswer: "cat" } : { selectedOption: 1 }),
          });
    if (wrong) {
      const clueIds = [ids.q0Clue, ids.q1Clue, null, null];
      expect(wrong.body).toMatchObject({ isCorrect: false, clueRecording: at(clueIds[first]!) });
      expect(wrong.body.next).toBeNull();
    }
  });
  it("keeps a recording any version uses through the sweep; sweeps it once none does, and with the account", async () => {
    const { teacher, r, ids, gameId } = await teacherWithRecordedGame();
    const [unused] = await recordMany(teacher, 1);
    const session = await teacher.client.post("/api/sessions", { gameId, groupCount: 1 });
    expect(session.status).toBe(201);
    // Version 2 drops question 1's text recording; the session keeps version 1, which uses it.
    const edited = await teacher.client.put(`/api/games/${gameId}`, recordedGame({ ...ids, q0: r[8]!.id }));
    expect(edited.status, edited.text).toBe(200);
    expect(await deleteUnusedRecordings(server.database.db, 0)).toBeGreaterThanOrEqual(1);
    expect(await status(teacher.client, unused!.src)).toBe(404);
    for (const x of r) expect(await status(teacher.client, x.src), x.id).toBe(200);
    // A day's grace for one just recorded, not yet saved with a question.
    const [fresh] = await recordMany(teacher, 1);
    await deleteUnusedRecordings(server.database.db);
    expect(await status(teacher.client, fresh!.src)).toBe(200);

    // A game never played, deleted: its recordings go at the next sweep.
    const [only] = await recordMany(teacher, 1);
    const game = recordedGame({ ...ids, q3: only!.id });
    const lone = await teacher.client.post("/api/games", game);
    await deleteUnusedRecordings(server.database.db, 0);
    expect(await status(teacher.client, only!.src)).toBe(200);
    expect((await teacher.client.request("DELETE", `/api/games/${lone.body.id}`)).status).toBe(200);
    await deleteUnusedRecordings(server.database.db, 0);
    expect(await status(teacher.client, only!.src)).toBe(404);
    expect(await status(teacher.client, at(ids.q0)!)).toBe(200);

    // The account export lists them, and each question's by address.
    const exported = await teacher.client.get("/api/account/export");
    expect(exported.status).toBe(200);
    expect(exported.body.recordings.map((x: { address: string }) => x.address)).toEqual(
      expect.arrayContaining([at(ids.q0), at(ids.q3)]),
    );
    const exportedGame = exported.body.games.find((g: { id: string }) => g.id === gameId);
    expect(exportedGame.questions[0]).toMatchObject({
      recording: at(r[8]!.id),
      clueRecording: at(ids.q0Clue),
      optionRecordings: ids.q0Options.map(at),
    });
    expect(exportedGame.questions[2]).toMatchObject({ recording: null, optionRecordings: ids.q2Items.map(at) });

    // With the account, all of them.
    const deleted = await teacher.client.post("/api/account/delete", {
      confirmation: teacher.email,
      currentPassword: teacher.password,
    });
    expect(deleted.status, deleted.text).toBe(200);
    for (const x of r) expect(await status(new HttpClient(server.url), x.src)).toBe(404);
  });

  it("carries them in a game file into another account as recordings of her own, the same bytes, each once", async () => {
    const { teacher, r, ids, gameId } = await teacherWithRecordedGame();
    // The question's recording used again as the last question's: once in the file.
    const again = await teacher.client.put(`/api/games/${gameId}`, recordedGame({ ...ids, q3: ids.q0 }));
    expect(again.status, again.text).toBe(200);
    const file = await teacher.client.get(`/api/games/${gameId}/export`);
    expect(file.status).toBe(200);
    expect(file.body.version).toBe(4);
    expect(file.body.game.recordings).toHaveLength(8);
    expect(file.body.game.recordings[0]).toEqual({ mimeType: "audio/wav", data: expect.any(String) });
    expect(
      file.body.game.questions.map((q: Record<string, unknown>) => [q.recording, q.clueRecording, q.optionRecordings]),
    ).toEqual([
      [0, 1, [2, null, null, 3]],
      [4, 5, undefined],
      [undefined, undefined, [6, 7, null]],
      [0, undefined, undefined],
    ]);
    for (const x of r) expect(file.text).not.toContain(x.id);

    const other = await signedUpTeacher(server.url);
    const imported = await other.client.post("/api/games/import", file.body);
    expect(imported.status, imported.text).toBe(201);
    const copy = (await other.client.get(`/api/games/${imported.body.id}`)).body.game.questions;
    const original = (await teacher.client.get(`/api/games/${gameId}`)).body.game.questions;
    expect(copy[3].recordingId).toBe(copy[0].recordingId);
    for (const [i, q] of copy.entries()) {
      const theirs = allIds(original[i]);
      const mine = allIds(q);
      expect(mine.map((id) => id === null)).toEqual(theirs.map((id) => id === null));
      for (const [k, id] of mine.entries()) {
        if (id === null) continue;
        expect(id).not.toBe(theirs[k]);
        expect(await served(server, at(id)!)).toEqual(await served(server, at(theirs[k]!)!));
      }
    }
    const owners = await queryRows<{ owner_id: string; n: number }>(
      server.database.db,
      sql`select owner_id, count(*)::int as n from recordings where owner_id = ${other.id} group by owner_id`,
    );
    expect(owners.map((o) => [o.owner_id, Number(o.n)])).toEqual([[other.id, 8]]);

    // A recording the file does not have, or bytes that are not a clean recording: refused, naming the question, nothing stored.
    const missing = structuredClone(file.body);
    missing.game.questions[1].clueRecording = 9;
    const bad = structuredClone(file.body);
    bad.game.recordings[4] = {
      mimeType: "audio/wav",
      data: Buffer.from("<html><script>alert(1)</script></html>").toString("base64"),
    };
    const noClue = structuredClone(file.body);
    for (const [body, message] of [
      [missing, gameFileMessages.recordingMissing],
      [bad, gameFileMessages.badRecording],
    ] as const) {
      const before = await dataFingerprint(server.database.db);
      const res = await other.client.post("/api/games/import", body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(`Question 2: ${inEnglish(message)}`);
      expect(await dataFingerprint(server.database.db)).toBe(before);
    }
    // A clue's recording without its clue is not kept.
    delete noClue.game.questions[1].clue;
    const third = await signedUpTeacher(server.url);
    const withoutClue = await third.client.post("/api/games/import", noClue);
    expect(withoutClue.status, withoutClue.text).toBe(201);
    const [kept] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from recordings where owner_id = ${third.id}`,
    );
    expect(Number(kept!.n)).toBe(7);
  });

  it("copies them through a share link as the colleague's own, within her quota; the view shows them by address", async () => {
    const { teacher: owner, r, ids, gameId } = await teacherWithRecordedGame();
    const linkId = ((await owner.client.request("PUT", `/api/games/${gameId}/share`)).body.sharePath as string).slice(
      8,
    );
    const colleague = await signedUpTeacher(server.url);
    const view = await colleague.client.get(`/api/shared/${linkId}`);
    expect(view.status).toBe(200);
    expect(
      view.body.game.questions.map((q: Record<string, unknown>) => [q.recording, q.clueRecording, q.optionRecordings]),
    ).toEqual([
      [at(ids.q0), at(ids.q0Clue), ids.q0Options.map(at)],
      [at(ids.q1), at(ids.q1Clue), null],
      [null, null, ids.q2Items.map(at)],
      [at(ids.q3), null, null],
    ]);
    expect(view.text).not.toContain("recordingId");
    expect(view.text).not.toContain("RecordingIds");

    // A colleague whose storage is full cannot copy the recordings: nothing is kept.
    const full = await signedUpTeacher(server.url);
    await server.database.db.execute(
      sql`insert into images (owner_id, sha256, width, height, bytes) values (${full.id}, 'filler', 1, 1, convert_to(repeat('x', ${TEACHER_LIMITS.storageBytes - 50_000}), 'UTF8'))`,
    );
    const before = await dataFingerprint(server.database.db);
    const refused = await full.client.post(`/api/shared/${linkId}/copy`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("storage_full");
    expect(await dataFingerprint(server.database.db)).toBe(before);
    // So is a file of them.
    const file = (await owner.client.get(`/api/games/${gameId}/export`)).body;
    const refusedFile = await full.client.post("/api/games/import", file);
    expect(refusedFile.status).toBe(409);
    expect(await dataFingerprint(server.database.db)).toBe(before);

    const copied = await colleague.client.post(`/api/shared/${linkId}/copy`, {});
    expect(copied.status, copied.text).toBe(201);
    const copy = (await colleague.client.get(`/api/games/${copied.body.id}`)).body.game.questions;
    const mine = copy.flatMap(allIds).filter((id: string | null): id is string => id !== null);
    expect(mine).toHaveLength(9);
    for (const x of r) expect(mine).not.toContain(x.id);
    const original = await served(server, at(ids.q0Clue)!);
    // The copy keeps its recordings when the owner leaves.
    await server.database.db.execute(sql`delete from users where id = ${owner.id}`);
    expect(await status(colleague.client, at(ids.q0)!)).toBe(404);
    expect(await served(server, at(copy[0].clueRecordingId)!)).toEqual(original);
    for (const id of mine) expect(await status(colleague.client, at(id)!)).toBe(200);
  });
});
