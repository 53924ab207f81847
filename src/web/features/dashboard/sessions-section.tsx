import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime } from "../../../shared/format.ts";
import type { SessionSummary } from "../../../shared/games.ts";
import { fetchSessions, sessionsQueryKey } from "./dashboard-api.ts";
import { ShowMoreList } from "./show-more.tsx";

const statusLabel = (s: SessionSummary["status"]) => s.charAt(0).toUpperCase() + s.slice(1);

export function ActiveSessionsSection() {
  const sessions = useQuery({ queryKey: sessionsQueryKey("active"), queryFn: () => fetchSessions("active") });
  return (
    <section aria-labelledby="active-sessions" className="dashboard-section">
      <h2 id="active-sessions">Active Sessions</h2>
      {sessions.isPending ? <p role="status">Loading...</p> : null}
      {sessions.isError ? <p role="alert" className="error">Error: Failed to fetch active sessions.</p> : null}
      {sessions.data?.sessions.length === 0 ? <p>No active sessions.</p> : null}
      {sessions.data && sessions.data.sessions.length > 0 ? (
        <ul className="card-list">
          {sessions.data.sessions.map((s) => (
            <li key={s.id} className="card item-card">
              <h3>{s.gameTitle || "Game Title Not Found"}</h3>
              <p className="status-active">Status: Active</p>
              <p className="meta">Started: {formatDateTime(s.startTime)}</p>
              <Link className="button" to={`/session-codes/${s.id}`}>
                View Codes
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function PastSessionsSection() {
  const sessions = useQuery({ queryKey: sessionsQueryKey("past"), queryFn: () => fetchSessions("past") });
  return (
    <section aria-labelledby="past-sessions" className="dashboard-section">
      <h2 id="past-sessions">Past Sessions</h2>
      {sessions.isPending ? <p role="status">Loading...</p> : null}
      {sessions.isError ? <p role="alert" className="error">Error: Failed to fetch past sessions.</p> : null}
      {sessions.data?.sessions.length === 0 ? <p>No completed or archived sessions.</p> : null}
      {sessions.data && sessions.data.sessions.length > 0 ? (
        <ShowMoreList
          items={sessions.data.sessions}
          noun="Sessions"
          render={(s) => (
            <li key={s.id} className="card item-card">
              <h3>{s.gameTitle || "Game Title Not Found"}</h3>
              <p>Status: {statusLabel(s.status)}</p>
              <p className="meta">Ended: {formatDateTime(s.endTime)}</p>
              {s.status === "completed" ? (
                <Link className="button button-secondary" to={`/results/${s.id}`}>
                  View Results
                </Link>
              ) : null}
            </li>
          )}
        />
      ) : null}
    </section>
  );
}
