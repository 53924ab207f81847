import type { SessionSummary } from "../../../shared/sessions/session-responses.ts";
import { api } from "../../lib/api-client.ts";

export const sessionsQueryKey = (status: "active" | "past") => ["sessions", status] as const;
export const fetchSessions = (status: "active" | "past") =>
  api<{ sessions: SessionSummary[] }>(`/api/sessions?status=${status}`);
