import { sessionEndpoints } from "../../../shared/sessions/session-endpoints.ts";
import { apiCall } from "../../lib/api-client.ts";

export const fetchSessions = (status: "active" | "past") => apiCall(sessionEndpoints.list, { query: { status } });
