/**
 * Preview as a pupil (/preview-game/:gameId, teachers only): the teacher plays their
 * own game on the pupil's screens, with no session (a starter hunt's preview is
 * preview-starter-page.tsx, on the same PreviewPlay). The tiles, clue, trail and completion are
 * the pupil's own components, driven by the same screen-state functions as a real game
 * (answer-protocol.ts) from verdicts worked out in the browser (shared/play/game-preview.web.ts) from the
 * teacher's copy of the game. Nothing is sent to the server after the game is loaded.
 *
 * A page of its own chunk: the pupil's /play chunk does not import it, and it is the only
 * screen of the play feature that reads a whole game (answers included) — the teacher's own.
 */
import "../../styles/pupil-screens.css";
import "../../styles/play-screens.css";
import "../../styles/game-preview.css";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { libraryMessages } from "../../../shared/games/game-library.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { type MessageKey, msg, type Text } from "../../../shared/i18n/messages.ts";
import {
  type PreviewGame,
  previewAnswer,
  previewFinished,
  previewOfGame,
  previewStart,
  teacherAnswerOf,
} from "../../../shared/play/game-preview.web.ts";
import { CORRECT_FEEDBACK_DELAY_MS } from "../../../shared/play/progress-rules.ts";
import { useReadAloud } from "../../components/read-aloud.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { fetchGame } from "../../lib/games-api.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { AnswerArea, submitLabel, useAnswerDraft } from "./answer-area.tsx";
import { answerOfDraft } from "./answer-draft.ts";
import { AnswerFeedback } from "./answer-feedback.tsx";
import {
  canSubmit,
  type Feedback,
  stateAfterRightAnswer,
  stateAfterWrongAnswer,
  verdictFeedback,
} from "./answer-protocol.ts";
import { ClueTrail } from "./clue-trail.tsx";
import { CompletionScreen } from "./finish-screens.tsx";
import { PlayHeader } from "./play-header.tsx";
import { QuestionHead } from "./question-head.tsx";

export default function PreviewGamePage() {
  const { gameId = "" } = useParams();
  const game = useQuery({
    queryKey: queryKeys.game(gameId),
    queryFn: () => fetchGame(gameId),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    select: (r) => previewOfGame(r.game),
  });
  if (game.isPending) return <PreviewMessage text="common.loading" />;
  if (game.isError) {
    const text =
      game.error instanceof ApiError && game.error.status === 404
        ? libraryMessages.gameNotFound
        : msg("games.preview.fetchFailed", { reason: errorMessage(game.error) });
    return <PreviewMessage text={text} error />;
  }
  return <PreviewPlay key={game.data.id} game={game.data} />;
}

/** What a preview's bar says and offers besides the restart and the way back (a starter hunt's reviewer, "Use this hunt"). */
export type PreviewExtras = { lead?: MessageKey; bar?: ReactNode };

function PreviewBar({ onRestart, extras }: { onRestart?: () => void; extras?: PreviewExtras }) {
  const t = useT();
  return (
    <div className="preview-bar">
      <p>
        <strong>{t(extras?.lead ?? "games.preview.lead")}</strong>{" "}
        {t(msg("games.preview.explain", { answer: t("games.preview.answerMark") }))}
      </p>
      {extras?.bar}
      <div className="actions">
        {onRestart ? (
          <button type="button" className="button button-secondary button-small" onClick={onRestart}>
            {t("games.preview.startAgain")}
          </button>
        ) : null}
        <Link className="button button-secondary button-small" to="/dashboard">
          {t("common.backToDashboard")}
        </Link>
      </div>
    </div>
  );
}

