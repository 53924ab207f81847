/** What a session leaves behind, for its host, and the privacy page's settings (schemas: results-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const resultsEndpoints = {
  results: endpoint("GET", "/api/sessions/:sessionId/results"),
  csv: endpoint("GET", "/api/sessions/:sessionId/results.csv"),
  clearHelp: endpoint("POST", "/api/sessions/:sessionId/progress/:progressId/clear-help"),
  privacy: endpoint("GET", "/api/privacy"),
} as const;
