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
  keepsPendingAnswer,
  RESEND_INTERVAL_MS,
  stateAfterRightAnswer,
  stateAfterWrongAnswer,
  verdictFeedback,
} from "./answer-protocol.ts";
import { clearPending, loadPending, newAttemptId, savePending } from "./pending-answer.ts";
import { type PendingAnswer, postAnswer } from "./play-api.ts";

export function useAnswerSender(progressId: string, options: { onVerdict: (result: AnswerResponse) => void }) {
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advanceTimer.current), []);
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
        const result = await postAnswer(progressId, answer);
        clearPending(progressId);
        setFeedback(verdictFeedback(result, answer.selectedOption));
        onVerdict.current(result);
        if (result.isCorrect) {
          advanceTimer.current = setTimeout(() => {
            setFeedback(null);
            // The answer brought the next question with it; only the end needs a fresh read.
            const state = queryClient.getQueryData<PlayState>(key);
            const next = state ? stateAfterRightAnswer(state, result) : null;
            if (next) queryClient.setQueryData<PlayState>(key, next);
            else void refresh();
          }, CORRECT_FEEDBACK_DELAY_MS);
        } else {
          queryClient.setQueryData<PlayState>(key, (state) =>
            state ? stateAfterWrongAnswer(state, result, answer.selectedOption) : state,
          );
        }
      } catch (error) {
        const failure = classifySendFailure(error instanceof ApiError ? error.status : 400);
        if (!keepsPendingAnswer(failure)) clearPending(progressId);
        setFeedback(failureFeedback(failure, errorMessage(error)));
        if (failure === "session-over") await refresh();
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [progressId, queryClient],
  );

  // An answer not yet acknowledged (offline, or the tab was closed) is sent again: on load,
  // when the browser comes back online, and every few seconds until it gets through.
  // (Through a ref, so that re-renders do not restart this and re-send in a tight loop.)
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    if (!progressId) return;
    const retry = () => {
      const pending = loadPending(progressId);
      if (pending) void sendRef.current(pending);
    };
    retry();
    const timer = setInterval(retry, RESEND_INTERVAL_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [progressId]);

  /** Written to the device first, then sent: a refresh or lost Wi-Fi cannot lose it. */
  const submit = useCallback(
    (questionIndex: number, selectedOption: number) => {
      const answer = { questionIndex, selectedOption, attemptId: newAttemptId() };
      savePending(progressId, answer);
      void send(answer);
    },
    [progressId, send],
  );

  /** A new choice after 'Incorrect!' or an error: the old message has served its purpose. */
  const dismiss = useCallback(
    () => setFeedback((f) => (f?.kind === "incorrect" || f?.kind === "error" ? null : f)),
    [],
  );

  return { feedback, sending, submit, dismiss };
}
