/** Results, for the session's host only: JSON for the page, CSV for keeping, clear help. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { resultsContracts } from "../../shared/results/results-contracts.server.ts";
import { resultsDeletionDate } from "../../shared/results/results-deletion.ts";
import { preferredLanguageOf } from "../account/account-queries.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { sessionNotFound } from "../http/errors.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import { clearHelpRequest } from "./results-commands.ts";
import { resultsCsv, resultsFileName } from "./results-csv.ts";
import { findSessionResults } from "./results-queries.ts";

export async function registerResultsRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; events: EventBus; retentionDays: number },
) {
  const { auth, db } = deps;

  const hostsResults = async (request: FastifyRequest, sessionId: string) => {
    const teacher = await requireTeacher(auth, request);
    const results = await findSessionResults(db, sessionId, teacher.id);
    if (!results) throw sessionNotFound();
    const deletesAt = resultsDeletionDate(results.session.endTime, deps.retentionDays);
    return {
      teacher,
      results: { ...results, retention: { days: deps.retentionDays, deletesAt: deletesAt?.toISOString() ?? null } },
    };
  };
  serve(app, resultsContracts.results, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return (await hostsResults(request, request.params.sessionId)).results;
  });

  // ?lang=ga|en: the CSV's words in that language; else the teacher's own. The query is checked
  // before who is asking (no guard: the handler asks).
  serve(app, resultsContracts.csv, {}, async (request, reply) => {
    const { lang } = request.query;
    const { teacher, results } = await hostsResults(request, request.params.sessionId);
    const language = lang ?? (await preferredLanguageOf(db, teacher.id)) ?? "en";
    const name = resultsFileName(results);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header("cache-control", "no-store")
      .send(resultsCsv(results, language));
  });

  serve(
    app,
    resultsContracts.clearHelp,
    { guard: (request) => requireTeacher(auth, request) },
    async (request, _reply, teacher) => {
      await clearHelpRequest(db, request.params.sessionId, request.params.progressId, teacher.id);
      deps.events.publish({ type: "help", sessionId: request.params.sessionId, progressId: request.params.progressId });
      return { helpRequested: false as const };
    },
  );
}
