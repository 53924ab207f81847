/** The station cards API: the game's cards to print, marked printed, renewed ("New cards"). */
import { stationEndpoints } from "../../../shared/stations/station-endpoints.ts";
import { apiCall } from "../../lib/api-client.ts";

export const fetchStationCards = (gameId: string) => apiCall(stationEndpoints.cards, { params: { gameId } });
export const markStationCardsPrinted = (gameId: string) =>
  apiCall(stationEndpoints.printed, { params: { gameId }, body: {} });
export const renewStationCards = (gameId: string) => apiCall(stationEndpoints.renew, { params: { gameId }, body: {} });
