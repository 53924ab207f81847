import { sessionEndpoints } from "../../../shared/sessions/session-endpoints.ts";
import { apiCall, type BodyOfCall } from "../../lib/api-client.ts";

export const fetchSession = (sessionId: string) => apiCall(sessionEndpoints.read, { params: { sessionId } });
/** Start Session's request: the contract's (session-contracts.server.ts), as the page sends it. */
export type StartSessionInput = BodyOfCall<typeof sessionEndpoints.start>;
export const startSession = (input: StartSessionInput) => apiCall(sessionEndpoints.start, { body: input });
export const endSession = (sessionId: string) => apiCall(sessionEndpoints.end, { params: { sessionId }, body: {} });
