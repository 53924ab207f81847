/**
 * The SPEC's generateQuestions: ask an OpenAI-compatible chat-completions endpoint for
 * suggestions through the Vercel AI SDK, with a structured-output schema.
 *
 * `supportsStructuredOutputs: true` makes the provider send `response_format: json_schema`
 * (strict) rather than bare `json_object`; chat completions rather than the Responses API,
 * because Ollama, vLLM and LM Studio all serve /v1/chat/completions.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { JSONSchema7 } from "@ai-sdk/provider";
import { APICallError, generateText, jsonSchema, NoObjectGeneratedError, Output } from "ai";
import { z } from "zod";
import {
  type AiSuggestion,
  aiKindMessages,
  aiNotesOf,
  type GenerateQuestionsRequest,
} from "../../shared/ai/ai-suggestions.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { QuestionSchema } from "../../shared/games/game-contracts.ts";
import { GAME_LIMITS, gameMessages } from "../../shared/games/games.ts";
import { isQuestionKind, QUESTION_KINDS } from "../../shared/games/question-kinds.ts";
import { issueMessage, type MessageTable, type MessageText, messageText, msg } from "../../shared/i18n/messages.ts";
import type { Config } from "../config.ts";
import { buildUserPrompt, systemPromptFor } from "./question-prompt.ts";

// Loose on purpose: an item with three options must not sink the other nine; the client
// turns malformed items into blank questions for the teacher to fill in. The clue and the notes
// are required in the JSON schema (strict structured outputs require every property), but a
// model that leaves them out still gives usable questions, without a clue ("" here) or notes.
const SuggestionsSchema = z.object({
  questions: z.array(
    z.object({
      questionText: z.string(),
      options: z.array(z.string()),
      clue: z.string().catch(""),
      // Why a child might pick each option, in the options' order: the first (the right one) "".
      notes: z.array(z.string().catch("")).catch([]),
    }),
  ),
});

/**
 * A mix (decision 050): one JSON shape for every kind, each item with all its properties (strict
 * structured outputs), written out for the model; what comes back is read loosely and each item
 * checked by its kind's rules below, so one wrong item does not sink the others.
 */
