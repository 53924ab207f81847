/** A game's station cards for its creator (schemas: station-contracts.server.ts); a pupil's finds are play's (play-endpoints.ts). */
import { endpoint } from "../endpoint.ts";

export const stationEndpoints = {
  cards: endpoint("GET", "/api/games/:gameId/station-cards"),
  printed: endpoint("POST", "/api/games/:gameId/station-cards/printed"),
  renew: endpoint("POST", "/api/games/:gameId/station-cards/renew"),
} as const;
