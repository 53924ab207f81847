/** Taking a pupil out of a live session: one call, used from the codes page and the results page. */
import { api } from "./api-client.ts";

export const removePupil = (sessionId: string, progressId: string) =>
  api<{ removed: true }>(`/api/sessions/${encodeURIComponent(sessionId)}/pupils/${encodeURIComponent(progressId)}`, {
    method: "DELETE",
  });
