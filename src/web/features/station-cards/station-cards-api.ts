/** The station cards API: the game's cards to print, marked printed, renewed ("New cards"). */
import type { StationCardsResponse } from "../../../shared/stations/station-responses.ts";
import { api } from "../../lib/api-client.ts";

export const stationCardsQueryKey = (gameId: string) => ["station-cards", gameId] as const;

const cardsPath = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/station-cards`;

export const fetchStationCards = (gameId: string) => api<StationCardsResponse>(cardsPath(gameId));
export const markStationCardsPrinted = (gameId: string) =>
  api<StationCardsResponse>(`${cardsPath(gameId)}/printed`, { method: "POST", body: {} });
export const renewStationCards = (gameId: string) =>
  api<StationCardsResponse>(`${cardsPath(gameId)}/renew`, { method: "POST", body: {} });
