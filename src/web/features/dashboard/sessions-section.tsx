import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime } from "../../../shared/format.ts";
import type { SessionSummary } from "../../../shared/sessions.ts";
import { fetchSessions, sessionsQueryKey } from "./dashboard-api.ts";
import { DashboardSection } from "./dashboard-section.tsx";
import { ShowMoreList } from "./show-more.tsx";

const statusLabel = (s: SessionSummary["status"]) => s.charAt(0).toUpperCase() + s.slice(1);

export function ActiveSessionsSection() {
  const sessions = useQuery({ queryKey: sessionsQueryKey("active"), queryFn: () => fetchSessions("active"), select: (r) => r.sessions });
  return (
    <DashboardSection id="active-sessions" title="Active Sessions" query={sessions} errorText="Error: Failed to fetch active sessions." emptyText="No active sessions.">
      {(items) => (
        <ul className="card-list">
          {items.map((s) => (
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
      )}
    </DashboardSection>
  );
}

export function PastSessionsSection() {
  const sessions = useQuery({ queryKey: sessionsQueryKey("past"), queryFn: () => fetchSessions("past"), select: (r) => r.sessions });
  return (
    <DashboardSection id="past-sessions" title="Past Sessions" query={sessions} errorText="Error: Failed to fetch past sessions." emptyText="No completed or archived sessions.">
      {(items) => (
        <ShowMoreList
          items={items}
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
      )}
    </DashboardSection>
  );
}
