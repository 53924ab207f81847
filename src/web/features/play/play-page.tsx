/**
 * Play (/play/{progressId}): one question at a time, as a stop on a treasure trail. 'Correct!'
 * moves on after 1 second; 'Incorrect!' crosses the option out, shows the teacher's clue and
 * the child tries again. Answers survive refreshes and lost Wi-Fi (use-answer-sender.ts); the
 * end of the session, and being taken out of it by the teacher, arrive by server push.
 */
import "../../styles/play-theme.css";
import "../../styles/pupil-screens.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { playMessages } from "../../../shared/play/play-texts.ts";
import type { AnswerResponse } from "../../../shared/play/play-responses.ts";
import { ApiError, errorMessage, isTransient } from "../../lib/api-client.ts";
import { useLiveEvents } from "../../lib/use-live-events.ts";
import { canSubmit, RESEND_INTERVAL_MS, selectableOption } from "./answer-protocol.ts";
import { AnswerFeedback } from "./answer-feedback.tsx";
import { AnswerTiles } from "./answer-tiles.tsx";
import { ClueTrail } from "./clue-trail.tsx";
import { CompletionScreen, RemovedScreen, SessionEndedScreen } from "./finish-screens.tsx";
import { HelpButton } from "./help-button.tsx";
import { fetchPlayState, playEventsUrl, playQueryKey } from "./play-api.ts";
import { PlayHeader } from "./play-header.tsx";
import { QuestionHead } from "./question-head.tsx";
import { useReadAloud } from "./read-aloud.tsx";
import { playSoundEffect } from "./sound-effects.ts";
import { useAnswerSender } from "./use-answer-sender.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg, type Text } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useSessionLanguage } from "../../lib/i18n/session-language.ts";

function loadErrorText(error: unknown): Text {
  if (error instanceof ApiError) {
    if (error.status === 403) return playMessages.notYourProgress;
    if (error.status === 401) return "common.error.notSignedIn";
    if (error.status === 404) return "pupil.play.fetchFailed";
  }
  return msg("pupil.play.fetchFailedWith", { reason: errorMessage(error) });
}

export default function PlayPage() {
  const { progressId = "" } = useParams();
  const queryClient = useQueryClient();
  const t = useT();
  const key = useMemo(() => playQueryKey(progressId), [progressId]);
  // Offline, or the server or its database restarting (5xx): keep trying, as answers do.
  // A question fetched just before the page drew (app-routes.tsx, beforeFirstPaint) is not asked for again as it mounts.
  const play = useQuery({
    queryKey: key,
    queryFn: () => fetchPlayState(progressId),
    enabled: Boolean(progressId),
    staleTime: 2000,
    retry: (n, e) => isTransient(e) && n < 50,
    retryDelay: RESEND_INTERVAL_MS,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
  // Taken out of the game by the teacher: nothing more to listen for (the channel would be refused).
  const removed = play.error instanceof ApiError && play.error.code === "pupil_removed";
  useLiveEvents(progressId && !removed ? playEventsUrl(progressId) : null, (message) => {
    if (
      message.type === "session-ended" ||
      message.type === "pupil-removed" ||
      message.type === "open" ||
      message.type === "resync"
    )
      void refresh();
  });

  const [selected, setSelected] = useState<number | null>(null);
  const sounds = play.data?.soundEffects === true;
  const onVerdict = useCallback(
    (result: AnswerResponse) => {
      setSelected(null);
      // The next question's picture starts loading during the second of 'Correct!'.
      if (result.next?.picture) new Image().src = result.next.picture.src;
      if (sounds) playSoundEffect(result.completed ? "finished" : result.isCorrect ? "correct" : "incorrect");
    },
    [sounds],
  );
  const { feedback, sending, submit, dismiss } = useAnswerSender(progressId, { onVerdict });

  // The pupils' language the teacher chose (after a refresh too, unless the child switched here).
  const followSession = useSessionLanguage();
  const pupilLanguage = play.data?.pupilLanguage;
  useEffect(() => {
    if (pupilLanguage) void followSession(pupilLanguage);
  }, [pupilLanguage, followSession]);
  const language = play.data?.questionLanguage ?? "en";
  const speech = useReadAloud(language);
  const { stop: stopSpeech } = speech;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionIndex = play.data?.current?.index ?? null;
  // A new question: stop reading the old one aloud, and move the focus to the new question
  // (the answer tiles it had are gone) so keyboard and screen-reader users follow along.
  useEffect(() => {
    stopSpeech();
    if (questionIndex !== null) headingRef.current?.focus();
  }, [questionIndex, stopSpeech]);
  // While an answer is sent its tiles are disabled, which drops the focus to the page:
  // give it back to the question (after 'Incorrect!', to try again).
  useEffect(() => {
    if (!sending && (document.activeElement === document.body || document.activeElement === null))
      headingRef.current?.focus();
  }, [sending, feedback]);

  if (!progressId) return <Message text="pupil.play.progressMissing" error />;
  if (play.isPending) return <Message text="common.loading" />;
  if (removed) return <RemovedScreen />;
  if (play.isError) return <Message text={loadErrorText(play.error)} error />;
  const state = play.data;

  if (state.completed || !state.sessionActive) {
    return (
      <main className="page play pupil-screen">
        <PlayHeader state={state} />
        <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={null} />
        {state.completed ? <CompletionScreen state={state} /> : <SessionEndedScreen state={state} />}
      </main>
    );
  }
  if (!state.current) return <Message text="pupil.play.noQuestion" error />;
  const q = state.current;
  const locked = sending || feedback?.kind === "correct" || feedback?.kind === "offline";
  // The questions are marked with their language, so screen readers and read-aloud pronounce
  // Irish questions in an English page as Irish (and the reverse).
  const textLang = LANGUAGE_LOCALES[language];
  const choice = selected !== null && selectableOption(state, selected) ? selected : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null || !canSubmit(choice, sending, feedback)) return;
    submit(q.index, choice);
  };

  return (
    <main className="page play pupil-screen">
      <PlayHeader state={state} />
      <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={q.index} />
      <form className="question-card" onSubmit={onSubmit} aria-labelledby="question-heading">
        <QuestionHead
          question={q}
          questionCount={state.questionCount}
          textLang={textLang}
          speech={speech}
          headingRef={headingRef}
        />
        <AnswerTiles
          question={q}
          selected={choice}
          locked={locked}
          feedback={feedback}
          textLang={textLang}
          speech={speech}
          onSelect={(option) => {
            setSelected(option);
            dismiss();
          }}
        />
        <div className="play-actions">
          <AnswerFeedback feedback={feedback} />
          <div className="play-buttons">
            <button
              type="submit"
              className="button button-play submit-answer"
              disabled={!canSubmit(choice, sending, feedback)}
            >
              {sending ? t("pupil.play.submitting") : t("pupil.play.submit")}
            </button>
            <HelpButton progressId={progressId} requested={state.helpRequested} onChanged={refresh} />
          </div>
        </div>
      </form>
    </main>
  );
}

function Message({ text, error = false }: { text: Text; error?: boolean }) {
  const t = useT();
  return (
    <main className="page play pupil-screen pupil-message">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role={error ? "alert" : "status"} className={error ? "error" : undefined}>
        {t(text)}
      </p>
      {error ? (
        <p>
          <Link to="/join">{t("pupil.play.joinAGame")}</Link>
        </p>
      ) : null}
    </main>
  );
}
