import { describe, expect, it } from "vitest";
import {
  previewAnswer,
  previewFinished,
  previewOfGame,
  previewShown,
  previewStart,
  teacherAnswerOf,
} from "./game-preview.web.ts";
import { answerMessages } from "./play-texts.ts";

const stored = {
  id: "g1",
  title: "Bia",
  aiLastUsedSubject: "Irish",
  language: "ga" as const,
  questions: [
    {
      questionText: "Cad é 'apple'?",
      options: ["oráiste", "úll", "arán", "im"],
      correctAnswer: 1,
      clue: "Dearg nó glas",
      imageId: null,
      imageAlt: null,
      optionImageIds: null,
      recordingId: null,
      clueRecordingId: null,
      optionRecordingIds: null,
      optionNotes: null,
      hidingPlace: null,
      kind: "choice" as const,
      correctAnswers: null,
      fadasCount: false,
      stationKey: "00000000-0000-4000-8000-000000000001",
    },
    {
      questionText: "Cad é 'milk'?",
      options: ["bainne", "tae", "sú", "im"],
      correctAnswer: 0,
      clue: null,
      imageId: "11111111-1111-4111-8111-111111111111",
      imageAlt: "A glass of milk",
      optionImageIds: ["22222222-2222-4222-8222-222222222222", null, null, "33333333-3333-4333-8333-333333333333"],
      recordingId: null,
      clueRecordingId: null,
      optionRecordingIds: null,
      optionNotes: null,
      hidingPlace: null,
      kind: "choice" as const,
      correctAnswers: null,
      fadasCount: false,
      stationKey: "00000000-0000-4000-8000-000000000002",
    },
  ],
};
const game = previewOfGame(stored);

describe("the preview and the notes on wrong options", () => {
  it("never shows a note on the pupil's screens, from a teacher's game or a starter hunt's view", () => {
    const note = "thinks an orange is an apple";
    const withNotes = {
      ...stored,
      questions: stored.questions.map((q, i) => (i === 0 ? { ...q, optionNotes: [note, null, null, null] } : q)),
    };
    const own = previewOfGame(withNotes);
    expect(JSON.stringify(own)).not.toContain(note);
    // A starter hunt's view is played as it is: its questions carry their notes (the teacher's preview page).
    const starter = { ...own, questions: own.questions.map((q, i) => (i === 0 ? { ...q, optionNotes: [note] } : q)) };
    for (const g of [own, starter]) {
      const state = previewStart(g, "en", 7);
      const wrong = previewAnswer(g, state, { selectedOption: 0 }, 7);
      const right = previewAnswer(g, state, { selectedOption: 1 }, 7);
      for (const shown of [state, wrong, right]) expect(JSON.stringify(shown)).not.toContain(note);
    }
  });
});

describe("preview as a pupil", () => {
  it("starts on question 1 with nothing that names the answer or the clue", () => {
    const state = previewStart(game, "en", 7);
    expect(state).toMatchObject({
      gameTitle: "Bia",
      gameSubject: "Irish",
      questionCount: 2,
      completedQuestionsCount: 0,
      sessionActive: true,
      completed: false,
    });
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
    expect(JSON.stringify(state)).not.toMatch(/correctAnswer|Dearg|22222222/);
  });

  it("marks a wrong answer with the question's clue, a right one with the next question", () => {
    const state = previewStart(game, "en", 7);
    expect(previewAnswer(game, state, { selectedOption: 0 }, 7)).toEqual({
      isCorrect: false,
      completed: false,
      questionIndex: 0,
      next: null,
      clue: "Dearg nó glas",
      clueRecording: null,
      nearly: false,
      inPlace: null,
    });
    expect(previewAnswer(game, state, { selectedOption: 1 }, 7)).toEqual({
      isCorrect: true,
      completed: false,
      questionIndex: 0,
      next: {
        index: 1,
        kind: "choice",
        questionText: "Cad é 'milk'?",
        options: ["bainne", "tae", "sú", "im"],
        wrongOptions: [],
        clue: null,
        picture: {
          src: "/api/images/11111111-1111-4111-8111-111111111111",
          alt: "A glass of milk",
          width: 0,
          height: 0,
        },
        // The options' pictures as the server sends them (decision 038): described by the option's text.
        optionPictures: [
          { src: "/api/images/22222222-2222-4222-8222-222222222222", alt: "bainne", width: 0, height: 0 },
          null,
          null,
          { src: "/api/images/33333333-3333-4333-8333-333333333333", alt: "im", width: 0, height: 0 },
        ],
        recording: null,
        optionRecordings: null,
        clueRecording: null,
      },
      clue: null,
      clueRecording: null,
      nearly: false,
      inPlace: null,
    });
  });

  it("completes on the last question's right answer, counting first-time answers", () => {
    const last = {
      ...previewStart(game, "en", 7),
      completedQuestionsCount: 1,
      correctFirstTimeCount: 1,
      current: {
        index: 1,
        kind: "choice" as const,
        questionText: "Cad é 'milk'?",
        options: ["bainne", "tae", "sú", "im"],
        wrongOptions: [] as number[],
        clue: null,
        picture: null,
        optionPictures: null,
        recording: null,
        optionRecordings: null,
        clueRecording: null,
      },
    };
    expect(previewAnswer(game, last, { selectedOption: 0 }, 7)).toMatchObject({
      isCorrect: true,
      completed: true,
      next: null,
    });
    expect(previewFinished(last)).toMatchObject({
      completed: true,
      current: null,
      completedQuestionsCount: 2,
      correctFirstTimeCount: 2,
    });
    expect(previewFinished({ ...last, current: { ...last.current, wrongOptions: [2] } }).correctFirstTimeCount).toBe(1);
    // A wrong try the preview saw at a kind that crosses nothing out.
    expect(previewFinished(last, true).correctFirstTimeCount).toBe(1);
  });
});

