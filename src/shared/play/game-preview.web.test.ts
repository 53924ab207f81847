import { describe, expect, it } from "vitest";
import { previewAnswer, previewFinished, previewOfGame, previewStart } from "./game-preview.web.ts";

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
      hidingPlace: null,
      kind: "choice" as const,
      correctAnswers: null,
      fadasCount: false,
      stationKey: "00000000-0000-4000-8000-000000000002",
    },
  ],
};
const game = previewOfGame(stored);

describe("preview as a pupil", () => {
  it("starts on question 1 with nothing that names the answer or the clue", () => {
    const state = previewStart(game, "en");
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
      questionText: "Cad é 'apple'?",
      options: ["oráiste", "úll", "arán", "im"],
      wrongOptions: [],
      clue: null,
      picture: null,
      optionPictures: null,
    });
    expect(JSON.stringify(state)).not.toMatch(/correctAnswer|Dearg|22222222/);
  });

  it("marks a wrong answer with the question's clue, a right one with the next question", () => {
    const state = previewStart(game, "en");
    expect(previewAnswer(game, state, 0)).toEqual({
      isCorrect: false,
      completed: false,
      questionIndex: 0,
      next: null,
      clue: "Dearg nó glas",
    });
    expect(previewAnswer(game, state, 1)).toEqual({
      isCorrect: true,
      completed: false,
      questionIndex: 0,
      next: {
        index: 1,
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
      },
      clue: null,
    });
  });

  it("completes on the last question's right answer, counting first-time answers", () => {
    const last = {
      ...previewStart(game, "en"),
      completedQuestionsCount: 1,
      correctFirstTimeCount: 1,
      current: {
        index: 1,
        questionText: "Cad é 'milk'?",
        options: ["bainne", "tae", "sú", "im"],
        wrongOptions: [] as number[],
        clue: null,
        picture: null,
        optionPictures: null,
      },
    };
    expect(previewAnswer(game, last, 0)).toMatchObject({ isCorrect: true, completed: true, next: null });
    expect(previewFinished(last)).toMatchObject({
      completed: true,
      current: null,
      completedQuestionsCount: 2,
      correctFirstTimeCount: 2,
    });
    expect(previewFinished({ ...last, current: { ...last.current, wrongOptions: [2] } }).correctFirstTimeCount).toBe(1);
  });
});
