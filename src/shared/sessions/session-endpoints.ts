/** The session API's endpoints: a session's life for its host (schemas: session-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const sessionEndpoints = {
  list: endpoint("GET", "/api/sessions"),
  start: endpoint("POST", "/api/sessions"),
  read: endpoint("GET", "/api/sessions/:sessionId"),
  end: endpoint("POST", "/api/sessions/:sessionId/end"),
  events: endpoint("GET", "/api/sessions/:sessionId/events"),
  removePupil: endpoint("DELETE", "/api/sessions/:sessionId/pupils/:progressId"),
  remove: endpoint("DELETE", "/api/sessions/:sessionId"),
} as const;
