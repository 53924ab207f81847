import { playEndpoints } from "../../../shared/play/play-endpoints.ts";
import { apiCall, type BodyOfCall } from "../../lib/api-client.ts";

export const lookupCode = (code: string) => apiCall(playEndpoints.lookUpCode, { body: { code } });
export const joinGroup = (input: BodyOfCall<typeof playEndpoints.join>) => apiCall(playEndpoints.join, { body: input });
