/** The AI suggestions' endpoints (schemas: ai-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const aiEndpoints = {
  aiStatus: endpoint("GET", "/api/ai/status"),
  generateQuestions: endpoint("POST", "/api/ai/generate-questions"),
} as const;
