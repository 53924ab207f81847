/**
 * /api/sessions: a session's life for its host (start, read, end, delete, remove a pupil) and the host's live
 * channel, which the codes and results pages both listen to. Authenticate → authorize → validate → command → present.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { sessionContracts } from "../../shared/sessions/session-contracts.server.ts";
import { sessionMessages } from "../../shared/sessions/session-rules.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import { endWhenSignedOut } from "../auth/revocation.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { sessionNotFound } from "../http/errors.ts";
import { joinBaseUrl } from "../join-url.ts";
import { limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseHub } from "../realtime/sse.ts";
import { deleteEndedSession, endSession, removePupil, startSession } from "./session-commands.ts";
import { findSessionForHost, listSessions } from "./session-queries.ts";

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

  const teacherOnly = (notSignedIn?: MessageText) => ({
    guard: (request: FastifyRequest) => requireTeacher(auth, request, notSignedIn),
  });

  serve(app, sessionContracts.list, teacherOnly(), async (request, _reply, teacher) => {
    return { sessions: await listSessions(db, teacher.id, request.query.status) };
  });

  serve(app, sessionContracts.start, teacherOnly(sessionMessages.cannotStart), async (request, reply, teacher) => {
    await starts.take(teacher.id);
    const { id } = await startSession(db, teacher.id, request.body, deps.nextJoinCode);
    reply.code(201);
    return { id };
  });

  serve(app, sessionContracts.read, teacherOnly(), async (request, _reply, teacher) => {
    const session = await findSessionForHost(db, request.params.sessionId, teacher.id);
    if (!session) throw sessionNotFound();
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : deps.config.port;
    return { session, joinBaseUrl: joinBaseUrl(deps.config, port) };
  });

  serve(app, sessionContracts.end, teacherOnly(sessionMessages.cannotEnd), async (request, _reply, teacher) => {
    if (await endSession(db, request.params.sessionId, teacher.id))
      deps.events.publish({ type: "session-ended", sessionId: request.params.sessionId });
    return { ok: true as const };
  });

  // The host's live channel: members joining, answers, help requests, the session ending.
  serve(app, sessionContracts.events, teacherOnly(), async (request, reply, teacher) => {
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
  serve(app, sessionContracts.removePupil, teacherOnly(), async (request, _reply, teacher) => {
    const { sessionId, progressId } = request.params;
    const { removed } = await removePupil(db, sessionId, progressId, teacher.id);
    if (removed) deps.events.publish({ type: "pupil-removed", sessionId, progressId });
    return { removed: true as const };
  });

  serve(app, sessionContracts.remove, teacherOnly(), async (request, _reply, teacher) => {
    await deleteEndedSession(db, request.params.sessionId, teacher.id);
    return { deleted: true as const };
  });
}
