/**
 * Results (/results/{sessionId}), host only: session details, per-question summary, the
 * student table with expandable question grids, CSV download, clearing help requests, taking
 * a pupil out of the game (decision 016), and deleting an ended session's results. Live while the session runs.
 * When the groups played different games: each game's questions and average score, the
 * questions hardest first per game, and each pupil scored against their own game. Each question's
 * first answers (first-answers.tsx), per group; "Show on the projector" opens their class discussion.
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatDateTime } from "../../../shared/format.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { GroupChoice } from "../../../shared/results/first-answers.ts";
import {
  averageScore,
  type GameResults,
  gameResults,
  resultsMessages,
  sessionDuration,
} from "../../../shared/results/results.ts";
import { deletionNotice } from "../../../shared/results/results-deletion.ts";
import { sessionGamesTitle } from "../../../shared/sessions/group-games.ts";
import type { RealtimeEvent } from "../../../shared/sessions/realtime.ts";
import type { SessionGroup } from "../../../shared/sessions/session-responses.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import "../../styles/group-games.css";
import { sessionMessages } from "../../../shared/sessions/session-rules.ts";
import { usePupilRemoval } from "../../components/remove-pupil-dialog.tsx";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { sessionEventsUrl, useLiveEvents } from "../../lib/use-live-events.ts";
import { useThrottled } from "../../lib/use-throttled.ts";
import { FirstAnswersSection } from "./first-answers.tsx";
import { FollowUpHunt } from "./follow-up-hunt.tsx";
import { QuestionSummaryTable } from "./question-summary.tsx";
import { clearHelp, deleteResults, fetchResults, resultsCsvUrl } from "./results-api.ts";
import { StudentProgressTable } from "./student-progress-table.tsx";

/** How often, at most, the page re-reads the results while answers stream in. */
export const LIVE_REFRESH_MS = 500;

