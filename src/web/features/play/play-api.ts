import type { AnswerResponse, PlayState } from "../../../shared/play/play-responses.ts";
import type { FindStationResponse, StationVisitResponse } from "../../../shared/play/play-responses.ts";
import { api } from "../../lib/api-client.ts";

export const playQueryKey = (progressId: string) => ["play", progressId] as const;
const base = (progressId: string) => `/api/play/${encodeURIComponent(progressId)}`;

export const fetchPlayState = (progressId: string) => api<PlayState>(base(progressId));
export const postAnswer = (progressId: string, answer: PendingAnswer) =>
  api<AnswerResponse>(`${base(progressId)}/answers`, { method: "POST", body: answer, timeoutMs: 15_000 });
export const postHelp = (progressId: string, requested: boolean) =>
  api<{ helpRequested: boolean }>(`${base(progressId)}/help`, { method: "POST", body: { requested } });
export const playEventsUrl = (progressId: string) => `${base(progressId)}/events`;

export type PendingAnswer = { questionIndex: number; selectedOption: number; attemptId: string };

/** A station found by its card's token (a scan) or its word (typed). */
export const postStationFind = (progressId: string, found: { token: string } | { word: string }) =>
  api<FindStationResponse>(`${base(progressId)}/stations`, { method: "POST", body: found, timeoutMs: 15_000 });
/** A card's address opened on this device (/s/:token): the find is made when this device has joined its hunt. */
export const postStationVisit = (token: string) =>
  api<StationVisitResponse>("/api/stations/visit", { method: "POST", body: { token }, timeoutMs: 15_000 });
