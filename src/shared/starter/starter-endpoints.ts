/** The starter hunts' endpoints (schemas: starter-contracts.server.ts): the list, one hunt, its pictures, "Use this hunt". */
import { endpoint } from "../endpoint.ts";

export const starterEndpoints = {
  list: endpoint("GET", "/api/starter-hunts"),
  read: endpoint("GET", "/api/starter-hunts/:starterId"),
  use: endpoint("POST", "/api/starter-hunts/:starterId/use"),
  picture: endpoint("GET", "/api/starter-pictures/:sha256"),
  // A starter hunt cannot be changed: each of these is refused (403) with the way to a copy of one's own.
  update: endpoint("PUT", "/api/starter-hunts/:starterId"),
  patch: endpoint("PATCH", "/api/starter-hunts/:starterId"),
  remove: endpoint("DELETE", "/api/starter-hunts/:starterId"),
} as const;