export default function ResultsPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const { language } = useLanguage();
  const locale = LANGUAGE_LOCALES[language];
  const results = useQuery({
    queryKey: queryKeys.results(sessionId),
    queryFn: () => fetchResults(sessionId),
    enabled: Boolean(sessionId),
    retry: 1,
  });
  const active = results.data?.session.status === "active";
  const [groupChoice, setGroupChoice] = useState<GroupChoice>("all");

  const refetch = useThrottled(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.results(sessionId) }, { cancelRefetch: false }),
    LIVE_REFRESH_MS,
  );
  useLiveEvents<RealtimeEvent>(results.data && active ? sessionEventsUrl(sessionId) : null, refetch);

  const clear = useMutation({
    mutationFn: (progressId: string) => clearHelp(sessionId, progressId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.results(sessionId) }),
  });
  const removal = usePupilRemoval(
    sessionId,
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.results(sessionId) }),
  );
  const remove = useMutation({
    mutationFn: () => deleteResults(sessionId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.results(sessionId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      navigate("/dashboard", { replace: true });
    },
  });

  if (!sessionId) return <TeacherPageMessage title="results.title" text="results.noSessionId" />;
  if (results.isPending) return <TeacherPageMessage title="results.title" text="common.loading" loading />;
  if (results.isError) {
    return (
      <TeacherPageMessage
        title="results.title"
        text={
          results.error instanceof ApiError && results.error.status === 404
            ? sessionMessages.notFound
            : resultsMessages.requiredDataMissing
        }
      />
    );
  }
  const { session, questions, students, retention } = results.data;
  if (questions.length === 0)
    return <TeacherPageMessage title="results.title" text={resultsMessages.gameDetailsMissing} />;
  const games = gameResults(results.data);
  const split = games.length > 1;
  // The game the pupils played: the session's own, unless every group was given another (decision 036).
  const played = games[0]?.game ?? { title: session.gameTitle, questionCount: session.questionCount };

  return (
    <main className="page wide results">
      <p>
        <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
        {active ? (
          <>
            {" · "}
            <Link to={`/session-codes/${session.id}`}>{t("results.joinCodes")}</Link>
          </>
        ) : null}
      </p>
      <h1>{t("results.title")}</h1>
      {/* What the teacher does next with these results: discuss them with the class (a new tab, for the projector), then follow up. */}
      <div className="results-actions">
        <Link className="button" to={`/results/${session.id}/discuss`} target="_blank">
          {t("results.firstAnswers.showOnProjector")}
        </Link>
        <FollowUpHunt results={results.data} />
      </div>
      {!active ? (
        // Said once for the whole session, so a student's "In Progress" (SPEC) is not read as still playing.
        <p className="session-ended-banner" role="status">
          <strong>{t("results.ended")}</strong>
          <span>{t(msg("results.endedDetail", { date: formatDateTime(session.endTime, locale) }))}</span>
        </p>
      ) : null}
      <section className="card session-facts" aria-label={t("sessions.codes.details")}>
        <dl className="facts">
          <dt>{t(split ? "results.fact.games" : "results.fact.game")}</dt>
          <dd>
            {split ? sessionGamesTitle(games.map((g) => g.game.title)) : played.title || t("common.gameTitleNotFound")}
          </dd>
          <dt>{t("results.fact.status")}</dt>
          <dd className={active ? "status-active" : "status-ended"}>{t(`sessions.status.${session.status}`)}</dd>
          <dt>{t("results.fact.started")}</dt>
          <dd>{formatDateTime(session.startTime, locale)}</dd>
          <dt>{t("results.fact.ended")}</dt>
          <dd>{formatDateTime(session.endTime, locale)}</dd>
          <dt>{t("results.fact.duration")}</dt>
          <dd>{sessionDuration(session, t)}</dd>
          {split ? null : (
            <>
              <dt>{t("results.fact.totalQuestions")}</dt>
              <dd>{played.questionCount}</dd>
            </>
          )}
          <dt>{t("results.fact.participants")}</dt>
          <dd>{students.length}</dd>
          {split ? null : (
            <>
              <dt>{t("results.fact.averageScore")}</dt>
              <dd>
                {averageScore(students)} / {played.questionCount}
              </dd>
            </>
          )}
        </dl>
        {split ? <SessionGames games={games} groups={session.groups} /> : null}
        <div className="actions">
          <a className="button button-secondary" href={resultsCsvUrl(session.id, language)} download>
            {t("results.downloadCsv")}
          </a>
          {!active ? (
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(t("results.confirmDelete"))) remove.mutate();
              }}
            >
              {t("results.deleteResults")}
            </button>
          ) : null}
        </div>
        {retention ? (
          <p className="retention-notice">
            {t(deletionNotice(retention.deletesAt, retention.days, locale))} {t("results.keepWithCsv")}
          </p>
        ) : null}
        {remove.isError ? (
          <p role="alert" className="error">
            {errorMessage(remove.error)}
          </p>
        ) : null}
      </section>

      {removal.status}
      {removal.dialog}
      {students.length === 0 ? (
        <p className="card">{t(resultsMessages.noProgress)}</p>
      ) : (
        <>
          <QuestionSummaryTable games={games} />
          <FirstAnswersSection games={games} groups={session.groups} choice={groupChoice} onChoice={setGroupChoice} />
          <StudentProgressTable
            students={students}
            games={games}
            onClearHelp={(progressId) => clear.mutate(progressId)}
            clearing={clear.isPending}
            onRemove={removal.ask}
          />
        </>
      )}
    </main>
  );
}

/**
 * A split session's summary, one card per game: the game and the groups that played it, its questions,
 * its pupils and their average score out of its own questions (to one decimal).
 */
function SessionGames({ games, groups }: { games: GameResults[]; groups: SessionGroup[] }) {
  const t = useT();
  return (
    <div className="session-games">
      <h2 id="session-games-heading">{t("results.games.title")}</h2>
      {/* A card per game, not a table: every figure stays in sight on a phone. */}
      <ul className="session-games-list" aria-labelledby="session-games-heading">
        {games.map(({ game, students }) => (
          <li key={game.id} className="session-game">
            <h3>{game.title || t("common.gameTitleNotFound")}</h3>
            <p className="group-badges">
              {groups
                .filter((g) => g.gameId === game.id)
                .map((g) => (
                  <GroupBadge key={g.id} group={g.groupIdentifier} />
                ))}
            </p>
            <dl className="facts">
              <dt>{t("results.fact.totalQuestions")}</dt>
              <dd>{game.questionCount}</dd>
              <dt>{t("results.fact.participants")}</dt>
              <dd>{students.length}</dd>
              <dt>{t("results.fact.averageScore")}</dt>
              <dd>
                {averageScore(students)} / {game.questionCount}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
