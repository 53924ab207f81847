/**
 * The decisions of sending an answer, as pure functions (unit-tested in node): what a failed
 * send means for the answer kept on the device, what the pupil is told, and how the play
 * state changes after the server's verdict, for every kind of question (decision 050).
 * use-answer-sender.ts does the sending.
 */
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import type { AnswerInput, AnswerResponse, PlayQuestion, PlayState } from "../../../shared/play/play-responses.ts";
import { answerMessages, playMessages } from "../../../shared/play/play-texts.ts";

/** How often an answer the server has not acknowledged is sent again, and the play state re-read. */
export const RESEND_INTERVAL_MS = 3000;

/**
 * The answer of an AnswerInput, without its question and attempt: exactly one of the four, by the
 * question's kind. An answer kept on a device before kinds existed has `selectedOption` only.
 */
export type GivenAnswer = Pick<AnswerInput, "selectedOption" | "selectedOptions" | "typedAnswer" | "order">;

/**
 * What the pupil is told. `options`: the tiles the answer chose (four options, true or false,
 * choose all), ticked on 'Correct!'; empty for a typed answer and an order. `detail`: a wrong
 * try's words instead of the kind ones (an order's "2 of the 4 are in the right place", choose
 * all's "Not all of them yet"). "nearly": a typed answer right but for its fadas, not a wrong try.
 */
export type Feedback =
  | { kind: "correct"; options: number[]; text: string }
  | { kind: "incorrect"; options: number[]; text: string; detail: string | null }
  | { kind: "nearly"; text: string }
  | { kind: "offline"; text: string }
  | { kind: "error"; text: string };

/** Catalogue keys: the page shows `t(feedback.text)`. */
export const offlineText = "pupil.play.offline";
export const serverBusyText = "pupil.play.serverBusy";

/**
 * What a failed send means, from the HTTP status (0: no network at all; 504: our own timeout).
 * - offline / server-busy: not the pupil's fault and not final: keep the answer, its attempt
 *   id makes resending safe;
 * - session-over (410): the answer can never count: forget it and re-read the state, which
 *   shows the session has ended;
 * - not-your-turn (409 `not_your_turn`, a tablet a group shares): another child's turn came
 *   meanwhile: forget it, say whose turn it is (the server's words) and re-read the state;
 * - rejected: the server said no to this answer (out of order, bad input): forget it, say why.
 */
export type SendFailure = "offline" | "server-busy" | "session-over" | "not-your-turn" | "rejected";

export function classifySendFailure(status: number, code?: string): SendFailure {
  if (code === "not_your_turn") return "not-your-turn";
  if (status === 0 || status === 504) return "offline";
  if (status >= 500) return "server-busy";
  if (status === 410) return "session-over";
  return "rejected";
}

export const keepsPendingAnswer = (failure: SendFailure) => failure === "offline" || failure === "server-busy";

/** `reason`: the server's message (for not-your-turn, as it came: the page translates it). */
export function failureFeedback(failure: SendFailure, reason: string): Feedback | null {
  switch (failure) {
    case "offline":
      return { kind: "offline", text: offlineText };
    case "server-busy":
      return { kind: "offline", text: serverBusyText };
    case "session-over":
      return null;
    case "not-your-turn":
      return { kind: "error", text: reason };
    case "rejected":
      return { kind: "error", text: messageText(msg("pupil.play.recordFailed", { reason })) };
  }
}

/** The tiles an answer chose: its one option, or choose all's options; none for a typed answer or an order. */
export const chosenTiles = (answer: GivenAnswer): number[] =>
  answer.selectedOptions ?? (answer.selectedOption === undefined ? [] : [answer.selectedOption]);

export function verdictFeedback(result: AnswerResponse, answer: GivenAnswer): Feedback {
  const options = chosenTiles(answer);
  if (result.isCorrect) return { kind: "correct", options, text: playMessages.correct };
  if (result.nearly) return { kind: "nearly", text: answerMessages.nearly };
  const detail =
    answer.order && typeof result.inPlace === "number"
      ? answerMessages.inPlace(result.inPlace, answer.order.length)
      : answer.selectedOptions
        ? answerMessages.notAllYet
        : null;
  return { kind: "incorrect", options, text: playMessages.incorrect, detail };
}

/**
 * After a wrong answer the question stays, with the clue (if the teacher wrote one) shown, and a
 * wrong option (four options, true or false) crossed out: what a re-read of the state would also
 * say, without the round trip. "Nearly" is not a wrong try: nothing changes.
 */
export function stateAfterWrongAnswer(state: PlayState, result: AnswerResponse, answer: GivenAnswer): PlayState {
  const current = state.current;
  if (result.isCorrect || result.nearly || !current || current.index !== result.questionIndex) return state;
  const option = answer.selectedOption;
  const wrongOptions =
    option === undefined || current.wrongOptions.includes(option)
      ? current.wrongOptions
      : [...current.wrongOptions, option].sort((a, b) => a - b);
  // The clue and its recording come together: the answer's, else those already shown.
  const clue = result.clue ? { clue: result.clue, clueRecording: result.clueRecording } : {};
  return { ...state, current: { ...current, wrongOptions, ...clue } };
}

/**
 * After a right answer (once the 1 s of 'Correct!' is over): the next question it brought,
 * or null when only a fresh read of the state can say what comes next (the end of the game,
 * or an answer to a question the screen had already left). `triedBefore`: this screen saw a
 * wrong try at the question (a typed answer, an order and choose all cross nothing out).
 */
export function stateAfterRightAnswer(state: PlayState, result: AnswerResponse, triedBefore = false): PlayState | null {
  if (!result.isCorrect || result.completed || !result.next || state.current?.index !== result.questionIndex)
    return null;
  const firstTime = state.current.wrongOptions.length === 0 && !triedBefore;
  return {
    ...state,
    current: result.next,
    completedQuestionsCount: state.completedQuestionsCount + 1,
    correctFirstTimeCount: state.correctFirstTimeCount + (firstTime ? 1 : 0),
  };
}

/** How many tiles a question has: true or false's two (sent without options), else its options. */
export const tileCount = (q: Pick<PlayQuestion, "kind" | "options">) => (q.kind === "truefalse" ? 2 : q.options.length);

/** Options the pupil may still choose: not one already found wrong. */
export const selectableOption = (state: Pick<PlayState, "current">, option: number) =>
  Boolean(
    state.current && option >= 0 && option < tileCount(state.current) && !state.current.wrongOptions.includes(option),
  );

/** Whether Submit may send now: an answer made, nothing in flight, not during 'Correct!' or while offline with an answer waiting. */
export function canSubmit(answer: GivenAnswer | null, sending: boolean, feedback: Feedback | null): boolean {
  return answer !== null && !sending && feedback?.kind !== "correct" && feedback?.kind !== "offline";
}
