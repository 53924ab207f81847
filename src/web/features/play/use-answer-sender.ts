/**
 * Sends the pupil's answer and keeps it on the device until the server has it: sent again on
 * load, when the browser comes back online and every few seconds; 'Correct!' for 1 second
 * before the next question; 'Incorrect!' crosses the option out. The decisions are in
 * answer-protocol.ts; this hook only does the waiting and the storing.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AnswerResponse, PlayState } from "../../../shared/play/play-responses.ts";
import { CORRECT_FEEDBACK_DELAY_MS } from "../../../shared/play/progress-rules.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import {
  classifySendFailure,
  type Feedback,
  failureFeedback,
  type GivenAnswer,
  keepsPendingAnswer,
  RESEND_INTERVAL_MS,
  stateAfterRightAnswer,
  stateAfterWrongAnswer,
  verdictFeedback,
} from "./answer-protocol.ts";
import { clearPending, loadPending, newAttemptId, savePending } from "./pending-answer.ts";
import { type PendingAnswer, postAnswer } from "./play-api.ts";

/**
 * `progressId`: the play page's (its state's query key). `options.answerAs`: the child who answers,
 * on a tablet a group shares the one whose turn it is (decision 048); the page's child otherwise.
 * An answer waiting on the device is kept under the child who gave it.
 */
export function useAnswerSender(
  progressId: string,
  options: { onVerdict: (result: AnswerResponse) => void; answerAs?: string },
) {
  const answerAs = options.answerAs ?? progressId;
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advanceTimer.current), []);
  // The questions this screen saw a wrong try at ("answerAs:index"): a typed answer, an order and
  // choose all cross no tile out, yet a right answer after one is not right first time.
  const triedWrong = useRef(new Set<string>());
  const onVerdict = useRef(options.onVerdict);
  useEffect(() => {
    onVerdict.current = options.onVerdict;
  }, [options.onVerdict]);

  const send = useCallback(
    async (answer: PendingAnswer) => {
      if (sendingRef.current) return;
      sendingRef.current = true;
      setSending(true);
      const key = queryKeys.play(progressId);
      const refresh = () => queryClient.invalidateQueries({ queryKey: key });
      try {
        const result = await postAnswer(answerAs, answer);
        clearPending(answerAs);
        setFeedback(verdictFeedback(result, answer));
        onVerdict.current(result);
        const tried = `${answerAs}:${result.questionIndex}`;
        if (result.isCorrect) {
          advanceTimer.current = setTimeout(() => {
            setFeedback(null);
            // The answer brought the next question with it; only the end needs a fresh read.
            const state = queryClient.getQueryData<PlayState>(key);
            const next = state ? stateAfterRightAnswer(state, result, triedWrong.current.has(tried)) : null;
            if (next) queryClient.setQueryData<PlayState>(key, next);
            else void refresh();
          }, CORRECT_FEEDBACK_DELAY_MS);
        } else {
          if (!result.nearly) triedWrong.current.add(tried);
          queryClient.setQueryData<PlayState>(key, (state) =>
            state ? stateAfterWrongAnswer(state, result, answer) : state,
          );
        }
      } catch (error) {
        const failure = classifySendFailure(
          error instanceof ApiError ? error.status : 400,
          error instanceof ApiError ? error.code : undefined,
        );
        if (!keepsPendingAnswer(failure)) clearPending(answerAs);
        setFeedback(
          failureFeedback(
            failure,
            failure === "not-your-turn" && error instanceof Error ? error.message : errorMessage(error),
          ),
        );
        if (failure === "session-over" || failure === "not-your-turn") await refresh();
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [progressId, answerAs, queryClient],
  );

  // An answer not yet acknowledged (offline, or the tab was closed) is sent again: on load,
  // when the browser comes back online, and every few seconds until it gets through.
  // (Through a ref, so that re-renders do not restart this and re-send in a tight loop.)
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    if (!answerAs) return;
    const retry = () => {
      const pending = loadPending(answerAs);
      if (pending) void sendRef.current(pending);
    };
    retry();
    const timer = setInterval(retry, RESEND_INTERVAL_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [answerAs]);

  /** Written to the device first, then sent: a refresh or lost Wi-Fi cannot lose it. */
  const submit = useCallback(
    (questionIndex: number, given: GivenAnswer) => {
      const answer = { questionIndex, ...given, attemptId: newAttemptId() };
      savePending(answerAs, answer);
      void send(answer);
    },
    [answerAs, send],
  );

  /** A new choice (or a letter typed) after 'Incorrect!', "Nearly!" or an error: the old message has served its purpose. */
  const dismiss = useCallback(
    () => setFeedback((f) => (f?.kind === "incorrect" || f?.kind === "nearly" || f?.kind === "error" ? null : f)),
    [],
  );

  return { feedback, sending, submit, dismiss };
}
