/**
 * The class discussion (/results/{sessionId}/discuss), host only, for the projector: one question
 * at a time, its picture, and how many chose each option at their first try, each option in its
 * tile's colour, shape and letter, in the options' order: no names, no ranking. The right answer
 * is revealed when the teacher presses R (or the button); ← → (and a clicker's Page Up / Down)
 * change the question. A typed question shows its most common wrong first answers, an order its
 * most common wrong first orders, the right one with its count once revealed. The teacher's notes
 * stay on the results page: a child never reads "thinks…" about their own answer.
 * In a session of several groups the group choice narrows the counts (and the questions, when the
 * groups played different games). Live while the session runs, as the results page: answers still
 * coming in move the bars.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { GROUPS } from "../../../shared/games/curriculum.ts";
import { rightAnswer } from "../../../shared/games/shown-answers.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  type FirstAnswerView,
  firstAnswerMessages,
  firstAnswerView,
  type GroupChoice,
  optionText,
  orderText,
} from "../../../shared/results/first-answers.ts";
import { gameResults, type ResultQuestion, resultsMessages } from "../../../shared/results/results.ts";
import type { RealtimeEvent } from "../../../shared/sessions/realtime.ts";
import { sessionMessages } from "../../../shared/sessions/session-rules.ts";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { LETTERS, TILE_SHAPES } from "../../components/tile-shapes.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { sessionEventsUrl, useLiveEvents } from "../../lib/use-live-events.ts";
import { useThrottled } from "../../lib/use-throttled.ts";
import { GroupChoiceField, questionsFor } from "./first-answers.tsx";
import { fetchResults } from "./results-api.ts";
import { LIVE_REFRESH_MS } from "./results-page.tsx";
import { Answer } from "./student-grid.tsx";
import "../../styles/play-theme.css";
import "../../styles/projector-stage.css";
import "../../styles/discuss-stage.css";

/** Keys that move between questions: arrows, and the Page Up / Page Down a presentation clicker sends. */
const NEXT_KEYS = new Set(["ArrowRight", "PageDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "PageUp"]);

export default function DiscussPage() {
  const { sessionId = "" } = useParams();
  const t = useT();
  const queryClient = useQueryClient();
  const results = useQuery({
    queryKey: queryKeys.results(sessionId),
    queryFn: () => fetchResults(sessionId),
    enabled: Boolean(sessionId),
    retry: 1,
  });
  const active = results.data?.session.status === "active";
  const refetch = useThrottled(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.results(sessionId) }, { cancelRefetch: false }),
    LIVE_REFRESH_MS,
  );
  useLiveEvents<RealtimeEvent>(results.data && active ? sessionEventsUrl(sessionId) : null, refetch);

  const [choice, setChoice] = useState<GroupChoice>("all");
  const [position, setPosition] = useState(0);
  const [revealed, setRevealed] = useState(false);

  const games = results.data ? gameResults(results.data) : [];
  const groups = results.data?.session.groups ?? [];
  const questions = questionsFor(games, groups, choice).flatMap((g) => g.questions);
  const count = questions.length;
  const at = Math.min(position, Math.max(0, count - 1));

  const go = (to: number) => {
    setPosition(Math.max(0, Math.min(count - 1, to)));
    setRevealed(false);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // The group list keeps its own arrows.
      if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
      if (NEXT_KEYS.has(event.key)) {
        event.preventDefault();
        setPosition((p) => Math.min(Math.max(0, count - 1), p + 1));
        setRevealed(false);
      } else if (PREVIOUS_KEYS.has(event.key)) {
        event.preventDefault();
        setPosition((p) => Math.max(0, p - 1));
        setRevealed(false);
      } else if (event.key === "r" || event.key === "R") {
        setRevealed((r) => !r);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count]);

  if (!sessionId) return <TeacherPageMessage title="results.discuss.title" text="results.noSessionId" />;
  if (results.isPending) return <TeacherPageMessage title="results.discuss.title" text="common.loading" loading />;
  if (results.isError) {
    return (
      <TeacherPageMessage
        title="results.discuss.title"
        text={
          results.error instanceof ApiError && results.error.status === 404
            ? sessionMessages.notFound
            : resultsMessages.requiredDataMissing
        }
      />
    );
  }
  const question = questions[at];
  if (!question) return <TeacherPageMessage title="results.discuss.title" text={resultsMessages.gameDetailsMissing} />;
  const view = firstAnswerView(question, choice);
  const gameTitle = games.find((g) => g.game.id === question.gameId)?.game.title ?? "";

  return (
    <main className="projector stage discuss-stage" data-kind={question.kind} data-revealed={revealed}>
      <header className="stage-header discuss-header">
        <h1>
          <span className="stage-title">{gameTitle || t("common.gameTitleNotFound")}</span>{" "}
          <span className="discuss-position">
            {t(msg("results.discuss.questionOf", { number: at + 1, total: count }))}
          </span>
        </h1>
        <GroupChoiceField
          className="discuss-group"
          groups={groups}
          choice={choice}
          onChange={(next) => {
            setChoice(next);
            setPosition(0);
            setRevealed(false);
          }}
        />
      </header>
      <section className="discuss-question" aria-labelledby="discuss-question-text">
        {question.picture ? (
          <img
            className="discuss-picture"
            src={question.picture.src}
            alt={question.picture.alt}
            width={question.picture.width}
            height={question.picture.height}
          />
        ) : null}
        <div>
          <h2 id="discuss-question-text" className="discuss-question-text">
            {question.questionText}
          </h2>
          <p className="discuss-answered" aria-live="polite">
            {choice === "all" ? null : <span>{t(GROUPS[choice].nameKey)} · </span>}
            {t(msg("results.discuss.answered", { count: view?.pupils ?? 0 }))}
          </p>
        </div>
      </section>
      <DiscussAnswers question={question} view={view} revealed={revealed} />
      <footer className="discuss-controls">
        <button
          type="button"
          className="button"
          onClick={() => go(at - 1)}
          disabled={at === 0}
          aria-keyshortcuts="ArrowLeft"
        >
          <span aria-hidden="true">← </span>
          {t("results.discuss.previous")}
        </button>
        <button
          type="button"
          className="button discuss-reveal"
          onClick={() => setRevealed((r) => !r)}
          aria-keyshortcuts="R"
        >
          {t(revealed ? "results.discuss.hide" : "results.discuss.reveal")}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => go(at + 1)}
          disabled={at >= count - 1}
          aria-keyshortcuts="ArrowRight"
        >
          {t("results.discuss.next")}
          <span aria-hidden="true"> →</span>
        </button>
        <p className="discuss-keys">{t("results.discuss.keys")}</p>
        <Link className="discuss-back" to={`/results/${sessionId}`}>
          {t("results.discuss.back")}
        </Link>
      </footer>
    </main>
  );
}

