/** The saved classes' endpoints (schemas: saved-class-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const classEndpoints = {
  list: endpoint("GET", "/api/classes"),
  read: endpoint("GET", "/api/classes/:classId"),
  progress: endpoint("GET", "/api/classes/:classId/progress"),
  create: endpoint("POST", "/api/classes"),
  update: endpoint("PUT", "/api/classes/:classId"),
  remove: endpoint("DELETE", "/api/classes/:classId"),
} as const;
