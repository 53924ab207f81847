/** Taking a pupil out of a live session: one call, used from the codes page and the results page. */
import { sessionEndpoints } from "../../shared/sessions/session-endpoints.ts";
import { apiCall } from "./api-client.ts";

export const removePupil = (sessionId: string, progressId: string) =>
  apiCall(sessionEndpoints.removePupil, { params: { sessionId, progressId } });
