/** The games API's endpoints: games, their files and share links, pictures, AI suggestions (schemas: game-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const gameEndpoints = {
  list: endpoint("GET", "/api/games"),
  read: endpoint("GET", "/api/games/:gameId"),
  create: endpoint("POST", "/api/games"),
  update: endpoint("PUT", "/api/games/:gameId"),
  archive: endpoint("PATCH", "/api/games/:gameId"),
  remove: endpoint("DELETE", "/api/games/:gameId"),
  exportFile: endpoint("GET", "/api/games/:gameId/export"),
  importFile: endpoint("POST", "/api/games/import"),
  shareLink: endpoint("GET", "/api/games/:gameId/share"),
  shareLinkOn: endpoint("PUT", "/api/games/:gameId/share"),
  shareLinkOff: endpoint("DELETE", "/api/games/:gameId/share"),
  sharedGame: endpoint("GET", "/api/shared/:shareLinkId"),
  copySharedGame: endpoint("POST", "/api/shared/:shareLinkId/copy"),
  uploadPicture: endpoint("POST", "/api/images"),
  picture: endpoint("GET", "/api/images/:imageId"),
  aiStatus: endpoint("GET", "/api/ai/status"),
  generateQuestions: endpoint("POST", "/api/ai/generate-questions"),
} as const;