/** The first answers as the class sees them: a bar per option (or per common wrong answer), the right one once revealed. */
function DiscussAnswers({
  question,
  view,
  revealed,
}: {
  question: ResultQuestion;
  view: FirstAnswerView | null;
  revealed: boolean;
}) {
  const t = useT();
  const rows: { key: string; label: string; count: number; right: boolean; tile: number | null }[] = [];
  if (question.kind === "choice" || question.kind === "truefalse" || question.kind === "multi") {
    const counts = view?.options ?? null;
    const optionCount = question.kind === "truefalse" ? 2 : question.options.length;
    for (let k = 0; k < optionCount; k++) {
      const o = counts?.[k];
      rows.push({
        key: String(k),
        label: optionText(question, k, t),
        count: o?.count ?? 0,
        right: revealed && (o?.right ?? false),
        tile: k,
      });
    }
  } else {
    for (const w of view?.wrong ?? [])
      rows.push({
        key: w.answer,
        label: question.kind === "order" ? orderText(question, w.answer) : w.answer,
        count: w.count,
        right: false,
        tile: null,
      });
  }
  const most = Math.max(1, ...rows.map((r) => r.count), revealed ? (view?.right ?? 0) : 0);
  const kindClass = question.kind === "truefalse" ? "discuss-truefalse" : "";
  const shownRows = rows.length + (revealed && (question.kind === "typed" || question.kind === "order") ? 1 : 0);
  return (
    <div className="discuss-answers">
      <ul className={`discuss-options ${kindClass}`} style={{ "--rows": Math.max(1, shownRows) } as CSSProperties}>
        {rows.map((row) => (
          <li
            key={row.key}
            className={`discuss-option ${row.tile === null ? "tile-none" : `tile-${LETTERS[row.tile]!.toLowerCase()}`} ${row.right ? "is-right" : ""}`}
          >
            {row.tile === null ? null : (
              <span className="discuss-tile" aria-hidden="true">
                <svg className="tile-shape" viewBox="0 0 24 24" focusable="false">
                  {TILE_SHAPES[row.tile]}
                </svg>
                {question.kind === "truefalse" ? null : <span className="discuss-letter">{LETTERS[row.tile]}</span>}
              </span>
            )}
            <span className="discuss-option-text">
              {question.kind === "typed" ? <q>{row.label}</q> : row.label}
              {row.right ? (
                <span className="discuss-right-tag">
                  <span aria-hidden="true">✓ </span>
                  {t(firstAnswerMessages.right)}
                </span>
              ) : null}
            </span>
            <span className="discuss-meter" aria-hidden="true">
              <span style={{ width: `${(row.count / most) * 100}%` }} />
            </span>
            <span className="discuss-count">
              {row.count}
              <span className="visually-hidden"> {t(msg("results.summary.pupils", { count: row.count }))}</span>
            </span>
          </li>
        ))}
        {revealed && (question.kind === "typed" || question.kind === "order") ? (
          <li className="discuss-option tile-none is-right">
            <span className="discuss-option-text">
              <Answer shown={rightAnswer(question)} />
              <span className="discuss-right-tag">
                <span aria-hidden="true">✓ </span>
                {t(firstAnswerMessages.right)}
              </span>
            </span>
            <span className="discuss-meter" aria-hidden="true">
              <span style={{ width: `${((view?.right ?? 0) / most) * 100}%` }} />
            </span>
            <span className="discuss-count">
              {view?.right ?? 0}
              <span className="visually-hidden"> {t(msg("results.summary.pupils", { count: view?.right ?? 0 }))}</span>
            </span>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
