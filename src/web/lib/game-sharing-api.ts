/** Game files and share links (decision 018): the dashboard and the shared-game page both use these. */
import type { SharedGame, ShareLinkState } from "../../shared/sharing/sharing.ts";
import { api, apiFile } from "./api-client.ts";

export const shareLinkQueryKey = (gameId: string) => ["games", gameId, "share"] as const;
export const sharedGameQueryKey = (shareLinkId: string) => ["shared", shareLinkId] as const;

/** Where a game's file comes from. */
export const gameFileUrl = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/export`;

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

export const importGameFile = (file: unknown) =>
  api<{ id: string; title: string }>("/api/games/import", { method: "POST", body: file });

export const fetchShareLink = (gameId: string) => api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`);
export const turnShareLinkOn = (gameId: string) =>
  api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`, { method: "PUT" });
export const turnShareLinkOff = (gameId: string) =>
  api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`, { method: "DELETE" });

export const fetchSharedGame = (shareLinkId: string) =>
  api<{ game: SharedGame }>(`/api/shared/${encodeURIComponent(shareLinkId)}`);
export const copySharedGame = (shareLinkId: string) =>
  api<{ id: string; title: string }>(`/api/shared/${encodeURIComponent(shareLinkId)}/copy`, {
    method: "POST",
    body: {},
  });
