/**
 * AI suggestions: the request for generated questions (its schema, as the server checks it),
 * what the AI endpoint returns, and a suggestion turned into an editor's question.
 */
import { LANGUAGES } from "../i18n/languages.ts";
import { z } from "zod";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, DEFAULT_AI_QUESTION_COUNT, SUBJECTS } from "./curriculum.ts";
import { blankQuestion, GAME_LIMITS, gameMessages, isBlank, OPTIONS_PER_QUESTION, type Question } from "./games.ts";
import { text } from "./game-contracts.ts";

/**
 * An AI suggestion lists the correct option first. Shuffle the four options and point the
 * answer at where the correct one landed; anything malformed becomes a blank question.
 */
export function questionFromAiSuggestion(raw: unknown, random: () => number = Math.random): Question {
  const s = (raw ?? {}) as { questionText?: unknown; options?: unknown; clue?: unknown };
  const options = s.options;
  if (
    isBlank(s.questionText) ||
    !Array.isArray(options) ||
    options.length !== OPTIONS_PER_QUESTION ||
    options.some(isBlank)
  ) {
    return blankQuestion();
  }
  const order = [0, 1, 2, 3];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return {
    questionText: (s.questionText as string).trim(),
    options: order.map((from) => (options[from] as string).trim()),
    correctAnswer: order.indexOf(0),
    // The hint comes as written; a missing one leaves the clue empty (the teacher may add one).
    clue: typeof s.clue === "string" ? s.clue.trim() : "",
  };
}

export const GenerateQuestionsSchema = z.object({
  subject: z.enum(SUBJECTS as unknown as [string, ...string[]], { message: gameMessages.aiFieldsRequired }),
  level: z.enum(CLASS_LEVELS, { message: gameMessages.aiFieldsRequired }),
  topic: z
    .string({ message: gameMessages.aiFieldsRequired })
    .trim()
    .min(1, gameMessages.aiFieldsRequired)
    .max(GAME_LIMITS.topic, gameMessages.topicTooLong),
  contextText: text(GAME_LIMITS.context, gameMessages.contextTooLong).optional().default(""),
  numQuestions: z
    .number()
    .refine((n) => (AI_QUESTION_COUNTS as readonly number[]).includes(n), {
      message: `Number of questions must be one of ${AI_QUESTION_COUNTS.join(", ")}.`,
    })
    .optional()
    .default(DEFAULT_AI_QUESTION_COUNT),
  /** The questions' language (issue 17): any subject in Irish; absent → Irish for the subject Irish, else English. */
  language: z.enum(LANGUAGES, { message: "games.aiLanguageInvalid" }).optional(),
});
export type GenerateQuestionsInput = z.input<typeof GenerateQuestionsSchema>;
/** A request as the server holds it once checked: defaults filled in, the language still optional. */
export type GenerateQuestionsRequest = z.output<typeof GenerateQuestionsSchema>;

/** What the AI endpoint returns: suggestions, correct option first, not yet shuffled or checked; `clue` a hint for a pupil who got it wrong. */
export type AiSuggestion = { questionText: string; options: string[]; clue: string };
export type GenerateQuestionsResponse = { questions: AiSuggestion[] };
export type AiStatusResponse = { configured: boolean };
