/**
 * What the question's speaker pressed twice reads, by kind of question: four options and choose
 * all with their letters, true or false's two words in the game's language, an order's items as
 * this child was shown them, a typed answer's question alone.
 */
import { describe, expect, it } from "vitest";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { readingOfAll } from "./question-head.tsx";

const question = (extra: Partial<PlayQuestion>): PlayQuestion => ({
  index: 0,
  kind: "choice",
  questionText: "Which?",
  options: [],
  wrongOptions: [],
  clue: null,
  picture: null,
  optionPictures: null,
  recording: null,
  optionRecordings: null,
  clueRecording: null,
  ...extra,
});

describe("the question read with its options", () => {
  it("reads each kind's options as the child sees them", () => {
    expect(readingOfAll(question({ options: ["Ear", "Nose!", "Elbow", "Knee"] }), "en")).toEqual([
      "Which?",
      "A, Ear.",
      "B, Nose!",
      "C, Elbow.",
      "D, Knee.",
    ]);
    expect(readingOfAll(question({ kind: "multi", options: ["2", "3", "4", "5"] }), "en")).toEqual([
      "Which?",
      "A, 2.",
      "B, 3.",
      "C, 4.",
      "D, 5.",
    ]);
    expect(readingOfAll(question({ kind: "truefalse", questionText: "Is ainmhí é an bó." }), "ga")).toEqual([
      "Is ainmhí é an bó.",
      "Fíor.",
      "Bréagach.",
    ]);
    expect(readingOfAll(question({ kind: "truefalse" }), "en")).toEqual(["Which?", "True.", "False."]);
    expect(readingOfAll(question({ kind: "order", options: ["Tree", "Seed ", "Sprout"] }), "en")).toEqual([
      "Which?",
      "Tree.",
      "Seed.",
      "Sprout.",
    ]);
    expect(readingOfAll(question({ kind: "typed" }), "ga")).toEqual(["Which?"]);
  });
});
