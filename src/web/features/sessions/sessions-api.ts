import type { Language } from "../../../shared/i18n/languages.ts";
import type { HuntMode } from "../../../shared/stations/station-rules.ts";
import type { SessionCodesResponse } from "../../../shared/sessions/session-responses.ts";
import { api } from "../../lib/api-client.ts";

export const sessionQueryKey = (id: string) => ["session", id] as const;
export const fetchSession = (id: string) => api<SessionCodesResponse>(`/api/sessions/${encodeURIComponent(id)}`);
export const startSession = (input: {
  gameId: string;
  groupCount: number;
  huntMode: HuntMode;
  soundEffects: boolean;
  classList: string;
  /** A saved class whose names become the session's class list (then classList is ""). */
  classId?: string;
  pupilLanguage: Language;
  /** Per group, another of the teacher's games (null: the session's game); [] for one game. */
  groupGames: (string | null)[];
  /** Homework, open until then (ISO with its offset); absent for a game played in class. */
  closesAt?: string;
}) => api<{ id: string }>("/api/sessions", { method: "POST", body: input });
export const endSession = (id: string) =>
  api<{ ok: true }>(`/api/sessions/${encodeURIComponent(id)}/end`, { method: "POST", body: {} });
