/** AI question generation: teachers only, 30 an hour each, the model's time limit enforced. */
import type { FastifyInstance } from "fastify";
import {
  GenerateQuestionsSchema,
  type AiStatusResponse,
  type GenerateQuestionsResponse,
} from "../../shared/ai/ai-suggestions.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { messageText, msg } from "../../shared/i18n/messages.ts";
import { createKeyLimiter } from "../limits/key-limiter.ts";
import { BODY_LIMITS, TEACHER_LIMITS, limitMessages } from "../limits/limits.ts";
import { createQuestionGenerator } from "./question-generator.ts";

export async function registerAiRoutes(app: FastifyInstance, deps: { auth: Auth; config: Config }) {
  const generate = deps.config.ai ? createQuestionGenerator(deps.config.ai) : undefined;
  const limiter = createKeyLimiter(app.limitCounters, "teacher:ai-generations", TEACHER_LIMITS.aiGenerations);

  app.get("/api/ai/status", async (request): Promise<AiStatusResponse> => {
    await requireTeacher(deps.auth, request);
    return { configured: Boolean(generate) };
  });

  app.post(
    "/api/ai/generate-questions",
    { bodyLimit: BODY_LIMITS.aiGeneration },
    async (request): Promise<GenerateQuestionsResponse> => {
      const teacher = await requireTeacher(deps.auth, request);
      if (!generate) throw new ApiError(501, "unimplemented", messageText(msg("games.ai.notSetUp")));
      const input = GenerateQuestionsSchema.parse(request.body);
      if (!(await limiter.take(teacher.id)).allowed) {
        // The SPEC's cloud-function reason, not rate_limited: the editor reads it as its AI error.
        throw new ApiError(429, "resource-exhausted", limitMessages.tooManyAiGenerations);
      }
      const questions = await generate(input);
      request.log.info(
        {
          teacher: teacher.id,
          subject: input.subject,
          level: input.level,
          count: questions.length,
          version: Boolean(input.basedOn),
        },
        "AI questions generated",
      );
      return { questions };
    },
  );
}
