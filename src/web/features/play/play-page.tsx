/**
 * Play (/play/{progressId}): one question at a time, as a stop on a treasure trail. 'Correct!'
 * moves on after 1 second; 'Incorrect!' crosses the option out, shows the teacher's clue and
 * the child tries again. Answers survive refreshes and lost Wi-Fi (use-answer-sender.ts); the
 * end of the session, and being taken out of it by the teacher, arrive by server push.
 */
import "../../styles/play-theme.css";
import "../../styles/pupil-screens.css";
import "../../styles/stations.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg, type Text } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";
import { useReadAloud } from "../../components/read-aloud.tsx";
import { ApiError, errorMessage, isTransient } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useSessionLanguage } from "../../lib/i18n/session-language.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useLiveEvents } from "../../lib/use-live-events.ts";
import { AnswerFeedback } from "./answer-feedback.tsx";
import { canSubmit, RESEND_INTERVAL_MS, selectableOption } from "./answer-protocol.ts";
import { AnswerTiles } from "./answer-tiles.tsx";
import { ClueTrail } from "./clue-trail.tsx";
import { CompletionScreen, RemovedScreen, SessionEndedScreen } from "./finish-screens.tsx";
import { HelpButton } from "./help-button.tsx";
import { fetchPlayState, playEventsUrl } from "./play-api.ts";
import { PlayHeader } from "./play-header.tsx";
import { QuestionHead } from "./question-head.tsx";
import { playSoundEffect } from "./sound-effects.ts";
import { FindNoticeText, type FindShown, StationSearch, useStationFinder } from "./station-search.tsx";
import { StationTrail } from "./station-trail.tsx";
import { useAnswerSender } from "./use-answer-sender.ts";

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
  const key = useMemo(() => queryKeys.play(progressId), [progressId]);
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
  const finder = useStationFinder(progressId);
  const { setShown: showFind } = finder;
  const sounds = play.data?.soundEffects === true;
  const onVerdict = useCallback(
    (result: AnswerResponse) => {
      setSelected(null);
      showFind(null);
      // The next question's pictures (its own and its options') start loading during the second of
      // 'Correct!', into the browser's cache (they are served as never changing), so the next screen is instant.
      for (const picture of [result.next?.picture, ...(result.next?.optionPictures ?? [])])
        if (picture) new Image().src = picture.src;
      if (sounds) playSoundEffect(result.completed ? "finished" : result.isCorrect ? "correct" : "incorrect");
    },
    [sounds, showFind],
  );
  const { feedback, sending, submit, dismiss } = useAnswerSender(progressId, { onVerdict });

  // A card's address (/s/:token) made a find for this device before coming here: say what it was. Or the
  // card was opened before this device joined: the join page came on here with its token, to find it now.
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = location.state as { stationFind?: FindShown; stationToken?: string } | null;
  const { find: findStation } = finder;
  useEffect(() => {
    if (!arrived?.stationFind && !arrived?.stationToken) return;
    if (arrived.stationFind) showFind(arrived.stationFind);
    if (arrived.stationToken) void findStation({ token: arrived.stationToken });
    void navigate(location.pathname, { replace: true, state: null });
  }, [arrived, showFind, findStation, navigate, location.pathname]);

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
  const hunt = play.data?.hunt ?? null;
  // Around the room, between stations: the station to find (its question not sent yet).
  const searching = hunt && !play.data?.current ? (hunt.next?.questionIndex ?? null) : null;
  const stationHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (searching !== null) stationHeadingRef.current?.focus();
  }, [searching]);
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
        {state.hunt ? (
          <StationTrail hunt={state.hunt} />
        ) : (
          <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={null} />
        )}
        {state.completed ? <CompletionScreen state={state} /> : <SessionEndedScreen state={state} />}
      </main>
    );
  }
  if (state.hunt && !state.current && state.hunt.next) {
    return (
      <main className="page play pupil-screen station-screen">
        <PlayHeader state={state} />
        <StationTrail hunt={state.hunt} />
        {/* Keyed by the station: a new one to look for starts with an empty word box. */}
        <StationSearch
          key={state.hunt.next.questionIndex}
          next={state.hunt.next}
          lang={LANGUAGE_LOCALES[language]}
          finder={finder}
          headingRef={stationHeadingRef}
        />
        <div className="play-buttons station-help">
          <HelpButton progressId={progressId} requested={state.helpRequested} onChanged={refresh} />
        </div>
      </main>
    );
  }
  if (!state.current) return <Message text="pupil.play.noQuestion" error />;
  const q = state.current;
  // Around the room, the open question is the station just found (the next on the route).
  const station = state.hunt?.next?.questionIndex === q.index ? state.hunt.next : null;
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
      {state.hunt ? (
        <StationTrail hunt={state.hunt} />
      ) : (
        <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={q.index} />
      )}
      <FindNoticeLine shown={finder.shown} lang={textLang} />
      <form className="question-card" onSubmit={onSubmit} aria-labelledby="question-heading">
        <QuestionHead
          question={q}
          questionCount={state.questionCount}
          textLang={textLang}
          speech={speech}
          headingRef={headingRef}
          station={station}
          position={state.hunt ? state.completedQuestionsCount + 1 : q.index + 1}
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

/** On the question's screen, around the room: what a find just said ("You found station 3!", or another card scanned meanwhile). */
function FindNoticeLine({ shown, lang }: { shown: FindShown | null; lang: string }) {
  return (
    <div className="station-notice-slot" aria-live="polite">
      {shown ? (
        <p className={`station-notice notice-${shown.tone}`}>
          <FindNoticeText shown={shown} lang={lang} />
        </p>
      ) : null}
    </div>
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
