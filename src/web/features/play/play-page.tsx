/**
 * Play (/play/{progressId}): one question at a time, as a stop on a treasure trail. 'Correct!'
 * moves on after 1 second; 'Incorrect!' crosses the option out, shows the teacher's clue and
 * the child tries again. Answers survive refreshes and lost Wi-Fi (use-answer-sender.ts); the
 * end of the session, and being taken out of it by the teacher, arrive by server push.
 * On a tablet a group shares (decision 048) the page is any of its children's: the state is the
 * turn's child's, who answers, finds and asks for help under their own id; between turns the
 * hand-over (tablet-view.ts decides, tablet-screens.tsx draws); a child taken out passes the page
 * on to the next child still playing.
 */
import "../../styles/pupil-screens.css";
import "../../styles/play-screens.css";
import "../../styles/stations.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg, type Text } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse, PlayState, TabletPlayer } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";
import { TABLET_MAX_PLAYERS } from "../../../shared/play/tablet-turns.ts";
import { useReadAloud } from "../../components/read-aloud.tsx";
import { ApiError, errorMessage, isTransient } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useSessionLanguage } from "../../lib/i18n/session-language.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { forgetPlayer, otherPlayersAfter, rememberedTabletOf, rememberTabletPlayers } from "../../lib/tablet-memory.ts";
import { useLiveEvents } from "../../lib/use-live-events.ts";
import { AnswerArea, submitLabel, useAnswerDraft } from "./answer-area.tsx";
import { answerOfDraft } from "./answer-draft.ts";
import { AnswerFeedback } from "./answer-feedback.tsx";
import { canSubmit, RESEND_INTERVAL_MS } from "./answer-protocol.ts";
import { ClueTrail } from "./clue-trail.tsx";
import { CompletionScreen, RemovedScreen, SessionEndedScreen } from "./finish-screens.tsx";
import { HelpButton } from "./help-button.tsx";
import { loadPending } from "./pending-answer.ts";
import { fetchPlayState, playEventsUrl } from "./play-api.ts";
import { PlayHeader } from "./play-header.tsx";
import { QuestionHead } from "./question-head.tsx";
import { playSoundEffect } from "./sound-effects.ts";
import { FindNoticeText, type FindShown, StationSearch, useStationFinder } from "./station-search.tsx";
import { StationTrail } from "./station-trail.tsx";
import { HandOverCard, TurnBanner } from "./tablet-screens.tsx";
import {
  markOf,
  nextAfterRightAnswer,
  sharedTablet,
  type TabletView,
  type TurnMark,
  tabletView,
} from "./tablet-view.ts";
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
  // On a tablet, the page goes on to the next child still playing on it, if any.
  const passingOn = usePassOnAfterRemoval(progressId, removed);
  useLiveEvents(progressId && !removed ? playEventsUrl(progressId) : null, (message) => {
    if (
      message.type === "session-ended" ||
      message.type === "pupil-removed" ||
      message.type === "open" ||
      message.type === "resync"
    )
      void refresh();
  });

  // On a tablet the child whose turn it is answers, finds and asks for help (their own id); alone, the page's child.
  const answerAs = play.data?.progressId ?? progressId;
  // What this screen saw of the tablet's turns (tablet-view.ts): who just answered right, who pressed their name.
  const [handOverFrom, setHandOverFrom] = useState<TabletPlayer | null>(null);
  const [started, setStarted] = useState<TurnMark | null>(null);
  // The answer being made, per child and question: a new question, or another child's turn, starts empty.
  const {
    draft,
    update: updateDraft,
    clear: clearDraft,
  } = useAnswerDraft(`${play.data?.progressId ?? ""}:${play.data?.current?.index ?? -1}`, play.data?.current ?? null);
  const typedRef = useRef<HTMLInputElement>(null);
  const finder = useStationFinder(progressId, answerAs);
  const { setShown: showFind } = finder;
  const sounds = play.data?.soundEffects === true;
  const onVerdict = useCallback(
    (result: AnswerResponse) => {
      showFind(null);
      // A right answer on a tablet: the tablet goes to the next child (a hand-over), or stays with
      // a child catching up alone. The state as it was before the answer says who answered.
      const before = queryClient.getQueryData<PlayState>(key);
      const tablet = before ? sharedTablet(before) : null;
      const answerer = tablet?.players.find((p) => p.progressId === before?.progressId);
      if (result.isCorrect && before && tablet && answerer) {
        const next = nextAfterRightAnswer(tablet, answerer.progressId, before.questionCount);
        if (next?.progressId === answerer.progressId) {
          setStarted({ progressId: answerer.progressId, count: answerer.completedQuestionsCount + 1 });
          setHandOverFrom(null);
        } else setHandOverFrom(answerer);
      }
      // The next question's pictures (its own and its options') start loading during the second of
      // 'Correct!', into the browser's cache (they are served as never changing), so the next screen is instant.
      for (const picture of [result.next?.picture, ...(result.next?.optionPictures ?? [])])
        if (picture) new Image().src = picture.src;
      if (sounds) playSoundEffect(result.completed ? "finished" : result.isCorrect ? "correct" : "incorrect");
    },
    [sounds, showFind, queryClient, key],
  );
  const { feedback, sending, submit, dismiss } = useAnswerSender(progressId, { onVerdict, answerAs });

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
  // give it back to the question (after 'Incorrect!', to try again), or to the answer box.
  useEffect(() => {
    if (!sending && (document.activeElement === document.body || document.activeElement === null))
      (typedRef.current ?? headingRef.current)?.focus();
  }, [sending, feedback]);
  // A child pressed their name: their question (or the station to find) takes the focus from the button that is gone.
  const [turnsStarted, setTurnsStarted] = useState(0);
  useEffect(() => {
    if (turnsStarted > 0) (headingRef.current ?? stationHeadingRef.current)?.focus();
  }, [turnsStarted]);

  // The tablet's children as the server names them: kept on the device for "Add a player" and for a child taken out.
  const tabletPlayers = play.data?.tablet?.players;
  useEffect(() => {
    if (tabletPlayers) rememberTabletPlayers(progressId, tabletPlayers);
  }, [progressId, tabletPlayers]);

  // Which screen a tablet shows (tablet-view.ts); a child alone: "alone".
  const view: TabletView = play.data
    ? tabletView(play.data, {
        handOverFrom,
        started,
        celebrating: feedback?.kind === "correct",
        // Tries on this question already (a wrong option crossed out, a clue shown after any wrong try, or an
        // answer waiting to be sent): a refresh resumes the turn.
        midTurn:
          Boolean(play.data.current?.wrongOptions.length) ||
          Boolean(play.data.current?.clue) ||
          loadPending(play.data.progressId) !== null,
      })
    : { kind: "alone" };
  // Between turns nothing of the last question is shown, nor read on aloud.
  const betweenTurns = view.kind === "hand-over" || view.kind === "gate";
  useEffect(() => {
    if (betweenTurns) stopSpeech();
  }, [betweenTurns, stopSpeech]);

  if (!progressId) return <Message text="pupil.play.progressMissing" error />;
  if (play.isPending) return <Message text="common.loading" />;
  if (removed) return passingOn ? <Message text="common.loading" /> : <RemovedScreen />;
  if (play.isError) return <Message text={loadErrorText(play.error)} error />;
  const state = play.data;
  const shared = view.kind !== "alone";
  const trail = state.hunt ? (
    <StationTrail hunt={state.hunt} />
  ) : (
    <ClueTrail
      total={state.questionCount}
      done={state.completedQuestionsCount}
      current={state.completed || !state.sessionActive ? null : (state.current?.index ?? null)}
    />
  );

  if (!state.sessionActive || view.kind === "all-done" || (!shared && state.completed)) {
    return (
      <main className="page play pupil-screen">
        <PlayHeader state={state} shared={shared} />
        {state.hunt ? (
          <StationTrail hunt={state.hunt} />
        ) : (
          <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={null} />
        )}
        {!state.sessionActive ? (
          <SessionEndedScreen state={state} />
        ) : (
          <CompletionScreen state={state} players={view.kind === "all-done" ? view.players : null} />
        )}
      </main>
    );
  }

  if (view.kind === "hand-over" || view.kind === "gate") {
    const to = view.to;
    const remembered = rememberedTabletOf(progressId);
    const canAdd = remembered !== null && (state.tablet?.players.length ?? 0) < TABLET_MAX_PLAYERS;
    return (
      <main className="page play pupil-screen tablet-between">
        <PlayHeader state={state} shared />
        {trail}
        <HandOverCard
          from={view.kind === "hand-over" ? view.from : null}
          to={to}
          ready={view.kind === "gate" || view.ready}
          onStart={() => {
            if (!to) return;
            stopSpeech();
            clearDraft();
            showFind(null);
            dismiss();
            setStarted(markOf(to));
            setHandOverFrom(null);
            setTurnsStarted((n) => n + 1);
          }}
          onAddPlayer={canAdd ? () => void navigate("/join", { state: { addPlayerTo: progressId } }) : null}
          notice={feedback?.kind === "error" ? feedback.text : null}
        />
      </main>
    );
  }
  const banner = view.kind === "turn" ? <TurnBanner player={view.player} /> : null;

  if (state.hunt && !state.current && state.hunt.next) {
    return (
      <main className="page play pupil-screen station-screen">
        <PlayHeader state={state} shared={shared} />
        <StationTrail hunt={state.hunt} />
        {banner}
        {/* Keyed by the station: a new one to look for starts with an empty word box. */}
        <StationSearch
          key={state.hunt.next.questionIndex}
          next={state.hunt.next}
          lang={LANGUAGE_LOCALES[language]}
          finder={finder}
          headingRef={stationHeadingRef}
        />
        <div className="play-buttons station-help">
          <HelpButton progressId={answerAs} requested={state.helpRequested} onChanged={refresh} />
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
  const answer = draft ? answerOfDraft(q, draft) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer === null || !canSubmit(answer, sending, feedback)) return;
    submit(q.index, answer);
  };

  return (
    <main className="page play pupil-screen">
      <PlayHeader state={state} shared={shared} />
      {trail}
      {banner}
      <FindNoticeLine shown={finder.shown} lang={textLang} />
      <form className="question-card" onSubmit={onSubmit} aria-labelledby="question-heading">
        <QuestionHead
          question={q}
          questionCount={state.questionCount}
          language={language}
          textLang={textLang}
          speech={speech}
          headingRef={headingRef}
          station={station}
          position={state.hunt ? state.completedQuestionsCount + 1 : q.index + 1}
        />
        {draft ? (
          <AnswerArea
            question={q}
            draft={draft}
            update={updateDraft}
            onChanged={dismiss}
            locked={locked}
            feedback={feedback}
            language={language}
            textLang={textLang}
            speech={speech}
            typedRef={typedRef}
          />
        ) : null}
        <div className="play-actions">
          <AnswerFeedback feedback={feedback} />
          <div className="play-buttons">
            <button
              type="submit"
              className="button button-play submit-answer"
              disabled={!canSubmit(answer, sending, feedback)}
            >
              {sending ? t("pupil.play.submitting") : t(submitLabel(q.kind))}
            </button>
            <HelpButton progressId={answerAs} requested={state.helpRequested} onChanged={refresh} />
          </div>
        </div>
      </form>
    </main>
  );
}

/**
 * The page's child was taken out by the teacher: on a tablet, on to the next child still playing
 * on it (the children last seen there, each asked in turn order); true while that is being found.
 * False when there is nobody to go on to: the page says the child was taken out.
 */
function usePassOnAfterRemoval(progressId: string, removed: boolean): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [exhausted, setExhausted] = useState<string | null>(null);
  const others = removed ? otherPlayersAfter(progressId).join(" ") : "";
  useEffect(() => {
    if (!removed) return;
    forgetPlayer(progressId);
    if (!others) return;
    let cancelled = false;
    void (async () => {
      for (const id of others.split(" ")) {
        try {
          const state = await fetchPlayState(id);
          if (cancelled) return;
          queryClient.setQueryData(queryKeys.play(id), state);
          void navigate(`/play/${encodeURIComponent(id)}`, { replace: true });
          return;
        } catch {
          // Taken out too, or not reachable: the next one.
        }
      }
      if (!cancelled) setExhausted(progressId);
    })();
    return () => {
      cancelled = true;
    };
  }, [removed, others, progressId, navigate, queryClient]);
  return removed && others !== "" && exhausted !== progressId;
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
