/** Results, for the session's host only: JSON for the page, CSV for keeping, clear help. */
import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { resultsDeletionDate } from "../../shared/retention.ts";
import { sessionNotFound } from "../http/errors.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import { resultsCsv, resultsFileName } from "./results-csv.ts";
import { clearHelpRequest } from "./results-commands.ts";
import { findSessionResults } from "./results-queries.ts";

type SessionParams = { Params: { sessionId: string } };

export async function registerResultsRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; events: EventBus; retentionDays: number }) {
  const { auth, db } = deps;

  const resultsFor = async (request: Parameters<typeof requireTeacher>[1], sessionId: string) => {
    const teacher = await requireTeacher(auth, request);
    const results = await findSessionResults(db, sessionId, teacher.id);
    if (!results) throw sessionNotFound();
    const deletesAt = resultsDeletionDate(results.session.endTime, deps.retentionDays);
    return { ...results, retention: { days: deps.retentionDays, deletesAt: deletesAt?.toISOString() ?? null } };
  };

  app.get<SessionParams>("/api/sessions/:sessionId/results", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return resultsFor(request, request.params.sessionId);
  });

  app.get<SessionParams>("/api/sessions/:sessionId/results.csv", async (request, reply) => {
    const results = await resultsFor(request, request.params.sessionId);
    const name = resultsFileName(results);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header("cache-control", "no-store")
      .send(resultsCsv(results));
  });

  app.post<{ Params: { sessionId: string; progressId: string } }>("/api/sessions/:sessionId/progress/:progressId/clear-help", async (request) => {
    const teacher = await requireTeacher(auth, request);
    await clearHelpRequest(db, request.params.sessionId, request.params.progressId, teacher.id);
    deps.events.publish({ type: "help", sessionId: request.params.sessionId, progressId: request.params.progressId });
    return { helpRequested: false };
  });
}
