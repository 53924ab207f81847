import { pathOf } from "../../../shared/endpoint.ts";
import { playEndpoints } from "../../../shared/play/play-endpoints.ts";
import { apiCall, type BodyOfCall } from "../../lib/api-client.ts";

export const fetchPlayState = (progressId: string) => apiCall(playEndpoints.playState, { params: { progressId } });
export const postAnswer = (progressId: string, answer: PendingAnswer) =>
  apiCall(playEndpoints.answer, { params: { progressId }, body: answer, timeoutMs: 15_000 });
export const postHelp = (progressId: string, requested: boolean) =>
  apiCall(playEndpoints.help, { params: { progressId }, body: { requested } });
export const playEventsUrl = (progressId: string) => pathOf(playEndpoints.events.path, { progressId });

export type PendingAnswer = BodyOfCall<typeof playEndpoints.answer>;

/** A station found by its card's token (a scan) or its word (typed). */
export const postStationFind = (progressId: string, found: BodyOfCall<typeof playEndpoints.findStation>) =>
  apiCall(playEndpoints.findStation, { params: { progressId }, body: found, timeoutMs: 15_000 });
/** A card's address opened on this device (/s/:token): the find is made when this device has joined its hunt. */
export const postStationVisit = (token: string) =>
  apiCall(playEndpoints.visitStation, { body: { token }, timeoutMs: 15_000 });
