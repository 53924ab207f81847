/**
 * Results (/results/{sessionId}), host only: session details, per-question summary, the
 * student table with expandable question grids, CSV download, clearing help requests, and
 * deleting an ended session's results. Live while the session runs.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatDateTime } from "../../../shared/format.ts";
import { averageScore, resultsMessages, sessionDuration, studentStatus, timeTaken } from "../../../shared/results.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useLiveEvents, useThrottled } from "../../lib/use-live-events.ts";
import { QuestionSummaryTable } from "./question-summary.tsx";
import { clearHelp, deleteResults, fetchResults, resultsCsvUrl, resultsQueryKey, sessionEventsUrl } from "./results-api.ts";
import { StudentGrid } from "./student-grid.tsx";

/** How often, at most, the page re-reads the results while answers stream in. */
export const LIVE_REFRESH_MS = 500;

export default function ResultsPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const results = useQuery({ queryKey: resultsQueryKey(sessionId), queryFn: () => fetchResults(sessionId), enabled: Boolean(sessionId), retry: 1 });
  // Which rows are open is kept by student, so live updates never fold them away.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const active = results.data?.session.status === "active";

  const refetch = useThrottled(() => void queryClient.invalidateQueries({ queryKey: resultsQueryKey(sessionId) }, { cancelRefetch: false }), LIVE_REFRESH_MS);
  useLiveEvents(results.data && active ? sessionEventsUrl(sessionId) : null, refetch);

  const clear = useMutation({
    mutationFn: (progressId: string) => clearHelp(sessionId, progressId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsQueryKey(sessionId) }),
  });
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
    return <TeacherPageMessage title="Session Results" text={results.error instanceof ApiError && results.error.status === 404 ? "Session not found." : resultsMessages.requiredDataMissing} />;
  }
  const { session, questions, students } = results.data;
  if (questions.length === 0) return <TeacherPageMessage title="Session Results" text={resultsMessages.gameDetailsMissing} />;

  const toggle = (progressId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(progressId)) next.delete(progressId);
      else next.add(progressId);
      return next;
    });

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

      {students.length === 0 ? (
        <p className="card">{resultsMessages.noProgress}</p>
      ) : (
        <>
          <QuestionSummaryTable questions={questions} students={students} />
          <section aria-labelledby="student-progress-heading" className="card student-progress">
            <div className="table-header">
              <h2 id="student-progress-heading">Student Progress</h2>
              <div className="actions">
                <button type="button" className="button button-secondary button-small" onClick={() => setExpanded(new Set(students.map((s) => s.progressId)))}>
                  Expand All
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => setExpanded(new Set())}>
                  Collapse All
                </button>
              </div>
            </div>
            <div className="table-scroll">
              <table className="progress-table">
                <thead>
                  <tr>
                    <th scope="col">Details</th>
                    <th scope="col">Student Name</th>
                    <th scope="col">Group</th>
                    <th scope="col">Score</th>
                    <th scope="col">Time Taken</th>
                    <th scope="col">Status</th>
                    <th scope="col">Help Requested</th>
                  </tr>
                </thead>
                <tbody>
                  {students.map((s) => {
                    const isOpen = expanded.has(s.progressId);
                    return (
                      <Fragment key={s.progressId}>
                        <tr className={s.helpRequested ? "needs-help" : undefined}>
                          <td>
                            <button
                              type="button"
                              className="button button-secondary button-small"
                              aria-expanded={isOpen}
                              aria-controls={`grid-${s.progressId}`}
                              aria-label={`${isOpen ? "Hide" : "Show"} questions for ${s.studentName}`}
                              onClick={() => toggle(s.progressId)}
                            >
                              {isOpen ? "Hide" : "Show"}
                            </button>
                          </td>
                          <th scope="row">{s.studentName}</th>
                          <td>
                            <GroupBadge group={s.groupIdentifier} />
                          </td>
                          <td>
                            {s.completedQuestionsCount} / {session.questionCount}
                          </td>
                          <td>{timeTaken(s)}</td>
                          <td>{studentStatus(s)}</td>
                          <td>
                            {s.helpRequested ? (
                              <span className="help-yes">
                                <strong>Yes</strong>{" "}
                                <button
                                  type="button"
                                  className="button button-secondary button-small"
                                  disabled={clear.isPending}
                                  onClick={() => clear.mutate(s.progressId)}
                                  aria-label={`Clear help request from ${s.studentName}`}
                                >
                                  Clear
                                </button>
                              </span>
                            ) : (
                              "No"
                            )}
                          </td>
                        </tr>
                        {isOpen ? (
                          <tr id={`grid-${s.progressId}`} className="grid-row">
                            <td colSpan={7}>
                              <StudentGrid student={s} questions={questions} />
                            </td>
                          </tr>
                        ) : null}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </main>
  );
}
