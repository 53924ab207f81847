/**
 * /api/sessions: a session's life for its host (start, read, end, delete, remove a pupil) and the host's live
 * channel, which the codes and results pages both listen to. Authenticate → authorize → validate → command → present.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { StartSessionSchema } from "../../shared/sessions/session-contracts.server.ts";
import type { SessionCodesResponse } from "../../shared/sessions/session-responses.ts";
import { sessionMessages } from "../../shared/sessions/session-rules.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import { endWhenSignedOut } from "../auth/revocation.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { sessionNotFound } from "../http/errors.ts";
import { limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseHub } from "../realtime/sse.ts";
import { joinBaseUrl } from "../join-url.ts";
import { deleteEndedSession, endSession, removePupil, startSession } from "./session-commands.ts";
import { findSessionForHost, listSessions } from "./session-queries.ts";

const ListQuery = z.object({ status: z.enum(["active", "past"], { message: "sessions.statusInvalid" }) });

export type SessionRouteDeps = {
  auth: Auth;
  db: Db;
  config: Config;
  events: EventBus;
  sse: SseHub;
  nextJoinCode?: () => string;
};

export async function registerSessionRoutes(app: FastifyInstance, deps: SessionRouteDeps) {
  const { auth, db } = deps;
  const starts = perTeacherLimit(
    app.limitCounters,
    "session-starts",
    TEACHER_LIMITS.sessionStarts,
    limitMessages.tooManySessionStarts,
  );

  app.get("/api/sessions", async (request) => {
    const teacher = await requireTeacher(auth, request);
    const { status } = ListQuery.parse(request.query);
    return { sessions: await listSessions(db, teacher.id, status) };
  });

  app.post("/api/sessions", async (request, reply) => {
    const teacher = await requireTeacher(auth, request, sessionMessages.cannotStart);
    const input = StartSessionSchema.parse(request.body);
    await starts.take(teacher.id);
    const { id } = await startSession(db, teacher.id, input, deps.nextJoinCode);
    return reply.code(201).send({ id });
  });

  app.get<{ Params: { sessionId: string } }>(
    "/api/sessions/:sessionId",
    async (request): Promise<SessionCodesResponse> => {
      const teacher = await requireTeacher(auth, request);
      const session = await findSessionForHost(db, request.params.sessionId, teacher.id);
      if (!session) throw sessionNotFound();
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : deps.config.port;
      return { session, joinBaseUrl: joinBaseUrl(deps.config, port) };
    },
  );

  app.post<{ Params: { sessionId: string } }>("/api/sessions/:sessionId/end", async (request) => {
    const teacher = await requireTeacher(auth, request, sessionMessages.cannotEnd);
    if (await endSession(db, request.params.sessionId, teacher.id))
      deps.events.publish({ type: "session-ended", sessionId: request.params.sessionId });
    return { ok: true };
  });

  // The host's live channel: members joining, answers, help requests, the session ending.
  app.get<{ Params: { sessionId: string } }>("/api/sessions/:sessionId/events", async (request, reply) => {
    const teacher = await requireTeacher(auth, request);
    const session = await findSessionForHost(db, request.params.sessionId, teacher.id);
    if (!session) throw sessionNotFound();
    let unsubscribe = () => {};
    const stream = deps.sse.open(request, reply, teacher.id, () => unsubscribe());
    const fromSession = deps.events.subscribe(session.id, (event) => stream.send(event));
    // Ended at once when this browser's sign-in is ended elsewhere (decision 020).
    const fromSignOut = endWhenSignedOut({ auth, events: deps.events }, request, teacher.id, stream);
    unsubscribe = () => {
      fromSession();
      fromSignOut();
    };
  });

  // Take a pupil out of the session: their screen says so, the codes page, projector and results update.
  app.delete<{ Params: { sessionId: string; progressId: string } }>(
    "/api/sessions/:sessionId/pupils/:progressId",
    async (request) => {
      const teacher = await requireTeacher(auth, request);
      const { sessionId, progressId } = request.params;
      const { removed } = await removePupil(db, sessionId, progressId, teacher.id);
      if (removed) deps.events.publish({ type: "pupil-removed", sessionId, progressId });
      return { removed: true };
    },
  );

  app.delete<{ Params: { sessionId: string } }>("/api/sessions/:sessionId", async (request) => {
    const teacher = await requireTeacher(auth, request);
    await deleteEndedSession(db, request.params.sessionId, teacher.id);
    return { deleted: true };
  });
}
