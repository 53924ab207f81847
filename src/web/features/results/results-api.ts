import { pathOf } from "../../../shared/endpoint.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { resultsEndpoints } from "../../../shared/results/results-endpoints.ts";
import { sessionEndpoints } from "../../../shared/sessions/session-endpoints.ts";
import { apiCall } from "../../lib/api-client.ts";

export const fetchResults = (sessionId: string) => apiCall(resultsEndpoints.results, { params: { sessionId } });
/** The CSV in the page's language. */
export const resultsCsvUrl = (sessionId: string, language: Language) =>
  `${pathOf(resultsEndpoints.csv.path, { sessionId })}?lang=${language}`;
export const clearHelp = (sessionId: string, progressId: string) =>
  apiCall(resultsEndpoints.clearHelp, { params: { sessionId, progressId }, body: {} });
export const deleteResults = (sessionId: string) => apiCall(sessionEndpoints.remove, { params: { sessionId } });
