/** Game files and share links (decision 018): the dashboard and the shared-game page both use these. */
import type { SharedGame, ShareLinkState } from "../../shared/games/sharing.ts";
import { api } from "./api-client.ts";

export const shareLinkQueryKey = (gameId: string) => ["games", gameId, "share"] as const;
export const sharedGameQueryKey = (shareLinkId: string) => ["shared", shareLinkId] as const;

/** Where the browser downloads a game's file from (a plain link: the server names the file). */
export const gameFileUrl = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/export`;

export const importGameFile = (file: unknown) => api<{ id: string; title: string }>("/api/games/import", { method: "POST", body: file });

export const fetchShareLink = (gameId: string) => api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`);
export const turnShareLinkOn = (gameId: string) => api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`, { method: "PUT" });
export const turnShareLinkOff = (gameId: string) => api<ShareLinkState>(`/api/games/${encodeURIComponent(gameId)}/share`, { method: "DELETE" });

export const fetchSharedGame = (shareLinkId: string) => api<{ game: SharedGame }>(`/api/shared/${encodeURIComponent(shareLinkId)}`);
export const copySharedGame = (shareLinkId: string) => api<{ id: string; title: string }>(`/api/shared/${encodeURIComponent(shareLinkId)}/copy`, { method: "POST", body: {} });