const base = {
  clue: null,
  imageId: null,
  imageAlt: null,
  optionImageIds: null,
  recordingId: null,
  clueRecordingId: null,
  optionRecordingIds: null,
  optionNotes: null,
  hidingPlace: null,
  correctAnswers: null,
  fadasCount: false,
};
const kinds = previewOfGame({
  id: "g2",
  title: "Kinds",
  aiLastUsedSubject: null,
  language: "ga",
  questions: [
    {
      ...base,
      kind: "truefalse",
      questionText: "Is ainmhí é an bó.",
      options: [],
      correctAnswer: 0,
      clue: "Moo",
      clueRecordingId: "77777777-7777-4777-8777-777777777777",
      stationKey: "00000000-0000-4000-8000-000000000011",
    },
    {
      ...base,
      kind: "typed",
      questionText: "Príomhchathair na hÉireann?",
      options: ["Baile Átha Cliath", "BÁC"],
      correctAnswer: 0,
      fadasCount: true,
      clue: "Ar an Life",
      stationKey: "00000000-0000-4000-8000-000000000012",
    },
    {
      ...base,
      kind: "order",
      questionText: "Cuir in ord iad",
      options: ["aon", "dó", "trí", "ceathair"],
      correctAnswer: 0,
      optionImageIds: ["44444444-4444-4444-8444-444444444444", null, null, null],
      optionRecordingIds: [null, "55555555-5555-4555-8555-555555555555", null, null],
      recordingId: "66666666-6666-4666-8666-666666666666",
      optionNotes: null,
      stationKey: "00000000-0000-4000-8000-000000000013",
    },
    {
      ...base,
      kind: "multi",
      questionText: "Cé acu atá glas?",
      options: ["féar", "sneachta", "duilleog", "gual"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
      stationKey: "00000000-0000-4000-8000-000000000014",
    },
  ],
});
const at = (index: number, seed = 7) => {
  const start = previewStart(kinds, "ga", seed);
  let state = start;
  for (let k = 0; k < index; k++) {
    const right = [{ selectedOption: 0 }, { typedAnswer: "BÁC" }, { order: orderFor(seed) }][k]!;
    const result = previewAnswer(kinds, state, right, seed);
    expect(result.isCorrect).toBe(true);
    state = { ...state, current: result.next };
  }
  return state;
};
/** The places (as shown with `seed`) of the items in the right order. */
const orderFor = (seed: number) => {
  const shown = previewShown(seed, 2, 4);
  return [0, 1, 2, 3].map((item) => shown.indexOf(item));
};

describe("preview as a pupil, each kind of question", () => {
  it("true or false: no options on the wire, 0 is true, the wrong word crossed out with the clue", () => {
    const state = at(0);
    expect(state.current).toMatchObject({ kind: "truefalse", options: [], optionPictures: null, clueRecording: null });
    // The clue's recording comes with the clue, after a wrong try; never before.
    expect(previewAnswer(kinds, state, { selectedOption: 1 }, 7)).toMatchObject({
      isCorrect: false,
      clue: "Moo",
      clueRecording: "/api/recordings/77777777-7777-4777-8777-777777777777",
    });
    expect(previewAnswer(kinds, state, { selectedOption: 0 }, 7)).toMatchObject({
      isCorrect: true,
      clueRecording: null,
    });
    expect(teacherAnswerOf(kinds, state.current!, 7)).toEqual({ tiles: [0] });
  });

  it("type the answer: the accepted answers not on the wire; a missing fada is 'nearly' (no clue), a wrong answer has the clue", () => {
    const state = at(1);
    expect(state.current).toMatchObject({ kind: "typed", options: [] });
    expect(JSON.stringify(state.current)).not.toMatch(/Baile|BÁC/);
    expect(previewAnswer(kinds, state, { typedAnswer: "baile atha cliath" }, 7)).toMatchObject({
      isCorrect: false,
      nearly: true,
      clue: null,
    });
    expect(previewAnswer(kinds, state, { typedAnswer: "Corcaigh" }, 7)).toMatchObject({
      isCorrect: false,
      nearly: false,
      clue: "Ar an Life",
    });
    expect(previewAnswer(kinds, state, { typedAnswer: "  baile átha cliath. " }, 7)).toMatchObject({ isCorrect: true });
    expect(teacherAnswerOf(kinds, state.current!, 7)).toEqual({ accepted: ["Baile Átha Cliath", "BÁC"] });
  });

  it("put in order: shuffled by the preview's seed (never the right order) with the pictures; a wrong try counts the items in place", () => {
    for (const seed of [1, 7, 99, 123456]) {
      const state = at(2, seed);
      const shown = previewShown(seed, 2, 4);
      expect(shown).not.toEqual([0, 1, 2, 3]);
      expect(state.current?.options).toEqual(shown.map((k) => ["aon", "dó", "trí", "ceathair"][k]));
      expect(state.current?.optionPictures?.[shown.indexOf(0)]).toEqual({
        src: "/api/images/44444444-4444-4444-8444-444444444444",
        alt: "aon",
        width: 0,
        height: 0,
      });
      // Each item's recording follows it through the shuffle; the question's is its own.
      expect(state.current?.optionRecordings).toEqual(
        shown.map((k) => (k === 1 ? "/api/recordings/55555555-5555-4555-8555-555555555555" : null)),
      );
      expect(state.current?.recording).toBe("/api/recordings/66666666-6666-4666-8666-666666666666");
      const right = orderFor(seed);
      expect(previewAnswer(kinds, state, { order: right }, seed)).toMatchObject({ isCorrect: true, inPlace: null });
      // The first two swapped: two in place.
      const swapped = [right[1]!, right[0]!, right[2]!, right[3]!];
      expect(previewAnswer(kinds, state, { order: swapped }, seed)).toMatchObject({ isCorrect: false, inPlace: 2 });
      // Not an order of the four: wrong, with nothing counted.
      expect(previewAnswer(kinds, state, { order: [0, 0, 1, 2] }, seed)).toMatchObject({
        isCorrect: false,
        inPlace: null,
      });
      // The teacher sees each item's right place, as shown.
      expect(teacherAnswerOf(kinds, state.current!, seed)).toEqual({ places: shown.map((k) => k + 1) });
    }
    expect(answerMessages.inPlace(2, 4)).toContain("pupil.answer.inPlace");
  });

  it("choose all that apply: right only with exactly the right ones; the last right answer completes", () => {
    const state = at(3);
    expect(state.current).toMatchObject({ kind: "multi", options: ["féar", "sneachta", "duilleog", "gual"] });
    expect(previewAnswer(kinds, state, { selectedOptions: [0] }, 7)).toMatchObject({ isCorrect: false });
    expect(previewAnswer(kinds, state, { selectedOptions: [0, 1, 2] }, 7)).toMatchObject({ isCorrect: false });
    expect(previewAnswer(kinds, state, { selectedOptions: [2, 0] }, 7)).toMatchObject({
      isCorrect: true,
      completed: true,
      next: null,
    });
    // An answer of another kind's shape is wrong, not an error.
    expect(previewAnswer(kinds, state, { selectedOption: 0 }, 7)).toMatchObject({ isCorrect: false });
    expect(teacherAnswerOf(kinds, state.current!, 7)).toEqual({ tiles: [0, 2] });
  });
});
