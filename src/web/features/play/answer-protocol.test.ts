import { describe, expect, it } from "vitest";
import en from "../../../shared/i18n/locales/en.json" with { type: "json" };
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse, PlayQuestion, PlayState } from "../../../shared/play/play-responses.ts";
import { answerMessages } from "../../../shared/play/play-texts.ts";
import {
  answerOfDraft,
  dropOnSlot,
  dropOutside,
  emptyDraft,
  placeNext,
  swapSlots,
  takeBack,
  toggled,
  unplaced,
  withLetter,
} from "./answer-draft.ts";
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
import { parsePending } from "./pending-answer.ts";

const question = (index: number, extra: Partial<PlayQuestion> = {}): PlayQuestion => ({
  index,
  kind: "choice",
  questionText: `Q${index}`,
  options: ["a", "b", "c", "d"],
  wrongOptions: [],
  clue: null,
  picture: null,
  optionPictures: null,
  recording: null,
  optionRecordings: null,
  clueRecording: null,
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
  clueRecording: null,
  questionIndex: 0,
  next: null,
  clue: null,
  nearly: false,
  inPlace: null,
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
    expect(verdictFeedback(response({ isCorrect: true }), { selectedOption: 2 })).toEqual({
      kind: "correct",
      options: [2],
      text: "pupil.play.correct",
    });
    expect(verdictFeedback(response({ isCorrect: false }), { selectedOption: 1 })).toEqual({
      kind: "incorrect",
      options: [1],
      text: "pupil.play.incorrect",
      detail: null,
    });
    expect([en["pupil.play.correct"], en["pupil.play.incorrect"]]).toEqual(["Correct!", "Incorrect!"]);
  });

  it("a wrong answer crosses the option out and shows the clue; the question stays", () => {
    const before = state(question(0, { wrongOptions: [3] }));
    const after = stateAfterWrongAnswer(before, response({ clue: "It grows on trees." }), { selectedOption: 1 });
    expect(after.current).toEqual(question(0, { wrongOptions: [1, 3], clue: "It grows on trees." }));
    expect(selectableOption(after, 1)).toBe(false);
    expect(selectableOption(after, 0)).toBe(true);
    // The same option twice (a resend) is listed once; a game without a clue keeps none.
    expect(stateAfterWrongAnswer(after, response({ clue: null }), { selectedOption: 1 }).current).toEqual(
      after.current,
    );
    expect(stateAfterWrongAnswer(before, response({}), { selectedOption: 1 }).current?.clue).toBeNull();
  });

  it("a wrong answer's clue comes with the teacher's recording of it, kept through a resend without one", () => {
    const heard = "/api/recordings/7d1c4a52-9e0b-4f3a-8c61-2b5e9d0f1a34";
    const after = stateAfterWrongAnswer(
      state(question(0, { recording: "/api/recordings/q" })),
      response({ clue: "It grows on trees.", clueRecording: heard }),
      { selectedOption: 1 },
    );
    expect(after.current).toMatchObject({
      clue: "It grows on trees.",
      clueRecording: heard,
      recording: "/api/recordings/q",
    });
    expect(stateAfterWrongAnswer(after, response({}), { selectedOption: 2 }).current?.clueRecording).toBe(heard);
  });

  it("a wrong answer to a question the screen has left changes nothing", () => {
    const now = state(question(1));
    expect(stateAfterWrongAnswer(now, response({ questionIndex: 0 }), { selectedOption: 2 })).toBe(now);
    expect(stateAfterWrongAnswer(now, response({ isCorrect: true, questionIndex: 1 }), { selectedOption: 2 })).toBe(
      now,
    );
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
    const a = { selectedOption: 0 };
    expect(canSubmit(null, false, null)).toBe(false);
    expect(canSubmit(a, false, null)).toBe(true);
    expect(canSubmit(a, true, null)).toBe(false);
    expect(canSubmit(a, false, { kind: "correct", options: [0], text: "Correct!" })).toBe(false);
    expect(canSubmit(a, false, { kind: "offline", text: offlineText })).toBe(false);
    expect(canSubmit(a, false, { kind: "incorrect", options: [1], text: "Incorrect!", detail: null })).toBe(true);
    expect(canSubmit(a, false, { kind: "error", text: "Failed to record answer: x" })).toBe(true);
    expect(canSubmit({ typedAnswer: "bó" }, false, { kind: "nearly", text: answerMessages.nearly })).toBe(true);
  });
});

