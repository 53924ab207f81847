/**
 * Play (/play/{progressId}): one question at a time; 'Correct!' moves on after 1 second,
 * 'Incorrect!' clears the choice to try again. Answers survive refreshes and lost Wi-Fi;
 * the end of the session arrives by server push.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { CORRECT_FEEDBACK_DELAY_MS, playMessages } from "../../../shared/progress-rules.ts";
import type { PlayState } from "../../../shared/sessions.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { ApiError, errorMessage, isTransient } from "../../lib/api-client.ts";
import { useLiveEvents } from "../../lib/use-live-events.ts";
import { clearPending, loadPending, newAttemptId, savePending } from "./pending-answer.ts";
import { fetchPlayState, playEventsUrl, playQueryKey, postAnswer, postHelp, type PendingAnswer } from "./play-api.ts";
import { ReadAloudButton, useReadAloud } from "./read-aloud.tsx";
import { speechLanguageFor } from "./voice-choice.ts";

const RETRY_MS = 3000;
const LETTERS = ["A", "B", "C", "D"];

/** A message that replaces the question (the end, the session over) takes the focus, so it is read out. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

type Feedback = { kind: "correct" | "incorrect" | "offline" | "error"; text: string } | null;

function loadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return playMessages.notYourProgress;
    if (error.status === 401) return "User not authenticated.";
    if (error.status === 404) return "Failed to fetch progress data.";
  }
  return `Failed to fetch progress data. ${errorMessage(error)}`;
}

export default function PlayPage() {
  const { progressId = "" } = useParams();
  const queryClient = useQueryClient();
  const key = useMemo(() => playQueryKey(progressId), [progressId]);
  // Offline, or the server or its database restarting (5xx): keep trying, as answers do.
  const play = useQuery({ queryKey: key, queryFn: () => fetchPlayState(progressId), enabled: Boolean(progressId), retry: (n, e) => isTransient(e) && n < 50, retryDelay: RETRY_MS });
  const [selected, setSelected] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);

  useLiveEvents(progressId ? playEventsUrl(progressId) : null, (message) => {
    if (message.type === "session-ended" || message.type === "open" || message.type === "resync") void refresh();
  });

  const send = useCallback(
    async (answer: PendingAnswer) => {
      if (sendingRef.current) return;
      sendingRef.current = true;
      setSending(true);
      try {
        const result = await postAnswer(progressId, answer);
        clearPending(progressId);
        setSelected(null);
        if (result.isCorrect) {
          setFeedback({ kind: "correct", text: playMessages.correct });
          advanceTimer.current = setTimeout(() => {
            setFeedback(null);
            // The answer brought the next question with it; only the end needs a fresh read.
            if (result.next && !result.completed) {
              queryClient.setQueryData<PlayState>(key, (state) =>
                state ? { ...state, current: result.next, completedQuestionsCount: state.completedQuestionsCount + 1 } : state,
              );
            } else void refresh();
          }, CORRECT_FEEDBACK_DELAY_MS);
        } else {
          setFeedback({ kind: "incorrect", text: playMessages.incorrect });
        }
      } catch (error) {
        if (error instanceof ApiError && (error.status === 0 || error.status === 504)) {
          setFeedback({ kind: "offline", text: "No connection. Your answer is saved on this device and will be sent when the connection is back." });
        } else if (error instanceof ApiError && error.status >= 500) {
          // The server is restarting (a proxy's 502) or its database is (our 503): not the
          // pupil's fault and not final. Keep the answer; its attempt id makes resending safe.
          setFeedback({ kind: "offline", text: "The server is not answering just now. Your answer is saved on this device and will be sent again in a moment." });
        } else {
          clearPending(progressId);
          if (error instanceof ApiError && error.status === 410) await refresh();
          else setFeedback({ kind: "error", text: `Failed to record answer: ${errorMessage(error)}` });
        }
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [progressId, refresh, queryClient, key],
  );

  // An answer not yet acknowledged (offline, or the tab was closed) is sent again: on
  // load, when the browser comes back online, and every few seconds until it gets through.
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
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [progressId]);

  const language = speechLanguageFor(play.data?.gameSubject);
  const speech = useReadAloud(language);
  const { stop: stopSpeech } = speech;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionIndex = play.data?.current?.index ?? null;
  // A new question: stop reading the old one aloud, and move the focus to the new question
  // (the answer buttons it had are gone) so keyboard and screen-reader users follow along.
  useEffect(() => {
    stopSpeech();
    if (questionIndex !== null) headingRef.current?.focus();
  }, [questionIndex, stopSpeech]);
  // While an answer is sent its buttons are disabled, which drops the focus to the page:
  // give it back to the question (after 'Incorrect!', to try again).
  useEffect(() => {
    if (!sending && (document.activeElement === document.body || document.activeElement === null)) headingRef.current?.focus();
  }, [sending, feedback]);

  const [help, setHelp] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const toggleHelp = async (state: PlayState) => {
    // Not disabled while pending: a disabled button would drop the keyboard focus.
    if (help.pending) return;
    setHelp({ pending: true, error: null });
    try {
      await postHelp(progressId, !state.helpRequested);
      await refresh();
      setHelp({ pending: false, error: null });
    } catch (error) {
      setHelp({ pending: false, error: errorMessage(error) });
    }
  };

  if (!progressId) return <Message text="Progress ID missing." error />;
  if (play.isPending) return <Message text="Loading..." />;
  if (play.isError) return <Message text={loadErrorText(play.error)} error />;
  const state = play.data;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected === null || !state.current || sendingRef.current || feedback?.kind === "correct") return;
    const answer = { questionIndex: state.current.index, selectedOption: selected, attemptId: newAttemptId() };
    savePending(progressId, answer);
    void send(answer);
  };

  const header = (
    <header className="play-header">
      <h1>{state.gameTitle || "Game Title Not Found"}</h1>
      <p className="player">
        Player: <strong>{state.studentName}</strong> <GroupBadge group={state.groupIdentifier} />
      </p>
    </header>
  );

  if (state.completed || !state.sessionActive) {
    return (
      <main className="page narrow-wide play">
        {header}
        <section className="card done">
          {state.completed ? (
            <p className="congratulations" role="status" tabIndex={-1} ref={focusOnMount}>
              {playMessages.congratulations}
            </p>
          ) : (
            <p role="alert" className="error" tabIndex={-1} ref={focusOnMount}>
              {playMessages.sessionEnded}
            </p>
          )}
          <Link className="button button-accent" to="/join">
            Join Another Game
          </Link>
        </section>
      </main>
    );
  }

  if (!state.current) return <Message text="Could not load the current question." error />;
  const q = state.current;
  const locked = sending || feedback?.kind === "correct" || feedback?.kind === "offline";
  // Games in Irish are marked as Irish, so screen readers pronounce them as Irish.
  const textLang = language === "ga" ? "ga" : undefined;

  return (
    <main className="page narrow-wide play">
      {header}
      <form className="card question-card" onSubmit={onSubmit} aria-labelledby="question-heading">
        <div className="question-head">
          <h2 id="question-heading" className="question-heading" tabIndex={-1} ref={headingRef}>
            <span className="progress-line">
              Question {q.index + 1} of {state.questionCount}
            </span>{" "}
            <span className="question-text" lang={textLang}>
              {q.questionText}
            </span>
          </h2>
          {speech.supported ? <ReadAloudButton label="Read aloud" text={q.questionText} active={speech.speaking === "question"} onPress={(text) => speech.toggle("question", text)} /> : null}
        </div>
        <fieldset className="answer-options" disabled={locked} aria-labelledby="question-heading">
          {q.options.map((option, i) => (
            <div key={i} className="answer-row">
              <label className={`answer-option${selected === i ? " selected" : ""}`}>
                <input
                  type="radio"
                  name={`question-${q.index}`}
                  value={i}
                  checked={selected === i}
                  onChange={() => {
                    setSelected(i);
                    if (feedback?.kind === "incorrect" || feedback?.kind === "error") setFeedback(null);
                  }}
                />
                <span className="answer-letter" aria-hidden="true">
                  {LETTERS[i]}
                </span>
                <span className="answer-text" lang={textLang}>
                  {option}
                </span>
              </label>
              {speech.supported ? (
                <ReadAloudButton iconOnly label={`Read option ${LETTERS[i]} aloud`} text={option} active={speech.speaking === `option-${i}`} onPress={(text) => speech.toggle(`option-${i}`, text)} />
              ) : null}
            </div>
          ))}
        </fieldset>
        <div aria-live="assertive" className="feedback-area">
          {feedback ? <p className={`feedback feedback-${feedback.kind}`}>{feedback.text}</p> : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button-accent button-large" disabled={selected === null || locked}>
            {sending ? "Submitting..." : "Submit Answer"}
          </button>
          <button type="button" className="button button-secondary" aria-pressed={state.helpRequested} aria-disabled={help.pending} onClick={() => void toggleHelp(state)}>
            {state.helpRequested ? "Help is coming (tap to cancel)" : "Ask for help"}
          </button>
        </div>
        {help.error ? (
          <p role="alert" className="error">
            {help.error}
          </p>
        ) : null}
      </form>
    </main>
  );
}

function Message({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <main className="page narrow play">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role={error ? "alert" : "status"} className={error ? "error" : undefined}>
        {text}
      </p>
      {error ? (
        <p>
          <Link to="/join">Join a game</Link>
        </p>
      ) : null}
    </main>
  );
}
