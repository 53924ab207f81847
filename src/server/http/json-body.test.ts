/**
 * The scan before JSON.parse: the value bound refuses the hostile shape at once and
 * leaves the largest body of ours, a full game file, far inside it.
 */
import { describe, expect, it } from "vitest";
import type { GameDetail } from "../../shared/games/game-responses.ts";
import { GAME_LIMITS } from "../../shared/games/games.ts";
import { KIND_LIMITS } from "../../shared/games/question-kinds.ts";
import { gameFileOf } from "../games/game-file.ts";
import { BODY_LIMITS } from "../limits/limits.ts";
import { jsonShapeProblem, jsonShapeScanner } from "./json-body.ts";

const limits = { depth: BODY_LIMITS.jsonDepth, values: BODY_LIMITS.jsonValues };

const ITEMS = KIND_LIMITS.orderItems.max;

/**
 * The most values a real game file holds: every question an order of six items (more values than
 * four options with notes on the wrong ones), each with a picture and recordings of its own (its
 * text's, its clue's) and a picture and a recording of its own on every item, every optional field there.
 */
function largestGameFile(): string {
  const questions = Array.from({ length: GAME_LIMITS.maxQuestions }, (_, i) => ({
    questionText: `Question ${i}, with a comma, [brackets] and {braces}`,
    options: Array.from({ length: ITEMS }, (_, k) => `Item ${k}, "quoted"`),
    correctAnswer: 0,
    clue: "A clue, too",
    imageId: `picture-${i}`,
    imageAlt: "A picture, described",
    optionImageIds: Array.from({ length: ITEMS }, (_, k) => `option-picture-${i}-${k}`),
    recordingId: `recording-${i}`,
    clueRecordingId: `clue-recording-${i}`,
    optionRecordingIds: Array.from({ length: ITEMS }, (_, k) => `option-recording-${i}-${k}`),
    optionNotes: null,
    hidingPlace: "Under the globe, by the window",
    kind: "order" as const,
    correctAnswers: null,
    fadasCount: false,
    stationKey: `station-${i}`,
  }));
  const game: GameDetail = {
    id: "6f1c1f5e-2a7b-4a57-9b1c-0d9c1c1c1c1c",
    title: "Mata - 2nd Class - Suimiú",
    description: "Doubles, halves",
    createdAt: "2026-11-20T10:00:00.000Z",
    questionCount: questions.length,
    archived: false,
    sessionCount: 0,
    questions,
    aiLastUsedSubject: "Mathematics",
    aiLastUsedLevel: "2nd Class",
    language: "en",
    aiLastUsedTopic: "Addition",
    aiLastUsedContext: "Context, with commas",
    aiLastUsedNumQuestions: 10,
  };
  const pictures = new Map(questions.flatMap((q) => [q.imageId, ...q.optionImageIds].map((id) => [id, "UklGRg=="])));
  const voices = new Map(
    questions.flatMap((q) =>
      [q.recordingId, q.clueRecordingId, ...q.optionRecordingIds].map((id) => [
        id,
        { mimeType: "audio/webm", data: "GkXfow==" },
      ]),
    ),
  );
  return JSON.stringify(gameFileOf(game, pictures, new Date(), voices), null, 2);
}

describe("the scan of a JSON body before it is parsed", () => {
  it("leaves the largest real game file within a quarter of the value bound", () => {
    const file = largestGameFile();
    expect(JSON.parse(file).game.images).toHaveLength(GAME_LIMITS.maxQuestions * (1 + ITEMS));
    expect(JSON.parse(file).game.recordings).toHaveLength(GAME_LIMITS.maxQuestions * (2 + ITEMS));
    expect(jsonShapeProblem(file, { ...limits, values: Math.floor(BODY_LIMITS.jsonValues / 4) })).toBeNull();
    // …and the bound is not loose for nothing: a tenth of it is too few for that file.
    expect(jsonShapeProblem(file, { ...limits, values: Math.floor(BODY_LIMITS.jsonValues / 10) })).toBe(
      "tooManyValues",
    );
  });

  it("refuses millions of empty questions, having read only as far as the bound", () => {
    const hostile = Buffer.from(
      `{"format":"cluehunt-game","version":1,"game":{"title":"x","questions":[${"{},".repeat(3_000_000)}{}]}}`,
    );
    const started = performance.now();
    expect(jsonShapeProblem(hostile, limits)).toBe("tooManyValues");
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("counts values exactly at the bound, and neither commas nor brackets inside strings", () => {
    const list = (n: number) => `[${Array(n).fill("0").join(",")}]`;
    // A list of n values: one bracket and n - 1 commas.
    expect(jsonShapeProblem(list(10), { ...limits, values: 10 })).toBeNull();
    expect(jsonShapeProblem(list(11), { ...limits, values: 10 })).toBe("tooManyValues");
    expect(
      jsonShapeProblem(JSON.stringify({ text: ",".repeat(50) + "[{".repeat(50) + '\\",' }), { ...limits, values: 2 }),
    ).toBeNull();
  });

  it("still refuses nesting deeper than the depth bound", () => {
    expect(jsonShapeProblem("[".repeat(BODY_LIMITS.jsonDepth) + "]".repeat(BODY_LIMITS.jsonDepth), limits)).toBeNull();
    expect(jsonShapeProblem("[".repeat(BODY_LIMITS.jsonDepth + 1), limits)).toBe("tooDeep");
  });

  it("reads a body chunk by chunk as it would read it whole, an escape or a character split between chunks included", () => {
    // `e` ends in a backslash, written `\\` before the closing quote: that quote ends the string.
    const text = JSON.stringify({
      a: 'say "hi", [then] {go}',
      e: "a,\\",
      b: ["Áine", "🦊,🦊", 1, 2, 3],
      c: { d: [[], {}] },
    });
    const bytes = Buffer.from(text, "utf8");
    expect(text).toContain('"a,\\\\"');
    for (const values of [3, 8, 13, 14, 100]) {
      const whole = jsonShapeProblem(bytes, { ...limits, values });
      for (let size = 1; size <= 7; size++) {
        const scan = jsonShapeScanner({ ...limits, values });
        let found = null;
        for (let i = 0; i < bytes.length && !found; i += size) found = scan(bytes.subarray(i, i + size));
        expect(found, `values ${values}, chunks of ${size}`).toBe(whole);
      }
    }
    // 13 values, counted as 14 (a comma or an opening bracket each): the count is never fewer than the values less one.
    expect(jsonShapeProblem(bytes, { ...limits, values: 13 })).toBe("tooManyValues");
    expect(jsonShapeProblem(bytes, { ...limits, values: 14 })).toBeNull();
  });
});
