import { describe, expect, it } from "vitest";
import en from "../../../shared/i18n/locales/en.json" with { type: "json" };
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse, PlayQuestion, PlayState } from "../../../shared/play/play-responses.ts";
import {
  canSubmit,
  classifySendFailure,
  failureFeedback,
  keepsPendingAnswer,
  offlineText,
  selectableOption,
  serverBusyText,
  stateAfterRightAnswer,
  stateAfterWrongAnswer,
  verdictFeedback,
} from "./answer-protocol.ts";

const question = (index: number, extra: Partial<PlayQuestion> = {}): PlayQuestion => ({
  index,
  questionText: `Q${index}`,
  options: ["a", "b", "c", "d"],
  wrongOptions: [],
  clue: null,
  picture: null,
  optionPictures: null,
  ...extra,
});
const state = (current: PlayQuestion | null, extra: Partial<PlayState> = {}): PlayState => ({
  progressId: "p",
  studentName: "Aoife",
  gameTitle: "G",
  gameSubject: null,
  pupilLanguage: "en",
  questionLanguage: "en",
  groupIdentifier: "red-circle",
  questionCount: 3,
  completedQuestionsCount: current?.index ?? 3,
  sessionActive: true,
  helpRequested: false,
  completed: false,
  current,
  soundEffects: false,
  correctFirstTimeCount: 0,
  hunt: null,
  tablet: null,
  ...extra,
});
const response = (extra: Partial<AnswerResponse>): AnswerResponse => ({
  isCorrect: false,
  completed: false,
  questionIndex: 0,
  next: null,
  clue: null,
  ...extra,
});

describe("what a failed send means", () => {
  it("keeps the answer on the device when the network or the server is down", () => {
    expect(classifySendFailure(0)).toBe("offline");
    expect(classifySendFailure(504)).toBe("offline");
    expect(classifySendFailure(502)).toBe("server-busy");
    expect(classifySendFailure(503)).toBe("server-busy");
    expect(keepsPendingAnswer("offline")).toBe(true);
    expect(keepsPendingAnswer("server-busy")).toBe(true);
    expect(failureFeedback("offline", "x")).toEqual({ kind: "offline", text: offlineText });
    expect(failureFeedback("server-busy", "x")).toEqual({ kind: "offline", text: serverBusyText });
  });

  it("forgets an answer that can never count: the session is over, or the server refused it", () => {
    expect(classifySendFailure(410)).toBe("session-over");
    expect(keepsPendingAnswer("session-over")).toBe(false);
    expect(failureFeedback("session-over", "This session has ended")).toBeNull();
    expect(classifySendFailure(409)).toBe("rejected");
    expect(classifySendFailure(400)).toBe("rejected");
    expect(keepsPendingAnswer("rejected")).toBe(false);
    const rejected = failureFeedback("rejected", "Answer the questions in order.");
    expect(rejected).toEqual({
      kind: "error",
      text: messageText(msg("pupil.play.recordFailed", { reason: "Answer the questions in order." })),
    });
    expect(en["pupil.play.recordFailed"]).toBe("Failed to record answer: {reason}");
  });

  it("on a tablet, forgets an answer sent in another child's turn and says whose turn it is", () => {
    expect(classifySendFailure(409, "not_your_turn")).toBe("not-your-turn");
    expect(classifySendFailure(409, "out_of_order")).toBe("rejected");
    expect(keepsPendingAnswer("not-your-turn")).toBe(false);
    const turn = messageText(msg("pupil.play.notYourTurn", { name: "Cian" }));
    expect(failureFeedback("not-your-turn", turn)).toEqual({ kind: "error", text: turn });
  });
});

describe("after the server's verdict", () => {
  it("says the SPEC's words and remembers the chosen option", () => {
    expect(verdictFeedback(response({ isCorrect: true }), 2)).toEqual({
      kind: "correct",
      option: 2,
      text: "pupil.play.correct",
    });
    expect(verdictFeedback(response({ isCorrect: false }), 1)).toEqual({
      kind: "incorrect",
      option: 1,
      text: "pupil.play.incorrect",
    });
    expect([en["pupil.play.correct"], en["pupil.play.incorrect"]]).toEqual(["Correct!", "Incorrect!"]);
  });

  it("a wrong answer crosses the option out and shows the clue; the question stays", () => {
    const before = state(question(0, { wrongOptions: [3] }));
    const after = stateAfterWrongAnswer(before, response({ clue: "It grows on trees." }), 1);
    expect(after.current).toEqual(question(0, { wrongOptions: [1, 3], clue: "It grows on trees." }));
    expect(selectableOption(after, 1)).toBe(false);
    expect(selectableOption(after, 0)).toBe(true);
    // The same option twice (a resend) is listed once; a game without a clue keeps none.
    expect(stateAfterWrongAnswer(after, response({ clue: null }), 1).current).toEqual(after.current);
    expect(stateAfterWrongAnswer(before, response({}), 1).current?.clue).toBeNull();
  });

  it("a wrong answer to a question the screen has left changes nothing", () => {
    const now = state(question(1));
    expect(stateAfterWrongAnswer(now, response({ questionIndex: 0 }), 2)).toBe(now);
    expect(stateAfterWrongAnswer(now, response({ isCorrect: true, questionIndex: 1 }), 2)).toBe(now);
  });

  it("a right answer moves on to the question it brought, counting a first-time success", () => {
    const next = question(1);
    const moved = stateAfterRightAnswer(state(question(0)), response({ isCorrect: true, next }));
    expect(moved?.current).toBe(next);
    expect(moved?.completedQuestionsCount).toBe(1);
    expect(moved?.correctFirstTimeCount).toBe(1);
    const afterWrong = stateAfterRightAnswer(
      state(question(0, { wrongOptions: [2] })),
      response({ isCorrect: true, next }),
    );
    expect(afterWrong?.correctFirstTimeCount).toBe(0);
  });

  it("the end of the game, or an answer to another question, needs a fresh read", () => {
    expect(
      stateAfterRightAnswer(state(question(2)), response({ isCorrect: true, questionIndex: 2, completed: true })),
    ).toBeNull();
    expect(
      stateAfterRightAnswer(state(question(2)), response({ isCorrect: true, questionIndex: 1, next: question(2) })),
    ).toBeNull();
    expect(stateAfterRightAnswer(state(null), response({ isCorrect: true, next: question(1) }))).toBeNull();
  });
});

describe("when Submit may send", () => {
  it("needs a choice, nothing in flight, and no 'Correct!' or waiting answer on screen", () => {
    expect(canSubmit(null, false, null)).toBe(false);
    expect(canSubmit(0, false, null)).toBe(true);
    expect(canSubmit(0, true, null)).toBe(false);
    expect(canSubmit(0, false, { kind: "correct", option: 0, text: "Correct!" })).toBe(false);
    expect(canSubmit(0, false, { kind: "offline", text: offlineText })).toBe(false);
    expect(canSubmit(0, false, { kind: "incorrect", option: 1, text: "Incorrect!" })).toBe(true);
    expect(canSubmit(0, false, { kind: "error", text: "Failed to record answer: x" })).toBe(true);
  });
});
