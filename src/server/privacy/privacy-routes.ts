/** What the public privacy page needs from the server: the retention period it is set to. */
import type { FastifyInstance } from "fastify";
import type { PrivacySettings } from "../../shared/results/results-deletion.ts";

export async function registerPrivacyRoutes(app: FastifyInstance, deps: { retentionDays: number }) {
  app.get("/api/privacy", async (): Promise<PrivacySettings> => ({ retentionDays: deps.retentionDays }));
}
