/** /api/join and /api/play: the student's side. Every progress route checks ownership first. */
import type { FastifyInstance } from "fastify";
import { AnswerSchema, HelpSchema, JoinLookupSchema, JoinSchema } from "../../shared/play-contracts.ts";
import type { JoinResponse, PlayState } from "../../shared/sessions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireStudent } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { tooManyRequests } from "../http/errors.ts";
import { createKeyLimiter } from "../http/key-limiter.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseHub } from "../realtime/sse.ts";
import { joinGroup, recordAnswer, setHelpRequested } from "./play-commands.ts";
import { lookupJoinCode, readPlayState, sessionOfOwnProgress } from "./play-queries.ts";

/**
 * Join codes are 6 digits, so guessing must be slow: every client may look up 120 codes a
 * minute (a class behind one school address), but only 20 wrong ones per 10 minutes.
 */
export const JOIN_RATE_LIMIT = { max: 120, timeWindow: "1 minute" } as const;
export const WRONG_CODES_PER_WINDOW = 20;
export const WRONG_CODE_WINDOW_MS = 10 * 60 * 1000;

export async function registerPlayRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; events: EventBus; sse: SseHub }) {
  const { auth, db } = deps;
  const wrongCodes = createKeyLimiter({ max: WRONG_CODES_PER_WINDOW, windowMs: WRONG_CODE_WINDOW_MS });
  const tooManyWrongCodes = () => tooManyRequests("Too many wrong join codes. Please wait a few minutes, then check the code with your teacher.");

  /** Looks a code up; a miss counts against this client's allowance of wrong codes. */
  const lookup = async (ip: string, code: string) => {
    try {
      return await lookupJoinCode(db, code);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && !wrongCodes.take(ip)) throw tooManyWrongCodes();
      throw error;
    }
  };

  app.post("/api/join/lookup", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request) => {
    await requireStudent(auth, request);
    const { code } = JoinLookupSchema.parse(request.body);
    return lookup(request.ip, code);
  });

  app.post("/api/join", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request, reply): Promise<JoinResponse> => {
    const student = await requireStudent(auth, request);
    const input = JoinSchema.parse(request.body);
    const { progressId, rejoined, sessionId } = await joinGroup(db, student.id, input);
    if (!rejoined) deps.events.publish({ type: "members", sessionId });
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
    const stream = deps.sse.open(request, reply, () => unsubscribe());
    unsubscribe = deps.events.subscribe(sessionId, (event) => {
      if (event.type === "session-ended" || event.type === "resync") stream.send({ type: event.type });
      else if ("progressId" in event && event.progressId === progressId) stream.send({ type: event.type });
    });
  });
}