const MIX_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["questions"],
  properties: {
    questions: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["kind", "questionText", "options", "rightOptions", "isTrue", "fadasCount", "clue", "notes"],
        properties: {
          kind: { type: "string", enum: [...QUESTION_KINDS] },
          questionText: { type: "string" },
          options: { type: "array", items: { type: "string" } },
          rightOptions: { type: "array", items: { type: "integer" } },
          isTrue: { type: "boolean" },
          fadasCount: { type: "boolean" },
          clue: { type: "string" },
          notes: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
} as const;

const MixItemsSchema = z.object({ questions: z.array(z.record(z.string(), z.unknown())) });
type MixItem = z.output<typeof MixItemsSchema>["questions"][number];

const mixSchema = jsonSchema<z.output<typeof MixItemsSchema>>(MIX_JSON_SCHEMA as unknown as JSONSchema7, {
  validate: (value) => {
    const parsed = MixItemsSchema.safeParse(value);
    return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
  },
});

/**
 * One item of a mix as a suggestion, or why it is left out: the question it would make is checked by
 * the save's own schema (QuestionSchema), so a suggestion that passes can be saved as it is, and
 * one whose kind's fields are wrong (one right option of a "choose all", two items to order, an
 * unknown kind) never reaches the editor half made.
 */
export function checkedMixItem(item: MixItem, number: number): { suggestion: AiSuggestion } | { refused: MessageText } {
  const refuse = (problem: string) => ({ refused: aiKindMessages.refused(number, problem) });
  const kind = item.kind;
  if (!isQuestionKind(kind)) return refuse(aiKindMessages.kindUnknown(String(kind ?? "").slice(0, 40)));
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const options = Array.isArray(item.options) ? item.options.map(text) : [];
  const rightOptions = Array.isArray(item.rightOptions) ? item.rightOptions : [];
  const suggestion: AiSuggestion = {
    kind,
    questionText: text(item.questionText),
    // True or false has no options: whatever the model wrote there ("True", "False") is not one.
    options: kind === "truefalse" ? [] : options,
    clue: text(item.clue),
    ...(kind === "truefalse" ? { correctAnswer: item.isTrue === true ? 0 : 1 } : {}),
    ...(kind === "multi" ? { correctAnswers: rightOptions as number[] } : {}),
    ...(kind === "typed" ? { fadasCount: item.fadasCount === true } : {}),
  };
  // The notes are cleaned, never a reason to refuse: true or false's one note is for the wrong answer.
  const notes = Array.isArray(item.notes) ? item.notes : [];
  const right = kind === "multi" ? rightOptions.filter((k): k is number => Number.isInteger(k)) : [0];
  const optionNotes =
    kind === "truefalse"
      ? aiNotesOf(item.isTrue === true ? ["", notes[0]] : [notes[0], ""], kind, [])
      : kind === "choice" || kind === "multi"
        ? aiNotesOf(notes, kind, right)
        : undefined;
  // The question as the editor will hold it: four options with the correct one first (index 0).
  const checked = QuestionSchema.safeParse({
    ...suggestion,
    correctAnswer: suggestion.correctAnswer ?? 0,
    // A multi's right options as written: repeats and indices out of range are the model's mistakes, not to be mended.
    correctAnswers:
      kind === "multi" && new Set(rightOptions).size !== rightOptions.length ? [] : (suggestion.correctAnswers ?? null),
    clue: suggestion.clue.slice(0, GAME_LIMITS.clue),
  });
  return checked.success
    ? { suggestion: optionNotes ? { ...suggestion, optionNotes } : suggestion }
    : refuse(issueMessage(checked.error.issues[0]));
}

/** The AI service's failures, as the teacher reads them under the SPEC's reason. */
export const aiServiceMessages = {
  timedOut: "games.ai.timedOut",
  busy: "games.ai.busy",
  unavailable: (status: number | undefined) =>
    status ? messageText(msg("games.ai.unavailableStatus", { status })) : "games.ai.unavailable",
  refused: (status: number) => messageText(msg("games.ai.refused", { status })),
  unreachable: "games.ai.unreachable",
} as const satisfies MessageTable;

/** The suggestions, and a sentence for each one left out (a mix's only). */
export type QuestionGenerator = (
  input: GenerateQuestionsRequest,
) => Promise<{ questions: AiSuggestion[]; refused: MessageText[] }>;

export function createQuestionGenerator(ai: NonNullable<Config["ai"]>): QuestionGenerator {
  const provider = createOpenAICompatible({
    name: "cluehunt-ai",
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(ai.model);

  const ask = async <T>(input: GenerateQuestionsRequest, schema: Parameters<typeof Output.object<T>>[0]["schema"]) => {
    const result = await generateText({
      model,
      system: systemPromptFor(input.kinds),
      prompt: buildUserPrompt(input),
      output: Output.object({ schema, name: "quiz_questions" }),
      temperature: 0.7,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(ai.timeoutMs),
    });
    return result.output as T;
  };
  const noQuestions = () => new ApiError(502, "invalid_ai_response", gameMessages.aiInvalidResponse);

  return async (input) => {
    try {
      if (input.kinds !== "mix") {
        const { questions } = await ask<z.output<typeof SuggestionsSchema>>(input, SuggestionsSchema);
        if (questions.length === 0) throw noQuestions();
        return {
          questions: questions.slice(0, input.numQuestions).map(({ notes, ...q }) => {
            // The right option is first: its note, if the model wrote one, is not kept.
            const optionNotes = aiNotesOf(notes, "choice", [0]);
            return optionNotes ? { ...q, optionNotes } : q;
          }),
          refused: [],
        };
      }
      const { questions: items } = await ask<z.output<typeof MixItemsSchema>>(input, mixSchema);
      const checked = items.slice(0, input.numQuestions).map((item, k) => checkedMixItem(item, k + 1));
      const questions = checked.flatMap((c) => ("suggestion" in c ? [c.suggestion] : []));
      const refused = checked.flatMap((c) => ("refused" in c ? [c.refused] : []));
      // Every one refused: the teacher is told why, as an AI service's unusable answer.
      if (questions.length === 0)
        throw items.length === 0 ? noQuestions() : new ApiError(502, "invalid_ai_response", refused[0]!);
      return { questions, refused };
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
