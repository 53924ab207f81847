/** Game files and share links (decision 018): the dashboard and the shared-game page both use these. */
import { pathOf } from "../../shared/endpoint.ts";
import { sharingEndpoints } from "../../shared/sharing/sharing-endpoints.ts";
import { apiCall, apiFile } from "./api-client.ts";

/** Where a game's file comes from. */
export const gameFileUrl = (gameId: string) => pathOf(sharingEndpoints.exportFile.path, { gameId });

/**
 * Downloads a game's file under the name the server gives it. Fetched rather than followed as a
 * link: a refusal (the hourly allowance of downloads spent) is then a message on the
 * page, where a link would leave the browser's download list saying only "Failed".
 */
export async function downloadGameFile(gameId: string): Promise<void> {
  const { blob, fileName } = await apiFile(gameFileUrl(gameId));
  const url = URL.createObjectURL(blob);
  try {
    const link = Object.assign(document.createElement("a"), { href: url, download: fileName ?? "game.cluehunt.json" });
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** A game file as read from disk: the server checks it (docs/GAME-FORMAT.md). */
export const importGameFile = (file: unknown) => apiCall(sharingEndpoints.importFile, { body: file });

export const fetchShareLink = (gameId: string) => apiCall(sharingEndpoints.shareLink, { params: { gameId } });
export const turnShareLinkOn = (gameId: string) => apiCall(sharingEndpoints.shareLinkOn, { params: { gameId } });
export const turnShareLinkOff = (gameId: string) => apiCall(sharingEndpoints.shareLinkOff, { params: { gameId } });

export const fetchSharedGame = (shareLinkId: string) =>
  apiCall(sharingEndpoints.sharedGame, { params: { shareLinkId } });
export const copySharedGame = (shareLinkId: string) =>
  apiCall(sharingEndpoints.copySharedGame, { params: { shareLinkId }, body: {} });