describe("the kinds of question's verdicts", () => {
  it("a typed answer right but for its fadas is 'Nearly!': no 'Incorrect!', no clue, nothing crossed out", () => {
    const typed = state(question(0, { kind: "typed", options: [] }));
    const nearly = response({ nearly: true, clue: null });
    expect(verdictFeedback(nearly, { typedAnswer: "Baile Atha Cliath" })).toEqual({
      kind: "nearly",
      text: answerMessages.nearly,
    });
    expect(en["pupil.answer.nearly"]).toBe("Nearly! Check the fada (á é í ó ú)");
    // Even were a clue sent with it, "nearly" is not a wrong try: the screen stays as it was.
    expect(stateAfterWrongAnswer(typed, { ...nearly, clue: "Dublin" }, { typedAnswer: "x" })).toBe(typed);
    // A wrong typed answer: 'Incorrect!' with the kind words and the clue; no tile to cross out.
    expect(verdictFeedback(response({}), { typedAnswer: "Corcaigh" })).toEqual({
      kind: "incorrect",
      options: [],
      text: "pupil.play.incorrect",
      detail: null,
    });
    const after = stateAfterWrongAnswer(typed, response({ clue: "The capital" }), { typedAnswer: "Corcaigh" });
    expect(after.current).toMatchObject({ wrongOptions: [], clue: "The capital" });
  });

  it("an order's wrong try says how many are in place; choose all's says 'Not all of them yet', its tiles kept", () => {
    const order = verdictFeedback(response({ inPlace: 2 }), { order: [1, 0, 2, 3] });
    expect(order).toEqual({
      kind: "incorrect",
      options: [],
      text: "pupil.play.incorrect",
      detail: answerMessages.inPlace(2, 4),
    });
    expect(verdictFeedback(response({ inPlace: 0 }), { order: [2, 0, 1] })).toMatchObject({
      detail: answerMessages.inPlace(0, 3),
    });
    expect(verdictFeedback(response({}), { selectedOptions: [0, 2] })).toEqual({
      kind: "incorrect",
      options: [0, 2],
      text: "pupil.play.incorrect",
      detail: answerMessages.notAllYet,
    });
    // Choose all's wrong try crosses nothing out (the child changes the set).
    const multi = state(question(0, { kind: "multi" }));
    expect(stateAfterWrongAnswer(multi, response({}), { selectedOptions: [0, 2] }).current?.wrongOptions).toEqual([]);
    // Right: its tiles ticked.
    expect(verdictFeedback(response({ isCorrect: true }), { selectedOptions: [1, 3] })).toMatchObject({
      kind: "correct",
      options: [1, 3],
    });
  });

  it("true or false crosses the wrong word out: its two tiles come without options", () => {
    const tf = state(question(0, { kind: "truefalse", options: [] }));
    expect(selectableOption(tf, 1)).toBe(true);
    expect(selectableOption(tf, 2)).toBe(false);
    const after = stateAfterWrongAnswer(tf, response({}), { selectedOption: 0 });
    expect(after.current?.wrongOptions).toEqual([0]);
    expect(answerOfDraft(after.current!, { ...emptyDraft(after.current!), option: 0 })).toBeNull();
    expect(answerOfDraft(after.current!, { ...emptyDraft(after.current!), option: 1 })).toEqual({ selectedOption: 1 });
  });

  it("right after a wrong try the screen saw (no tile crossed out) is not right first time", () => {
    const typed = state(question(0, { kind: "typed", options: [] }));
    const right = response({ isCorrect: true, next: question(1) });
    expect(stateAfterRightAnswer(typed, right)?.correctFirstTimeCount).toBe(1);
    expect(stateAfterRightAnswer(typed, right, true)?.correctFirstTimeCount).toBe(0);
  });
});

