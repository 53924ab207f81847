/** The join and play API's endpoints (their schemas: play-contracts.server.ts). No zod: the pupils' pages call these. */
import { endpoint } from "../endpoint.ts";

export const playEndpoints = {
  lookUpCode: endpoint("POST", "/api/join/lookup"),
  join: endpoint("POST", "/api/join"),
  playState: endpoint("GET", "/api/play/:progressId"),
  answer: endpoint("POST", "/api/play/:progressId/answers"),
  help: endpoint("POST", "/api/play/:progressId/help"),
  events: endpoint("GET", "/api/play/:progressId/events"),
  findStation: endpoint("POST", "/api/play/:progressId/stations"),
  visitStation: endpoint("POST", "/api/stations/visit"),
} as const;
