/** The session API's endpoints (a session's life for its host) and the saved classes' (schemas: session-contracts.server.ts, saved-class-contracts.server.ts). */
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

export const classEndpoints = {
  list: endpoint("GET", "/api/classes"),
  read: endpoint("GET", "/api/classes/:classId"),
  progress: endpoint("GET", "/api/classes/:classId/progress"),
  create: endpoint("POST", "/api/classes"),
  update: endpoint("PUT", "/api/classes/:classId"),
  remove: endpoint("DELETE", "/api/classes/:classId"),
} as const;