describe("the answer being made", () => {
  it("is ready to send once chosen, typed or every slot filled, by kind", () => {
    const choice = question(0);
    expect(answerOfDraft(choice, emptyDraft(choice))).toBeNull();
    expect(answerOfDraft(choice, { ...emptyDraft(choice), option: 3 })).toEqual({ selectedOption: 3 });
    const multi = question(0, { kind: "multi" });
    expect(answerOfDraft(multi, emptyDraft(multi))).toBeNull();
    expect(answerOfDraft(multi, { ...emptyDraft(multi), chosen: [3, 1] })).toEqual({ selectedOptions: [1, 3] });
    const typed = question(0, { kind: "typed", options: [] });
    expect(answerOfDraft(typed, { ...emptyDraft(typed), typed: "   " })).toBeNull();
    expect(answerOfDraft(typed, { ...emptyDraft(typed), typed: " bó " })).toEqual({ typedAnswer: " bó " });
    expect(answerOfDraft(typed, { ...emptyDraft(typed), typed: "a".repeat(61) })).toBeNull();
    const order = question(0, { kind: "order", options: ["c", "a", "b"] });
    expect(emptyDraft(order).slots).toEqual([null, null, null]);
    expect(answerOfDraft(order, { ...emptyDraft(order), slots: [1, null, 0] })).toBeNull();
    expect(answerOfDraft(order, { ...emptyDraft(order), slots: [1, 2, 0] })).toEqual({ order: [1, 2, 0] });
  });

  it("choose all's tiles toggle", () => {
    expect(toggled([], 2)).toEqual([2]);
    expect(toggled([2], 0)).toEqual([0, 2]);
    expect(toggled([0, 2], 2)).toEqual([0]);
  });

  it("an order: a tap fills the next slot, a tap on a placed item takes it back, a drag or a key moves it", () => {
    let slots = placeNext([null, null, null, null], 2);
    slots = placeNext(slots, 0);
    expect(slots).toEqual([2, 0, null, null]);
    expect(placeNext(slots, 2)).toBe(slots);
    expect(unplaced(slots, 4)).toEqual([1, 3]);
    // Taken back from the middle: its slot stays empty, and the next tap fills it.
    slots = takeBack(slots, 0);
    expect(slots).toEqual([null, 0, null, null]);
    expect(placeNext(slots, 3)).toEqual([3, 0, null, null]);
    // The arrow keys swap with the neighbour; nothing past the ends.
    expect(swapSlots([3, 0, 1, 2], 1, 0)).toEqual([0, 3, 1, 2]);
    expect(swapSlots([3, 0, 1, 2], 3, 4)).toEqual([3, 0, 1, 2]);
    // Dropped on a slot: from a slot, the two swap; from the items, the one there goes back.
    expect(dropOnSlot([3, 0, null, null], 0, 3)).toEqual([3, null, null, 0]);
    expect(dropOnSlot([3, 0, null, null], 1, 0)).toEqual([1, 0, null, null]);
    expect(dropOutside([3, 0, null, null], 3)).toEqual([null, 0, null, null]);
    expect(dropOutside([3, 0, null, null], 2)).toEqual([3, 0, null, null]);
  });

  it("a fada letter goes in where the caret is, in place of a selection, never past 60 characters", () => {
    expect(withLetter("Baile tha", "Á", 6, 6)).toEqual({ text: "Baile Átha", caret: 7 });
    expect(withLetter("bo", "ó", 1, 2)).toEqual({ text: "bó", caret: 2 });
    expect(withLetter("", "é", 5, 5)).toEqual({ text: "é", caret: 1 });
    expect(withLetter("a".repeat(60), "é", 60, 60)).toBeNull();
  });
});

describe("an answer kept on the device", () => {
  it("holds any kind's answer, and one kept before kinds existed still sends", () => {
    const base = { questionIndex: 2, attemptId: "0123456789abcdef" };
    expect(parsePending({ ...base, selectedOption: 1 })).toEqual({ ...base, selectedOption: 1 });
    expect(parsePending({ ...base, selectedOptions: [0, 3] })).toEqual({ ...base, selectedOptions: [0, 3] });
    expect(parsePending({ ...base, typedAnswer: "Baile Átha Cliath" })).toEqual({
      ...base,
      typedAnswer: "Baile Átha Cliath",
    });
    expect(parsePending({ ...base, order: [2, 0, 1] })).toEqual({ ...base, order: [2, 0, 1] });
  });

  it("is not an answer without exactly one answer of a known shape", () => {
    const base = { questionIndex: 2, attemptId: "0123456789abcdef" };
    expect(parsePending(base)).toBeNull();
    expect(parsePending({ ...base, selectedOption: 1, typedAnswer: "x" })).toBeNull();
    expect(parsePending({ ...base, order: ["a"] })).toBeNull();
    expect(parsePending({ ...base, typedAnswer: 7 })).toBeNull();
    expect(parsePending({ selectedOption: 1, attemptId: "x" })).toBeNull();
    expect(parsePending(null)).toBeNull();
    expect(parsePending("answer")).toBeNull();
  });
});
