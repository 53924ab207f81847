import type { Language } from "../../../shared/i18n/languages.ts";
import type { SessionResults } from "../../../shared/results/results.ts";
import { api } from "../../lib/api-client.ts";

export const resultsQueryKey = (sessionId: string) => ["results", sessionId] as const;
const base = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

export const fetchResults = (sessionId: string) => api<SessionResults>(`${base(sessionId)}/results`);
/** The CSV in the page's language. */
export const resultsCsvUrl = (sessionId: string, language: Language) =>
  `${base(sessionId)}/results.csv?lang=${language}`;
export const clearHelp = (sessionId: string, progressId: string) =>
  api<{ helpRequested: false }>(`${base(sessionId)}/progress/${encodeURIComponent(progressId)}/clear-help`, {
    method: "POST",
    body: {},
  });
export const deleteResults = (sessionId: string) => api<{ deleted: true }>(base(sessionId), { method: "DELETE" });
