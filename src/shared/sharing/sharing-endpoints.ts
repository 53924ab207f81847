/** Sharing a game's endpoints: its file, its share link, a shared game read and copied (schemas: sharing-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const sharingEndpoints = {
  exportFile: endpoint("GET", "/api/games/:gameId/export"),
  importFile: endpoint("POST", "/api/games/import"),
  shareLink: endpoint("GET", "/api/games/:gameId/share"),
  shareLinkOn: endpoint("PUT", "/api/games/:gameId/share"),
  shareLinkOff: endpoint("DELETE", "/api/games/:gameId/share"),
  sharedGame: endpoint("GET", "/api/shared/:shareLinkId"),
  copySharedGame: endpoint("POST", "/api/shared/:shareLinkId/copy"),
} as const;
