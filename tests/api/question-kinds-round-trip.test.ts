/**
 * Any question of any kind (decision 050) comes back unchanged from every way it travels: a save
 * (the API), a game file exported and imported into another account, a share link's copy, and a
 * spreadsheet (its own representation: the documented columns, written as CSV and read back); the
 * notes on wrong options ("why a child might pick this"), the options' pictures and the teacher's
 * recordings with it.
 * Property-based (fast-check), tens of games on one server per database; an account export carries each kind's fields and recordings.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateGameSchema, QuestionSchema } from "../../src/shared/games/game-contracts.ts";
import type { Question } from "../../src/shared/games/games.ts";
import {
  answerKey,
  KIND_LIMITS,
  kindHasOptionPictures,
  type QuestionKind,
} from "../../src/shared/games/question-kinds.ts";
import { recordingSrc } from "../../src/shared/games/recordings.ts";
import { toCsv } from "../../src/shared/spreadsheets/csv.server.ts";
import { parseCsv } from "../../src/shared/spreadsheets/csv-parse.web.ts";
import {
  CLUEHUNT_HEADERS,
  KIND_HEADERS,
  KIND_NAMES,
  NOTE_HEADERS,
  questionsFromSheet,
} from "../../src/shared/spreadsheets/spreadsheet-questions.web.ts";
import { CHROMIUM_WEBM_5S, FFMPEG_OGG_5S } from "../support/audio-files.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import type { HttpClient } from "../support/http-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { webpPicture } from "../support/webp-files.ts";

// Words as teachers write them: fadas, digits, punctuation inside; nothing a spreadsheet would read
// as a formula (a CSV defuses those with an apostrophe, which then stays) and no spaces at the ends.
const WORDS = [
  "bó",
  "Éire",
  "7",
  "1,000",
  "a",
  "an bháisteach",
  "Dún na nGall",
  "otter?",
  "it's",
  "“quote”",
  "x,y",
  "56.5",
];
const phrase = (max: number) =>
  fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
    .map((words) => words.join(" ").slice(0, max).trim())
    .filter((s) => s !== "");
const optionText = phrase(60);
const distinct = (min: number, max: number) =>
  fc.uniqueArray(optionText, { minLength: min, maxLength: max, selector: (s) => answerKey(s) });

/** A question of any kind, valid by the save's rules, with an optional clue and hiding place. */
const questionArb: fc.Arbitrary<Question> = fc
  .record({
    kind: fc.constantFrom<QuestionKind>("choice", "truefalse", "typed", "order", "multi"),
    questionText: phrase(500),
    clue: fc.option(phrase(200), { nil: "" }),
    hidingPlace: fc.option(phrase(120), { nil: undefined }),
    four: fc.array(optionText, { minLength: 4, maxLength: 4 }),
    accepted: fc.array(optionText, { minLength: 1, maxLength: KIND_LIMITS.acceptedAnswers.max }),
    items: distinct(KIND_LIMITS.orderItems.min, KIND_LIMITS.orderItems.max),
    right: fc.integer({ min: 0, max: 3 }),
    rightOnes: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 2, maxLength: 3 }),
    fadasCount: fc.boolean(),
    // A note or none on each option; those on a right option are left out below.
    notes: fc.array(fc.option(phrase(120), { nil: "" }), { minLength: 4, maxLength: 4 }),
  })
  .map(
    ({
      kind,
      questionText,
      clue,
      hidingPlace,
      four,
      accepted,
      items,
      right,
      rightOnes,
      fadasCount,
      notes,
    }): Question => {
      const common = { questionText, clue, ...(hidingPlace ? { hidingPlace } : {}) };
      const wrongOnly = (count: number, rightOnes: number[]) =>
        notes.slice(0, count).map((note, k) => (rightOnes.includes(k) ? "" : note));
      switch (kind) {
        case "choice":
          return { ...common, options: four, correctAnswer: right, optionNotes: wrongOnly(4, [right]) };
        case "truefalse":
          return { ...common, kind, options: [], correctAnswer: right % 2, optionNotes: wrongOnly(2, [right % 2]) };
        case "typed":
          return { ...common, kind, options: accepted, correctAnswer: 0, fadasCount };
        case "order":
          return { ...common, kind, options: items, correctAnswer: 0 };
        case "multi":
          return {
            ...common,
            kind,
            options: four,
            correctAnswer: 0,
            correctAnswers: [...rightOnes].sort(),
            optionNotes: wrongOnly(4, rightOnes),
          };
      }
    },
  );

