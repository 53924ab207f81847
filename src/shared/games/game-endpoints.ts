/** The games API's endpoints: games and their pictures (schemas: game-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const gameEndpoints = {
  list: endpoint("GET", "/api/games"),
  read: endpoint("GET", "/api/games/:gameId"),
  create: endpoint("POST", "/api/games"),
  update: endpoint("PUT", "/api/games/:gameId"),
  archive: endpoint("PATCH", "/api/games/:gameId"),
  remove: endpoint("DELETE", "/api/games/:gameId"),
  uploadPicture: endpoint("POST", "/api/images"),
  picture: endpoint("GET", "/api/images/:imageId"),
} as const;
