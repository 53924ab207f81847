/** What the public privacy page needs from the server: the retention period it is set to. */
import type { FastifyInstance } from "fastify";
import { resultsContracts } from "../../shared/results/results-contracts.server.ts";
import { serve } from "../http/contract-routes.ts";

export async function registerPrivacyRoutes(app: FastifyInstance, deps: { retentionDays: number }) {
  serve(app, resultsContracts.privacy, {}, async () => ({ retentionDays: deps.retentionDays }));
}