/** A question as the save keeps it: the fields every way back must give unchanged. */
const kept = (q: unknown) => {
  const p = QuestionSchema.parse(q);
  return {
    kind: p.kind,
    questionText: p.questionText.trim(),
    options: p.options.map((o) => o.trim()),
    correctAnswer: p.correctAnswer,
    correctAnswers: p.correctAnswers,
    fadasCount: p.fadasCount,
    clue: p.clue,
    hidingPlace: p.hidingPlace,
    optionNotes: p.optionNotes,
  };
};

/** Whether any question has a note: its game file is version 3. */
const hasNotes = (questions: Question[]) => questions.some((q) => kept(q).optionNotes !== null);

/** Where a question's options have pictures (the ids differ from account to account). */
const picturePlaces = (q: { optionImageIds?: (string | null)[] | null }) =>
  q.optionImageIds ? q.optionImageIds.map((id) => id !== null) : null;

/** A question's recording ids, as the save keeps them (a clue's only with its clue; the options' when any has one). */
type Recorded = {
  clue?: string | null;
  recordingId?: string | null;
  clueRecordingId?: string | null;
  optionRecordingIds?: (string | null)[] | null;
};
const recordingIds = (q: Recorded) => ({
  recordingId: q.recordingId ?? null,
  clueRecordingId: q.clue ? (q.clueRecordingId ?? null) : null,
  optionRecordingIds: q.optionRecordingIds?.some((id) => id) ? q.optionRecordingIds : null,
});
const hasRecordings = (questions: Recorded[]) =>
  questions.some((q) => Object.values(recordingIds(q)).some((v) => v !== null));

/**
 * Where a game's recordings are, each named by the order it first appears in (the ids differ from
 * account to account; one recording used twice stays one).
 */
function recordingPlaces(questions: Recorded[]) {
  const names = new Map<string, number>();
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? names.set(id, names.size).get(id)!));
  return questions
    .map(recordingIds)
    .map((r) => [name(r.recordingId), name(r.clueRecordingId), r.optionRecordingIds?.map(name) ?? null]);
}

/** A question as a row of the documented spreadsheet columns (docs/IMPORT.md). */
const SHEET_HEADER = [
  CLUEHUNT_HEADERS[0],
  KIND_HEADERS.kind,
  ...CLUEHUNT_HEADERS.slice(1, 5),
  KIND_HEADERS.optionE,
  KIND_HEADERS.optionF,
  CLUEHUNT_HEADERS[5],
  KIND_HEADERS.fadas,
  CLUEHUNT_HEADERS[6],
  "Hiding place (optional)",
  ...NOTE_HEADERS,
];
function sheetRow(q: Question): string[] {
  const kind = q.kind ?? "choice";
  const options = Array.from({ length: 6 }, (_, k) => q.options[k] ?? "");
  const correct =
    kind === "choice"
      ? "ABCD"[q.correctAnswer]!
      : kind === "multi"
        ? (q.correctAnswers ?? []).map((k) => "ABCD"[k]).join(", ")
        : kind === "truefalse"
          ? ["True", "False"][q.correctAnswer]!
          : "";
  const fadas = kind === "typed" ? (q.fadasCount ? "Yes" : "No") : "";
  const notes = Array.from({ length: 4 }, (_, k) => q.optionNotes?.[k] ?? "");
  return [q.questionText, KIND_NAMES[kind][0]!, ...options, correct, fadas, q.clue, q.hidingPlace ?? "", ...notes];
}