export function PreviewPlay({ game, extras }: { game: PreviewGame; extras?: PreviewExtras }) {
  const { language: pageLanguage } = useLanguage();
  const t = useT();
  // Each preview (and each Start again) shuffles its orders its own way, as each child's are.
  const [seed, setSeed] = useState(newSeed);
  const [state, setState] = useState(() => previewStart(game, pageLanguage, seed));
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // Wrong tries seen (by question): a typed answer, an order and choose all cross no tile out.
  const [triedWrong, setTriedWrong] = useState<ReadonlySet<number>>(() => new Set());
  const { draft, update, clear } = useAnswerDraft(`${seed}:${state.current?.index ?? -1}`, state.current);
  const typedRef = useRef<HTMLInputElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  const language = game.language;
  const speech = useReadAloud(language);
  const { stop: stopSpeech } = speech;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionIndex = state.current?.index ?? null;
  // As on the pupil's screen: a new question stops the reading and takes the focus.
  useEffect(() => {
    stopSpeech();
    if (questionIndex !== null) headingRef.current?.focus();
  }, [questionIndex, stopSpeech]);

  // The player's name in the header is the word for a preview, in the page's language.
  const shown = { ...state, studentName: t("games.preview.player") };

  const restart = () => {
    clearTimeout(advanceTimer.current);
    const again = newSeed();
    setSeed(again);
    setFeedback(null);
    setTriedWrong(new Set());
    clear();
    setState(previewStart(game, pageLanguage, again));
  };

  if (state.completed || !state.current) {
    return (
      <main className="page play pupil-screen">
        <PreviewBar onRestart={restart} extras={extras} />
        <PlayHeader state={shown} />
        <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={null} />
        <CompletionScreen state={state} />
      </main>
    );
  }

  const q = state.current;
  const locked = feedback?.kind === "correct";
  const textLang = LANGUAGE_LOCALES[language];
  const answer = draft ? answerOfDraft(q, draft) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer === null || !canSubmit(answer, false, feedback)) return;
    const result = previewAnswer(game, state, answer, seed);
    setFeedback(verdictFeedback(result, answer));
    if (result.isCorrect) {
      const tried = triedWrong.has(q.index);
      advanceTimer.current = setTimeout(() => {
        setFeedback(null);
        setState((s) => stateAfterRightAnswer(s, result, tried) ?? previewFinished(s, tried));
      }, CORRECT_FEEDBACK_DELAY_MS);
    } else {
      if (!result.nearly) setTriedWrong((seen) => new Set(seen).add(q.index));
      setState((s) => stateAfterWrongAnswer(s, result, answer));
    }
  };

  return (
    <main className="page play pupil-screen">
      <PreviewBar onRestart={restart} extras={extras} />
      <PlayHeader state={shown} />
      <ClueTrail total={state.questionCount} done={state.completedQuestionsCount} current={q.index} />
      <form className="question-card" onSubmit={onSubmit} aria-labelledby="question-heading">
        <QuestionHead
          question={q}
          questionCount={state.questionCount}
          language={language}
          textLang={textLang}
          speech={speech}
          headingRef={headingRef}
        />
        {draft ? (
          <AnswerArea
            question={q}
            draft={draft}
            update={update}
            onChanged={() => setFeedback((f) => (f?.kind === "correct" ? f : null))}
            locked={locked}
            feedback={feedback}
            language={language}
            textLang={textLang}
            speech={speech}
            typedRef={typedRef}
            teacher={teacherAnswerOf(game, q, seed)}
          />
        ) : null}
        <div className="play-actions">
          <AnswerFeedback feedback={feedback} />
          <div className="play-buttons">
            <button
              type="submit"
              className="button button-play submit-answer"
              disabled={!canSubmit(answer, false, feedback)}
            >
              {t(submitLabel(q.kind))}
            </button>
          </div>
        </div>
      </form>
    </main>
  );
}

/** A preview's seed for shuffling its orders. */
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

export function PreviewMessage({ text, error = false }: { text: Text; error?: boolean }) {
  const t = useT();
  return (
    <main className="page play pupil-screen pupil-message">
      <h1 className="visually-hidden">{t("games.preview.title")}</h1>
      <p role={error ? "alert" : "status"} className={error ? "error" : undefined}>
        {t(text)}
      </p>
      <p>
        <Link to="/dashboard">{t("common.backToDashboard")}</Link>
      </p>
    </main>
  );
}
