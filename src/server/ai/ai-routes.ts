/** AI question generation: teachers only, 30 an hour each, the model's time limit enforced. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { aiContracts } from "../../shared/ai/ai-contracts.server.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { messageText, msg } from "../../shared/i18n/messages.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import { serve } from "../http/contract-routes.ts";
import { createKeyLimiter } from "../limits/key-limiter.ts";
import { BODY_LIMITS, limitMessages, TEACHER_LIMITS } from "../limits/limits.ts";
import { createQuestionGenerator } from "./question-generator.ts";

export async function registerAiRoutes(app: FastifyInstance, deps: { auth: Auth; config: Config }) {
  const generate = deps.config.ai ? createQuestionGenerator(deps.config.ai) : undefined;
  const limiter = createKeyLimiter(app.limitCounters, "teacher:ai-generations", TEACHER_LIMITS.aiGenerations);

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(deps.auth, request) };

  serve(app, aiContracts.aiStatus, teacherOnly, async () => {
    return { configured: Boolean(generate) };
  });

  // A server without a model says so before the body is judged: the guard says it.
  serve(
    app,
    aiContracts.generateQuestions,
    {
      bodyLimit: BODY_LIMITS.aiGeneration,
      guard: async (request) => {
        const teacher = await requireTeacher(deps.auth, request);
        if (!generate) throw new ApiError(501, "unimplemented", messageText(msg("games.ai.notSetUp")));
        return { teacher, generate };
      },
    },
    async (request, _reply, { teacher, generate }) => {
      const input = request.body;
      if (!(await limiter.take(teacher.id)).allowed) {
        // The SPEC's cloud-function reason, not rate_limited: the editor reads it as its AI error.
        throw new ApiError(429, "resource-exhausted", limitMessages.tooManyAiGenerations);
      }
      const { questions, refused } = await generate(input);
      request.log.info(
        {
          teacher: teacher.id,
          subject: input.subject,
          level: input.level,
          count: questions.length,
          refused: refused.length,
          kinds: input.kinds,
          version: Boolean(input.basedOn),
        },
        "AI questions generated",
      );
      return refused.length > 0 ? { questions, refused } : { questions };
    },
  );
}
