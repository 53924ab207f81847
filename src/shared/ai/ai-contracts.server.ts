/** The AI suggestions' contracts (decision 045): whether AI is set up, and questions suggested. */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { QUESTION_KINDS } from "../games/question-kinds.ts";
import { aiEndpoints } from "./ai-endpoints.ts";
import { type AiStatusResponse, type GenerateQuestionsResponse, GenerateQuestionsSchema } from "./ai-suggestions.ts";

export const aiContracts = {
  aiStatus: contract(aiEndpoints.aiStatus, {
    summary: "Whether AI question generation is set up",
    caller: "teacher",
    responses: { 200: exactly<AiStatusResponse>()(z.object({ configured: z.boolean() })) },
  }),
  generateQuestions: contract(aiEndpoints.generateQuestions, {
    summary: "Suggest questions with the configured language model",
    caller: "teacher",
    body: GenerateQuestionsSchema,
    responses: {
      200: exactly<GenerateQuestionsResponse>()(
        z.object({
          questions: z.array(
            z.object({
              kind: z.enum(QUESTION_KINDS).optional(),
              questionText: z.string(),
              options: z.array(z.string()),
              clue: z.string(),
              correctAnswer: z.number().int().optional(),
              correctAnswers: z.array(z.number().int()).optional(),
              fadasCount: z.boolean().optional(),
              optionNotes: z.array(z.string()).optional(),
            }),
          ),
          refused: z.array(z.string()).optional(),
        }),
      ),
    },
  }),
} as const;
