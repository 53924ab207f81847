/** /api/join and /api/play: the student's side. Every progress route checks ownership first. */
import type { FastifyInstance } from "fastify";
import { AnswerSchema, HelpSchema, JoinLookupSchema, JoinSchema } from "../../shared/play-contracts.ts";
import type { JoinResponse, PlayState } from "../../shared/sessions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireStudent } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { JOIN_GUESS_LIMITS } from "../http/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseHub } from "../realtime/sse.ts";
import { createJoinGuessLimiter, type Guesser } from "./join-guesses.ts";
import { joinGroup, recordAnswer, setHelpRequested } from "./play-commands.ts";
import { refuseBlockedName } from "./name-check.ts";
import { classListFor, nameFromClassList } from "./class-list.ts";
import { lookupJoinCode, readPlayState, sessionOfOwnProgress } from "./play-queries.ts";

/** Lookups per address per minute (see http/limits.ts for the wrong-code allowances). */
export const JOIN_RATE_LIMIT = { max: JOIN_GUESS_LIMITS.lookupsPerAddressPerMinute, timeWindow: "1 minute" } as const;

export async function registerPlayRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; events: EventBus; sse: SseHub; blockedWords: ReadonlySet<string> }) {
  const { auth, db } = deps;
  const guesses = createJoinGuessLimiter();

  /**
   * Looks a code up, if this address and device have wrong codes left to spend (refused
   * before the lookup, so a spent allowance tells nothing about the code). Only a lookup
   * that found a group, or failed for the server's own reasons, is given back.
   */
  const lookup = async (guesser: Guesser, code: string) => {
    await guesses.admit(guesser);
    try {
      const found = await lookupJoinCode(db, code);
      await guesses.rightCode(guesser);
      return found;
    } catch (error) {
      if (!(error instanceof ApiError)) await guesses.rightCode(guesser);
      throw error;
    }
  };

  app.post("/api/join/lookup", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request) => {
    const student = await requireStudent(auth, request);
    const { code } = JoinLookupSchema.parse(request.body);
    const found = await lookup({ address: request.ip, deviceId: student.id }, code);
    return { ...found, classList: await classListFor(db, found.sessionId) };
  });

  app.post("/api/join", { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request, reply): Promise<JoinResponse> => {
    const student = await requireStudent(auth, request);
    const input = JoinSchema.parse(request.body);
    refuseBlockedName(input.name, deps.blockedWords);
    const name = await nameFromClassList(db, input.groupId, input.name);
    const { progressId, rejoined, sessionId } = await joinGroup(db, student.id, { ...input, name });
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
    const stream = deps.sse.open(request, reply, student.id, () => unsubscribe());
    unsubscribe = deps.events.subscribe(sessionId, (event) => {
      if (event.type === "session-ended" || event.type === "resync") stream.send({ type: event.type });
      else if ("progressId" in event && event.progressId === progressId) stream.send({ type: event.type });
    });
  });
}
