/** /api/join and /api/play: the student's side. Every progress route checks ownership first. */
import type { FastifyInstance } from "fastify";
import { AnswerSchema, HelpSchema, JoinLookupSchema, JoinSchema } from "../../shared/play-contracts.ts";
import type { JoinResponse, PlayState } from "../../shared/sessions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireStudent } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { JOIN_RATE_LIMIT } from "../http/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseHub } from "../realtime/sse.ts";
import { createJoinGuessLimiter, type Guesser } from "./join-guesses.ts";
import { joinGroup, recordAnswer, setHelpRequested } from "./play-commands.ts";
import { lookupJoinCode, readPlayState, sessionOfOwnProgress } from "./play-queries.ts";

export async function registerPlayRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; events: EventBus; sse: SseHub }) {
  const { auth, db } = deps;
  const guesses = createJoinGuessLimiter(app.limitCounters);

  /**
   * Looks a code up, if this address and device have wrong codes left to spend (refused
   * before the lookup, so a spent allowance tells nothing about the code).
   */
  const lookup = (guesser: Guesser, code: string) => guesses.lookUp(guesser, () => lookupJoinCode(db, code));

  app.post("/api/join/lookup", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request) => {
    const student = await requireStudent(auth, request);
    const { code } = JoinLookupSchema.parse(request.body);
    return lookup({ address: request.ip, deviceId: student.id }, code);
  });

  app.post("/api/join", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request, reply): Promise<JoinResponse> => {
    const student = await requireStudent(auth, request);
    const input = JoinSchema.parse(request.body);
    const { progressId, rejoined, sessionId } = await joinGroup(db, student.id, input);
    if (!rejoined) deps.events.publish({ type: "members", sessionId });
    if (!rejoined) await guesses.joined({ address: request.ip, deviceId: student.id });
    reply.code(rejoined ? 200 : 201);
    return { progressId };
  });

  app.get<{ Params: { progressId: string } }>("/api/play/:progressId", async (request, reply): Promise<PlayState> => {
    const student = await requireStudent(auth, request);
    reply.header("cache-control", "no-store");
    return readPlayState(db, request.params.progressId, student.id);
  });

  app.post<{ Params: { progressId: string } }>("/api/play/:progressId/answers", async (request) => {
    const student = await requireStudent(auth, request);
    const input = AnswerSchema.parse(request.body);
    const { sessionId, recorded, ...result } = await recordAnswer(db, request.params.progressId, student.id, input);
    if (recorded) deps.events.publish({ type: "progress", sessionId, progressId: request.params.progressId });
    return result;
  });

  app.post<{ Params: { progressId: string } }>("/api/play/:progressId/help", async (request) => {
    const student = await requireStudent(auth, request);
    const { requested } = HelpSchema.parse(request.body);
    const sessionId = await setHelpRequested(db, request.params.progressId, student.id, requested);
    deps.events.publish({ type: "help", sessionId, progressId: request.params.progressId });
    return { helpRequested: requested };
  });

  // The student's live channel: only the session ending and their own changes reach them.
  app.get<{ Params: { progressId: string } }>("/api/play/:progressId/events", async (request, reply) => {
    const student = await requireStudent(auth, request);
    const progressId = request.params.progressId;
    const sessionId = await sessionOfOwnProgress(db, progressId, student.id);
    let unsubscribe = () => {};
    const stream = deps.sse.open(request, reply, student.id, () => unsubscribe());
    unsubscribe = deps.events.subscribe(sessionId, (event) => {
      if (event.type === "session-ended" || event.type === "resync") stream.send({ type: event.type });
      else if ("progressId" in event && event.progressId === progressId) stream.send({ type: event.type });
    });
  });
}
