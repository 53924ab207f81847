import type { Language } from "../../../shared/i18n/languages.ts";
import type { SessionCodesResponse } from "../../../shared/sessions/session-responses.ts";
import { api } from "../../lib/api-client.ts";

export const sessionQueryKey = (id: string) => ["session", id] as const;
export const fetchSession = (id: string) => api<SessionCodesResponse>(`/api/sessions/${encodeURIComponent(id)}`);
export const startSession = (input: {
  gameId: string;
  groupCount: number;
  soundEffects: boolean;
  classList: string;
  pupilLanguage: Language;
}) => api<{ id: string }>("/api/sessions", { method: "POST", body: input });
export const endSession = (id: string) =>
  api<{ ok: true }>(`/api/sessions/${encodeURIComponent(id)}/end`, { method: "POST", body: {} });
