/**
 * Results (/results/{sessionId}), host only: session details, per-question summary, the
 * student table with expandable question grids, CSV download, clearing help requests, taking
 * a pupil out of the game (decision 016), and deleting an ended session's results. Live while the session runs.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { formatDateTime } from "../../../shared/format.ts";
import type { RealtimeEvent } from "../../../shared/realtime.ts";
import { averageScore, resultsMessages, sessionDuration } from "../../../shared/results.ts";
import { sessionMessages } from "../../../shared/session-rules.ts";
import { usePupilRemoval } from "../../components/remove-pupil-dialog.tsx";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { sessionEventsUrl, useLiveEvents } from "../../lib/use-live-events.ts";
import { useThrottled } from "../../lib/use-throttled.ts";
import { QuestionSummaryTable } from "./question-summary.tsx";
import { clearHelp, deleteResults, fetchResults, resultsCsvUrl, resultsQueryKey } from "./results-api.ts";
import { StudentProgressTable } from "./student-progress-table.tsx";

/** How often, at most, the page re-reads the results while answers stream in. */
export const LIVE_REFRESH_MS = 500;

export default function ResultsPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const results = useQuery({ queryKey: resultsQueryKey(sessionId), queryFn: () => fetchResults(sessionId), enabled: Boolean(sessionId), retry: 1 });
  const active = results.data?.session.status === "active";

  const refetch = useThrottled(() => void queryClient.invalidateQueries({ queryKey: resultsQueryKey(sessionId) }, { cancelRefetch: false }), LIVE_REFRESH_MS);
  useLiveEvents<RealtimeEvent>(results.data && active ? sessionEventsUrl(sessionId) : null, refetch);

  const clear = useMutation({
    mutationFn: (progressId: string) => clearHelp(sessionId, progressId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsQueryKey(sessionId) }),
  });
  const removal = usePupilRemoval(sessionId, () => void queryClient.invalidateQueries({ queryKey: resultsQueryKey(sessionId) }));
  const remove = useMutation({
    mutationFn: () => deleteResults(sessionId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: resultsQueryKey(sessionId) });
      await queryClient.invalidateQueries({ queryKey: ["sessions"] });
      navigate("/dashboard", { replace: true });
    },
  });

  if (!sessionId) return <TeacherPageMessage title="Session Results" text="No session ID provided." />;
  if (results.isPending) return <TeacherPageMessage title="Session Results" text="Loading..." loading />;
  if (results.isError) {
    return <TeacherPageMessage title="Session Results" text={results.error instanceof ApiError && results.error.status === 404 ? sessionMessages.notFound : resultsMessages.requiredDataMissing} />;
  }
  const { session, questions, students } = results.data;
  if (questions.length === 0) return <TeacherPageMessage title="Session Results" text={resultsMessages.gameDetailsMissing} />;

  return (
    <main className="page wide results">
      <p>
        <Link to="/dashboard">← Back to Dashboard</Link>
        {active ? (
          <>
            {" · "}
            <Link to={`/session-codes/${session.id}`}>Join codes</Link>
          </>
        ) : null}
      </p>
      <h1>Session Results</h1>
      {!active ? (
        // Said once for the whole session, so a student's "In Progress" (SPEC) is not read as still playing.
        <p className="session-ended-banner" role="status">
          <strong>This session has ended</strong>
          <span>Ended {formatDateTime(session.endTime)}. No more answers can be given: a student who had not finished shows as In Progress.</span>
        </p>
      ) : null}
      <section className="card session-facts" aria-label="Session details">
        <dl className="facts">
          <dt>Game</dt>
          <dd>{session.gameTitle || "Game Title Not Found"}</dd>
          <dt>Status</dt>
          <dd className={active ? "status-active" : "status-ended"}>{session.status}</dd>
          <dt>Started</dt>
          <dd>{formatDateTime(session.startTime)}</dd>
          <dt>Ended</dt>
          <dd>{formatDateTime(session.endTime)}</dd>
          <dt>Duration</dt>
          <dd>{sessionDuration(session)}</dd>
          <dt>Total Questions</dt>
          <dd>{session.questionCount}</dd>
          <dt>Participants</dt>
          <dd>{students.length}</dd>
          <dt>Average Score</dt>
          <dd>
            {averageScore(students)} / {session.questionCount}
          </dd>
        </dl>
        <div className="actions">
          <a className="button button-secondary" href={resultsCsvUrl(session.id)} download>
            Download CSV
          </a>
          {!active ? (
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm("Delete this session's results? Every student's answers will be removed for good.")) remove.mutate();
              }}
            >
              Delete Results
            </button>
          ) : null}
        </div>
        {remove.isError ? (
          <p role="alert" className="error">
            {errorMessage(remove.error)}
          </p>
        ) : null}
      </section>

      {removal.status}
      {removal.dialog}
      {students.length === 0 ? (
        <p className="card">{resultsMessages.noProgress}</p>
      ) : (
        <>
          <QuestionSummaryTable questions={questions} students={students} />
          <StudentProgressTable students={students} questions={questions} questionCount={session.questionCount} onClearHelp={(progressId) => clear.mutate(progressId)} clearing={clear.isPending} onRemove={removal.ask} />
        </>
      )}
    </main>
  );
}
