/**
 * "Why a child might pick this" (option-notes.ts), over real HTTP on every database: a note on a
 * wrong option of four options, choose all and true or false is saved, read back, duplicated, kept by the version a session asks when the game is edited; every bad note is a 400 naming its problem with nothing stored; and a
 * pupil's device never receives one: a child plays a game full of notes on screen and around the
 * room (join, state, help, /api/me, every answer, station finds) and no response body it gets
 * holds any note's text.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { normaliseQuestion } from "../../src/shared/games/games.ts";
import { noteMessages } from "../../src/shared/games/option-notes.ts";
import type { StationCard } from "../../src/shared/stations/station-responses.ts";
import { attemptId } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** Each note's text is distinct, so a leak of any of them is found by a search for it. */
export const NOTES = {
  third: "thinks a bigger bottom number means a bigger fraction",
  half: "adds the tops and the bottoms",
  quarter: "reads the picture upside down",
  robin: "counts anything that flies as a mammal",
  truth: "mixes up the Shannon and the Liffey",
};

/** Three questions, one of each kind that has notes, with notes on some wrong options. */
export const notedGame = () => ({
  title: "Fractions - notes",
  questions: [
    {
      questionText: "Which is the biggest?",
      options: ["1/2", "1/3", "1/4", "1/8"],
      correctAnswer: 0,
      optionNotes: ["", NOTES.third, NOTES.quarter, ""],
      clue: "Cut a pizza in two",
      hidingPlace: "under the globe",
    },
    {
      kind: "multi",
      questionText: "Which are mammals?",
      options: ["otter", "robin", "bat", "eel"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
      optionNotes: ["", NOTES.robin, "", ""],
      clue: "",
    },
    {
      kind: "truefalse",
      questionText: "The Shannon is the longest river in Ireland.",
      options: [],
      correctAnswer: 0,
      optionNotes: ["", NOTES.truth],
      clue: "",
    },
    { kind: "typed", questionText: "2 + 2?", options: ["4"], correctAnswer: 0, clue: "" },
  ],
});

describe.each(testDatabaseKinds())("option notes on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  it("are saved as null for none, read back, and kept by an edit", async () => {
    const teacher = await signedUpTeacher(server.url);
    const saved = await teacher.client.post("/api/games", notedGame());
    expect(saved.status, saved.text).toBe(201);
    const read = await teacher.client.get(`/api/games/${saved.body.id}`);
    expect(read.body.game.questions.map((q: { optionNotes: unknown }) => q.optionNotes)).toEqual([
      [null, NOTES.third, NOTES.quarter, null],
      [null, NOTES.robin, null, null],
      [null, NOTES.truth],
      null,
    ]);
    const rows = await queryRows<{ option_notes: (string | null)[] | null }>(
      server.database.db,
      sql`select option_notes from questions where game_id = ${saved.body.id} order by position`,
    );
    expect(rows.map((r) => r.option_notes)).toEqual([
      [null, NOTES.third, NOTES.quarter, null],
      [null, NOTES.robin, null, null],
      [null, NOTES.truth],
      null,
    ]);
    // Duplicate Game: the editor's questions made from the game read back, saved as a new game, keep them.
    const duplicate = await teacher.client.post("/api/games", {
      title: "Copy",
      questions: read.body.game.questions.map(normaliseQuestion),
    });
    expect(duplicate.status, duplicate.text).toBe(201);
    const copied = await teacher.client.get(`/api/games/${duplicate.body.id}`);
    expect(copied.body.game.questions.map((q: { optionNotes: unknown }) => q.optionNotes)).toEqual(
      read.body.game.questions.map((q: { optionNotes: unknown }) => q.optionNotes),
    );
    // Blank notes, spaces and nulls are none; a note is trimmed; no note at all is a null column.
    const edit = notedGame();
    edit.questions[0]!.optionNotes = ["", `  ${NOTES.half}  `, "   ", ""];
    (edit.questions[1] as { optionNotes: unknown }).optionNotes = [null, "", null, ""];
    // A session started before the edit keeps asking its version, notes and all.
    const session = await teacher.client.post("/api/sessions", { gameId: saved.body.id, groupCount: 1 });
    expect(session.status).toBe(201);
    const put = await teacher.client.put(`/api/games/${saved.body.id}`, edit);
    expect(put.status, put.text).toBe(200);
    const versions = await queryRows<{ version: number; option_notes: (string | null)[] | null }>(
      server.database.db,
      sql`select version, option_notes from questions where game_id = ${saved.body.id} and position = 0 order by version`,
    );
    expect(versions).toEqual([
      { version: 1, option_notes: [null, NOTES.third, NOTES.quarter, null] },
      { version: 2, option_notes: [null, NOTES.half, null, null] },
    ]);
    const again = await teacher.client.get(`/api/games/${saved.body.id}`);
    expect(again.body.game.questions.map((q: { optionNotes: unknown }) => q.optionNotes)).toEqual([
      [null, NOTES.half, null, null],
      null,
      [null, NOTES.truth],
      null,
    ]);
  });

  it("never reach a pupil's device: join, play state, every answer, station finds (on the wire)", async () => {
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", notedGame());
    expect(game.status).toBe(201);
    const gameId = game.body.id as string;
    const cardsRead = await teacher.client.get(`/api/games/${gameId}/station-cards`);
    const cards = [...(cardsRead.body.cards as StationCard[])].sort((a, b) => a.position - b.position);
    const wire: HttpResponse[] = [];
    const keep = async (res: Promise<HttpResponse>) => {
      const r = await res;
      wire.push(r);
      return r;
    };
    /** A child who joins, reads their state, and answers each question wrong every way first, then right. */
    const playThrough = async (huntMode: "screen" | "room") => {
      const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 1, huntMode });
      expect(started.status).toBe(201);
      const detail = await teacher.client.get(`/api/sessions/${started.body.id}`);
      const code = detail.body.session.groups[0].joinCode as string;
      const client = new HttpClient(server.url);
      const found = await keep(client.post("/api/join/lookup", { code }));
      const joined = await keep(client.post("/api/join", { code, groupId: found.body.groupId, name: "Aoife" }));
      expect(joined.status).toBe(201);
      const progressId = joined.body.progressId as string;
      // Asking for help, and who the device is, say nothing of the game's notes either.
      expect((await keep(client.post(`/api/play/${progressId}/help`, { requested: true }))).status).toBe(200);
      await keep(client.get("/api/me"));
      const send = (body: Record<string, unknown>) =>
        keep(client.post(`/api/play/${progressId}/answers`, { attemptId: attemptId(), ...body }));
      const answers: Record<string, unknown>[][] = [
        [{ selectedOption: 1 }, { selectedOption: 2 }, { selectedOption: 3 }, { selectedOption: 0 }],
        [{ selectedOptions: [0, 1] }, { selectedOptions: [1, 3] }, { selectedOptions: [0, 2] }],
        [{ selectedOption: 1 }, { selectedOption: 0 }],
        [{ typedAnswer: "5" }, { typedAnswer: "4" }],
      ];
      for (const [index, tries] of answers.entries()) {
        const state = await keep(client.get(`/api/play/${progressId}`));
        if (huntMode === "room") {
          const next = state.body.hunt.next.questionIndex as number;
          const station = await keep(client.post(`/api/play/${progressId}/stations`, { token: cards[next]!.token }));
          expect(station.body.outcome).toBe("found");
        }
        const current = huntMode === "room" ? (await keep(client.get(`/api/play/${progressId}`))).body.current : null;
        const questionIndex = (current?.index as number | undefined) ?? index;
        const ordered = huntMode === "room" ? answers[questionIndex]! : tries;
        for (const answer of ordered) {
          const res = await send({ questionIndex, ...answer });
          expect(res.status, res.text).toBe(200);
        }
      }
      const end = await keep(client.get(`/api/play/${progressId}`));
      expect(end.body.completed).toBe(true);
      expect(end.body.completedQuestionsCount).toBe(4);
    };
    await playThrough("screen");
    await playThrough("room");
    expect(wire.length).toBeGreaterThan(20);
    // The notes are stored (the teacher reads them back)...
    const read = await teacher.client.get(`/api/games/${gameId}`);
    expect(JSON.stringify(read.body)).toContain(NOTES.third);
    // ...and not one response a pupil's device received holds any of them.
    for (const res of wire)
      for (const note of Object.values(NOTES)) expect(res.text, res.text.slice(0, 200)).not.toContain(note);
    for (const res of wire) expect(res.text).not.toContain("optionNotes");
  });

  it("a bad note is a 400 naming its problem, and nothing is stored", async () => {
    const teacher = await signedUpTeacher(server.url);
    const saved = await teacher.client.post("/api/games", notedGame());
    expect(saved.status).toBe(201);
    const cases: [string, (game: ReturnType<typeof notedGame>) => void, string, string][] = [
      [
        "a note on the right option",
        (g) => (g.questions[0]!.optionNotes = ["the right one", "", "", ""]),
        noteMessages.onRightOption,
        "questions.0.optionNotes.0",
      ],
      [
        "a note on one of choose all's right options",
        (g) => (g.questions[1]!.optionNotes = ["", "", "flies at night", ""]),
        noteMessages.onRightOption,
        "questions.1.optionNotes.2",
      ],
      [
        "a note on true or false's right answer",
        (g) => (g.questions[2]!.optionNotes = ["it is true", ""]),
        noteMessages.onRightOption,
        "questions.2.optionNotes.0",
      ],
      [
        "a note of 121 characters",
        (g) => (g.questions[0]!.optionNotes = ["", "x".repeat(121), "", ""]),
        noteMessages.tooLong,
        "questions.0.optionNotes.1",
      ],
      [
        "a line break",
        (g) => (g.questions[0]!.optionNotes = ["", "adds\nthe tops", "", ""]),
        noteMessages.controlCharacter,
        "questions.0.optionNotes.1",
      ],
      [
        "a tab at the end",
        (g) => (g.questions[0]!.optionNotes = ["", "adds the tops\t", "", ""]),
        noteMessages.controlCharacter,
        "questions.0.optionNotes.1",
      ],
      [
        "a NUL",
        (g) => (g.questions[0]!.optionNotes = ["", "", "a\u0000b", ""]),
        noteMessages.controlCharacter,
        "questions.0.optionNotes.2",
      ],
      [
        "three notes for four options",
        (g) => (g.questions[0]!.optionNotes = ["", NOTES.third, ""]),
        noteMessages.count,
        "questions.0.optionNotes",
      ],
      [
        "four notes for true or false",
        (g) => (g.questions[2]!.optionNotes = ["", NOTES.truth, "", ""]),
        noteMessages.count,
        "questions.2.optionNotes",
      ],
      [
        "a note on a typed question",
        (g) => ((g.questions[3] as { optionNotes?: string[] }).optionNotes = ["looks like 5"]),
        noteMessages.notForKind,
        "questions.3.optionNotes",
      ],
      [
        "a number for a note",
        (g) => ((g.questions[0] as { optionNotes: unknown }).optionNotes = ["", 7, "", ""]),
        noteMessages.notText,
        "questions.0.optionNotes.1",
      ],
      [
        "not a list",
        (g) => ((g.questions[0] as { optionNotes: unknown }).optionNotes = NOTES.third),
        noteMessages.count,
        "questions.0.optionNotes",
      ],
    ];
    for (const [what, spoil, message, field] of cases) {
      const game = notedGame();
      spoil(game);
      const before = await dataFingerprint(server.database.db);
      const created = await teacher.client.post("/api/games", game);
      expect(created.status, what).toBe(400);
      expect(created.body.error, what).toMatchObject({ message: inEnglish(message), field });
      const edited = await teacher.client.put(`/api/games/${saved.body.id}`, game);
      expect(edited.status, what).toBe(400);
      expect(edited.body.error, what).toMatchObject({ message: inEnglish(message), field });
      expect(await dataFingerprint(server.database.db), what).toBe(before);
    }
  });
});
