/**
 * The decisions of sending an answer, as pure functions (unit-tested in node): what a failed
 * send means for the answer kept on the device, what the pupil is told, and how the play
 * state changes after the server's verdict. use-answer-sender.ts does the sending.
 */
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse, PlayState } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";

/** How often an answer the server has not acknowledged is sent again, and the play state re-read. */
export const RESEND_INTERVAL_MS = 3000;

export type Feedback =
  | { kind: "correct"; option: number; text: string }
  | { kind: "incorrect"; option: number; text: string }
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

export function verdictFeedback(result: AnswerResponse, option: number): Feedback {
  return result.isCorrect
    ? { kind: "correct", option, text: playMessages.correct }
    : { kind: "incorrect", option, text: playMessages.incorrect };
}

/**
 * After a wrong answer the question stays, with that option crossed out and the clue (if the
 * teacher wrote one) shown: what a re-read of the state would also say, without the round trip.
 */
export function stateAfterWrongAnswer(state: PlayState, result: AnswerResponse, option: number): PlayState {
  const current = state.current;
  if (result.isCorrect || !current || current.index !== result.questionIndex) return state;
  const wrongOptions = current.wrongOptions.includes(option)
    ? current.wrongOptions
    : [...current.wrongOptions, option].sort((a, b) => a - b);
  return { ...state, current: { ...current, wrongOptions, clue: result.clue ?? current.clue } };
}

/**
 * After a right answer (once the 1 s of 'Correct!' is over): the next question it brought,
 * or null when only a fresh read of the state can say what comes next (the end of the game,
 * or an answer to a question the screen had already left).
 */
export function stateAfterRightAnswer(state: PlayState, result: AnswerResponse): PlayState | null {
  if (!result.isCorrect || result.completed || !result.next || state.current?.index !== result.questionIndex)
    return null;
  const firstTime = state.current.wrongOptions.length === 0;
  return {
    ...state,
    current: result.next,
    completedQuestionsCount: state.completedQuestionsCount + 1,
    correctFirstTimeCount: state.correctFirstTimeCount + (firstTime ? 1 : 0),
  };
}

/** Options the pupil may still choose: not one already found wrong. */
export const selectableOption = (state: Pick<PlayState, "current">, option: number) =>
  Boolean(
    state.current &&
      option >= 0 &&
      option < state.current.options.length &&
      !state.current.wrongOptions.includes(option),
  );

/** Whether Submit may send now: a choice made, nothing in flight, not during 'Correct!' or while offline with an answer waiting. */
export function canSubmit(selected: number | null, sending: boolean, feedback: Feedback | null): boolean {
  return selected !== null && !sending && feedback?.kind !== "correct" && feedback?.kind !== "offline";
}