describe("every kind of question, from a spreadsheet", () => {
  it("comes back unchanged from a spreadsheet of the documented columns, written as CSV and read back", () => {
    fc.assert(
      fc.property(fc.array(questionArb, { minLength: 1, maxLength: 8 }), (questions) => {
        const csv = toCsv([SHEET_HEADER, ...questions.map(sheetRow)]);
        const read = questionsFromSheet(parseCsv(csv.replace(/^\uFEFF/, "")));
        if (!read.ok) throw new Error(read.message);
        expect(read.problems).toEqual([]);
        expect(read.questions.map((q) => kept(q.question))).toEqual(questions.map(kept));
      }),
      { numRuns: 60 },
    );
  });
});

describe.each(testDatabaseKinds())("every kind of question, round trip on %s", (db) => {
  let server: TestServer;
  let author: { client: HttpClient };
  let other: { client: HttpClient };
  let picture: string;
  /** Two recordings of the author's. */
  let voices: string[];

  beforeAll(async () => {
    server = await startTestServer({ db });
    author = await signedUpTeacher(server.url);
    other = await signedUpTeacher(server.url);
    const uploaded = await author.client.request("POST", "/api/images", webpPicture(64, 48, 42), {
      "content-type": "image/webp",
    });
    expect(uploaded.status).toBe(201);
    picture = uploaded.body.id;
    voices = await twoRecordings(author.client);
  });
  afterAll(() => server?.close());

  /** Two recordings of a teacher's, uploaded as her editor does. */
  const twoRecordings = async (client: HttpClient) => {
    const ids: string[] = [];
    for (const [bytes, type] of [
      [CHROMIUM_WEBM_5S, "audio/webm"],
      [FFMPEG_OGG_5S, "audio/ogg"],
    ] as const) {
      const recorded = await client.request("POST", "/api/recordings", Buffer.from(bytes), { "content-type": type });
      expect(recorded.status, recorded.text).toBe(201);
      ids.push(recorded.body.id);
    }
    return ids;
  };

  const questionsOf = async (client: HttpClient, id: string) => {
    const res = await client.get(`/api/games/${id}`);
    expect(res.status).toBe(200);
    return res.body.game.questions as Array<
      Record<string, unknown> & Recorded & { optionImageIds: (string | null)[] | null }
    >;
  };

  it("comes back unchanged from a save, a game file exported and imported, and a share link's copy", async () => {
    // Four options and an order's items may have pictures: one picture, on some of them. Any
    // question may have a recording on its text and its clue (one without a clue is dropped), and
    // those kinds on their options: one of two recordings, or none, each.
    const voice = fc.constantFrom<string | null>(null, ...voices);
    const withMedia = fc
      .tuple(
        questionArb,
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        voice,
        voice,
        fc.option(fc.array(voice, { minLength: 6, maxLength: 6 }), { nil: null }),
      )
      .map(([q, marks, recordingId, clueRecordingId, optionVoices]): Question => {
        const kind = q.kind ?? "choice";
        const recorded = {
          ...q,
          ...(recordingId ? { recordingId } : {}),
          ...(clueRecordingId ? { clueRecordingId } : {}),
        };
        if (!kindHasOptionPictures(kind)) return recorded;
        return {
          ...recorded,
          ...(marks.some(Boolean) ? { optionImageIds: q.options.map((_, k) => (marks[k] ? picture : null)) } : {}),
          ...(optionVoices ? { optionRecordingIds: q.options.map((_, k) => optionVoices[k]!) } : {}),
        };
      });
    await fc.assert(
      fc.asyncProperty(fc.array(withMedia, { minLength: 1, maxLength: 5 }), async (questions) => {
        const game = { title: "Round trip", questions };
        expect(CreateGameSchema.safeParse(game).success).toBe(true);
        const saved = await author.client.post("/api/games", game);
        expect(saved.status, saved.text).toBe(201);
        const want = questions.map(kept);
        const wantPictures = questions.map((q) =>
          picturePlaces({ optionImageIds: q.optionImageIds?.some((id) => id) ? q.optionImageIds : null }),
        );
        const wantRecordings = questions.map(recordingIds);
        const check = async (client: HttpClient, id: string) => {
          const read = await questionsOf(client, id);
          expect(read.map(kept)).toEqual(want);
          expect(read.map(picturePlaces)).toEqual(wantPictures);
          expect(recordingPlaces(read)).toEqual(recordingPlaces(questions));
          return read;
        };
        expect((await check(author.client, saved.body.id)).map(recordingIds)).toEqual(wantRecordings);

        // The file, into another account.
        const file = await author.client.get(`/api/games/${saved.body.id}/export`);
        expect(file.status).toBe(200);
        // Recordings make it version 4, notes version 3, which no older reader takes (it would drop them); neither, version 2.
        expect(file.body.version).toBe(hasRecordings(questions) ? 4 : hasNotes(questions) ? 3 : 2);
        const imported = await other.client.post("/api/games/import", file.body);
        expect(imported.status, imported.text).toBe(201);
        await check(other.client, imported.body.id);

        // A share link's copy, by another teacher: the page's view of it carries each kind's fields too.
        const link = await author.client.put(`/api/games/${saved.body.id}/share`, {});
        expect(link.status).toBe(200);
        const linkId = (link.body.sharePath as string).split("/").at(-1)!;
        const view = await other.client.get(`/api/shared/${linkId}`);
        expect(view.status).toBe(200);
        expect(view.body.game.questions.map(kept)).toEqual(want);
        const at = (id: string | null) => id && recordingSrc(id);
        expect(
          view.body.game.questions.map((q: Record<string, unknown>) => [
            q.recording,
            q.clueRecording,
            q.optionRecordings,
          ]),
        ).toEqual(
          wantRecordings.map((r) => [at(r.recordingId), at(r.clueRecordingId), r.optionRecordingIds?.map(at) ?? null]),
        );
        const copied = await other.client.post(`/api/shared/${linkId}/copy`);
        expect(copied.status, copied.text).toBe(201);
        await check(other.client, copied.body.id);
      }),
      { numRuns: 12 },
    );
  });

  it("an account export carries each kind's own fields", async () => {
    const teacher = await signedUpTeacher(server.url);
    const [v0, v1] = (await twoRecordings(teacher.client)) as [string, string];
    const four: Question[] = [
      {
        kind: "truefalse",
        questionText: "The Shannon is long.",
        options: [],
        correctAnswer: 1,
        clue: "Look at a map",
        optionNotes: ["sounds long", ""],
        recordingId: v0,
        clueRecordingId: v1,
      },
      { kind: "typed", questionText: "Rain?", options: ["báisteach"], correctAnswer: 0, fadasCount: true, clue: "" },
      {
        kind: "order",
        questionText: "Smallest first",
        options: ["1", "2", "3"],
        correctAnswer: 0,
        clue: "",
        optionRecordingIds: [v1, null, v0],
      },
      {
        kind: "multi",
        questionText: "Mammals?",
        options: ["otter", "robin", "bat", "eel"],
        correctAnswer: 0,
        correctAnswers: [0, 2],
        clue: "",
        optionNotes: ["", "flies, so a bird", "", ""],
      },
    ];
    expect((await teacher.client.post("/api/games", { title: "Kinds", questions: four })).status).toBe(201);
    const exported = await teacher.client.get("/api/account/export");
    expect(exported.status).toBe(200);
    const game = exported.body.games.find((g: { title: string }) => g.title === "Kinds");
    expect(
      game.questions.map((q: Record<string, unknown>) => [
        q.kind,
        q.options,
        q.correctAnswer,
        q.correctAnswers,
        q.fadasCount,
        q.optionNotes,
        [q.recording, q.clueRecording, q.optionRecordings],
      ]),
    ).toEqual([
      ["truefalse", [], 1, null, false, ["sounds long", null], [recordingSrc(v0), recordingSrc(v1), null]],
      ["typed", ["báisteach"], 0, null, true, null, [null, null, null]],
      ["order", ["1", "2", "3"], 0, null, false, null, [null, null, [recordingSrc(v1), null, recordingSrc(v0)]]],
      [
        "multi",
        ["otter", "robin", "bat", "eel"],
        0,
        [0, 2],
        false,
        [null, "flies, so a bird", null, null],
        [null, null, null],
      ],
    ]);
  });
});
