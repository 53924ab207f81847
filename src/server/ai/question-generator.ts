/**
 * The SPEC's generateQuestions: ask an OpenAI-compatible chat-completions endpoint for
 * suggestions through the Vercel AI SDK, with a structured-output schema.
 *
 * `supportsStructuredOutputs: true` makes the provider send `response_format: json_schema`
 * (strict) rather than bare `json_object`; chat completions rather than the Responses API,
 * because Ollama, vLLM and LM Studio all serve /v1/chat/completions.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, NoObjectGeneratedError, Output } from "ai";
import { z } from "zod";
import type { AiSuggestion, GenerateQuestionsRequest } from "../../shared/ai/ai-suggestions.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { gameMessages } from "../../shared/games/games.ts";
import { type MessageTable, messageText, msg } from "../../shared/i18n/messages.ts";
import type { Config } from "../config.ts";
import { buildUserPrompt, SYSTEM_PROMPT } from "./question-prompt.ts";

// Loose on purpose: an item with three options must not sink the other nine; the client
// turns malformed items into blank questions for the teacher to fill in. The clue is
// required in the JSON schema (strict structured outputs require every property), but a
// model that leaves it out still gives usable questions, without a clue ("" here).
const SuggestionsSchema = z.object({
  questions: z.array(z.object({ questionText: z.string(), options: z.array(z.string()), clue: z.string().catch("") })),
});

/** The AI service's failures, as the teacher reads them under the SPEC's reason. */
export const aiServiceMessages = {
  timedOut: "games.ai.timedOut",
  busy: "games.ai.busy",
  unavailable: (status: number | undefined) =>
    status ? messageText(msg("games.ai.unavailableStatus", { status })) : "games.ai.unavailable",
  refused: (status: number) => messageText(msg("games.ai.refused", { status })),
  unreachable: "games.ai.unreachable",
} as const satisfies MessageTable;

export type QuestionGenerator = (input: GenerateQuestionsRequest) => Promise<AiSuggestion[]>;

export function createQuestionGenerator(ai: NonNullable<Config["ai"]>): QuestionGenerator {
  const provider = createOpenAICompatible({
    name: "cluehunt-ai",
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(ai.model);

  return async (input) => {
    try {
      const result = await generateText({
        model,
        system: SYSTEM_PROMPT,
        prompt: buildUserPrompt(input),
        output: Output.object({ schema: SuggestionsSchema, name: "quiz_questions" }),
        temperature: 0.7,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(ai.timeoutMs),
      });
      const questions = result.output.questions;
      if (questions.length === 0) throw new ApiError(502, "invalid_ai_response", gameMessages.aiInvalidResponse);
      return questions.slice(0, input.numQuestions);
    } catch (error) {
      throw asApiError(error);
    }
  };
}

/** The model's failure, as a status the client maps to the SPEC's reasons (SPEC section 8). */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (
    error instanceof Error &&
    (error.name === "TimeoutError" || error.name === "AbortError" || /aborted|timeout/i.test(error.message))
  ) {
    return new ApiError(504, "deadline-exceeded", aiServiceMessages.timedOut);
  }
  if (NoObjectGeneratedError.isInstance(error))
    return new ApiError(502, "invalid_ai_response", gameMessages.aiInvalidResponse);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 429) return new ApiError(429, "resource-exhausted", aiServiceMessages.busy);
    if (status === undefined || status >= 500)
      return new ApiError(503, "unavailable", aiServiceMessages.unavailable(status));
    return new ApiError(500, "internal", aiServiceMessages.refused(status));
  }
  return new ApiError(503, "unavailable", aiServiceMessages.unreachable);
}
