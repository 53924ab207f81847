/**
 * AI suggestions: the request for generated questions (its schema, as the server checks it),
 * what the AI endpoint returns, and a suggestion turned into an editor's question.
 */

import { z } from "zod";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, DEFAULT_AI_QUESTION_COUNT, SUBJECTS } from "../games/curriculum.ts";
import { listOf, text } from "../games/game-contracts.ts";
import {
  blankQuestion,
  GAME_LIMITS,
  gameMessages,
  isBlank,
  OPTIONS_PER_QUESTION,
  type Question,
} from "../games/games.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutControlCharacters } from "../text.ts";

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

const countMessage = gameMessages.aiCountInvalid;

/**
 * A version of an existing game for another class level: the model is shown that
 * game's question texts, at most as many as one generation writes, each at most a question's length.
 */
export const BASED_ON_LIMITS = {
  questions: Math.max(...AI_QUESTION_COUNTS),
  text: GAME_LIMITS.questionText,
} as const;

/** Catalogue keys of the refusals of a bad `basedOn` (en.json has the English). */
export const basedOnMessages = {
  notAList: "games.ai.basedOnNotAList",
  empty: "games.ai.basedOnEmpty",
  tooMany: messageText(msg("games.ai.basedOnTooMany", { max: BASED_ON_LIMITS.questions })),
  notText: "games.ai.basedOnNotText",
  blank: "games.ai.basedOnBlank",
  tooLong: messageText(msg("games.ai.basedOnTooLong", { max: BASED_ON_LIMITS.text })),
  count: (count: number) => messageText(msg("games.ai.basedOnCount", { count })),
} as const satisfies MessageTable;

const basedOnText = z
  .string({ message: basedOnMessages.notText })
  .transform(withoutControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, basedOnMessages.blank)
      .max(BASED_ON_LIMITS.text, basedOnMessages.tooLong)
      .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
  );

export const GenerateQuestionsSchema = z
  .object({
    subject: z.enum(SUBJECTS as unknown as [string, ...string[]], { message: gameMessages.aiFieldsRequired }),
    level: z.enum(CLASS_LEVELS, { message: gameMessages.aiFieldsRequired }),
    topic: z
      .string({ message: gameMessages.aiFieldsRequired })
      .trim()
      .min(1, gameMessages.aiFieldsRequired)
      .max(GAME_LIMITS.topic, gameMessages.topicTooLong),
    contextText: text(GAME_LIMITS.context, gameMessages.contextTooLong).optional().default(""),
    /** One of AI_QUESTION_COUNTS (absent: the default); for a version, as many as `basedOn` has (absent: that many). */
    numQuestions: z
      .number({ message: countMessage })
      .int(countMessage)
      .min(1, countMessage)
      .max(BASED_ON_LIMITS.questions, countMessage)
      .optional(),
    /** The questions' language: any subject in Irish; absent → Irish for the subject Irish, else English. */
    language: z.enum(LANGUAGES, { message: "games.aiLanguageInvalid" }).optional(),
    /** Making a version of an existing game for another class level: its question texts, for the model to rewrite, not copy. */
    basedOn: listOf(basedOnText, {
      min: 1,
      max: BASED_ON_LIMITS.questions,
      tooFew: basedOnMessages.empty,
      tooMany: basedOnMessages.tooMany,
      notAList: basedOnMessages.notAList,
    }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.numQuestions === undefined) return;
    if (Array.isArray(input.basedOn)) {
      if (input.numQuestions !== input.basedOn.length)
        ctx.addIssue({ code: "custom", path: ["numQuestions"], message: basedOnMessages.count(input.basedOn.length) });
    } else if (!(AI_QUESTION_COUNTS as readonly number[]).includes(input.numQuestions)) {
      ctx.addIssue({ code: "custom", path: ["numQuestions"], message: countMessage });
    }
  })
  .transform((input) => ({
    ...input,
    numQuestions: input.numQuestions ?? input.basedOn?.length ?? DEFAULT_AI_QUESTION_COUNT,
  }));
export type GenerateQuestionsInput = z.input<typeof GenerateQuestionsSchema>;
/** A request as the server holds it once checked: defaults filled in, the language still optional. */
export type GenerateQuestionsRequest = z.output<typeof GenerateQuestionsSchema>;

/** What the AI endpoint returns: suggestions, correct option first, not yet shuffled or checked; `clue` a hint for a pupil who got it wrong. */
export type AiSuggestion = { questionText: string; options: string[]; clue: string };
export type GenerateQuestionsResponse = { questions: AiSuggestion[] };
export type AiStatusResponse = { configured: boolean };
