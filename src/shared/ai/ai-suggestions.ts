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
import { noteCountOf, notesInOrder, OPTION_NOTE_MAX } from "../games/option-notes.ts";
import { isQuestionKind, QUESTION_KINDS, type QuestionKind } from "../games/question-kinds.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutControlCharacters } from "../text.ts";

/** A seeded-by-`random` order of 0…n-1. */
function shuffled(n: number, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, k) => k);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * A note the model wrote, made fit to save: one line (control characters and runs of spaces as one
 * space), and cut at a word to the limit with "…" when longer. Anything but text is no note. A bad
 * note is never a reason to refuse its question.
 */
export function cleanAiNote(note: unknown): string {
  if (typeof note !== "string") return "";
  const line = note.replace(/[\p{Cc}\s]+/gu, " ").trim();
  if (line.length <= OPTION_NOTE_MAX) return line;
  const cut = line.slice(0, OPTION_NOTE_MAX - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > OPTION_NOTE_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * A suggestion's notes, one per option of its kind ("" for none and on every right option), or
 * nothing when none is written. `right`: the right options' indices in the suggestion's order.
 */
export function aiNotesOf(raw: unknown, kind: QuestionKind, right: readonly number[]): string[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const notes = Array.from({ length: noteCountOf(kind) }, (_, k) => (right.includes(k) ? "" : cleanAiNote(raw[k])));
  return notes.some((n) => n !== "") ? notes : undefined;
}

const isIndexList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((k) => Number.isInteger(k) && k >= 0 && k < OPTIONS_PER_QUESTION);

/**
 * A suggestion as an editor's question. Four options (and choose all's) come with the correct
 * option first, or the right ones named by index: the options are shuffled and the answer follows
 * them, and so do their notes ("why a child might pick this"). True or false, typed answers and an
 * order's items (in the right order) are kept as they are. Anything malformed becomes a blank
 * question (the server has refused those already); a malformed note is no note.
 */
export function questionFromAiSuggestion(raw: unknown, random: () => number = Math.random): Question {
  const s = (raw ?? {}) as Partial<Record<keyof AiSuggestion, unknown>>;
  const kind = s.kind === undefined ? "choice" : s.kind;
  const options = s.options;
  if (isBlank(s.questionText) || !isQuestionKind(kind) || !Array.isArray(options) || options.some(isBlank))
    return blankQuestion();
  const questionText = (s.questionText as string).trim();
  // The hint comes as written; a missing one leaves the clue empty (the teacher may add one).
  const clue = typeof s.clue === "string" ? s.clue.trim() : "";
  const texts = (options as string[]).map((o) => o.trim());
  if (kind === "choice" || kind === "multi") {
    if (texts.length !== OPTIONS_PER_QUESTION) return blankQuestion();
    const right = kind === "multi" ? s.correctAnswers : [0];
    if (!isIndexList(right) || right.length === 0) return blankQuestion();
    const order = shuffled(OPTIONS_PER_QUESTION, random);
    const shuffledOptions = order.map((from) => texts[from]!);
    // Each note goes where its option goes.
    const notes = notesInOrder(aiNotesOf(s.optionNotes, kind, right), order);
    const withNotes = notes ? { optionNotes: notes } : {};
    if (kind === "choice")
      return { questionText, options: shuffledOptions, correctAnswer: order.indexOf(0), clue, ...withNotes };
    const correctAnswers = right.map((k) => order.indexOf(k)).sort((a, b) => a - b);
    return { kind, questionText, options: shuffledOptions, correctAnswer: 0, correctAnswers, clue, ...withNotes };
  }
  if (kind === "truefalse") {
    const correctAnswer = s.correctAnswer === 1 ? 1 : 0;
    const notes = aiNotesOf(s.optionNotes, kind, [correctAnswer]);
    return { kind, questionText, options: [], correctAnswer, clue, ...(notes ? { optionNotes: notes } : {}) };
  }
  if (kind === "typed")
    return { kind, questionText, options: texts, correctAnswer: 0, fadasCount: s.fadasCount === true, clue };
  return { kind, questionText, options: texts, correctAnswer: 0, clue };
}

/**
 * What the teacher asks the model for: four-option questions only (the default, as before kinds
 * existed), or a mix of every kind of question (decision 050).
 */
export const AI_KIND_CHOICES = ["choice", "mix"] as const;
export type AiKindChoice = (typeof AI_KIND_CHOICES)[number];

/** Catalogue keys of the kinds in AI suggestions (en.json has the English). */
export const aiKindMessages = {
  choiceInvalid: "games.ai.kindsInvalid",
  /** A suggestion left out: `problem` is the save's own message (or an unknown kind's). */
  refused: (number: number, problem: string) => messageText(msg("games.ai.suggestionRefused", { number, problem })),
  kindUnknown: (kind: string) => messageText(msg("games.ai.kindUnknown", { kind })),
} as const satisfies MessageTable;

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

/** A follow-up hunt's "3 new questions like this one": how many the model writes like the one question it is shown. */
export const ALIKE_QUESTIONS = 3;

/** Catalogue keys of the refusals of a bad `alike` (en.json has the English). */
export const alikeMessages = {
  kindInvalid: "games.ai.alikeKindInvalid",
  oneQuestion: "games.ai.alikeOneQuestion",
  count: messageText(msg("games.ai.alikeCount", { count: ALIKE_QUESTIONS })),
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
    /** Four options only (absent: the default) or a mix of the kinds of question. */
    kinds: z
      .enum(AI_KIND_CHOICES, { message: aiKindMessages.choiceInvalid })
      .optional()
      .transform((v) => v ?? "choice"),
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
    /**
     * A follow-up hunt: ALIKE_QUESTIONS new questions like the one question of `basedOn`, of this kind
     * (the same skill, not a copy); absent: `basedOn` is a game to make a version of.
     */
    alike: z.enum(QUESTION_KINDS, { message: alikeMessages.kindInvalid }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.alike !== undefined) {
      if (input.basedOn?.length !== 1)
        ctx.addIssue({ code: "custom", path: ["basedOn"], message: alikeMessages.oneQuestion });
      if (input.numQuestions !== undefined && input.numQuestions !== ALIKE_QUESTIONS)
        ctx.addIssue({ code: "custom", path: ["numQuestions"], message: alikeMessages.count });
      return;
    }
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
    numQuestions:
      input.alike !== undefined
        ? ALIKE_QUESTIONS
        : (input.numQuestions ?? input.basedOn?.length ?? DEFAULT_AI_QUESTION_COUNT),
    // Questions like one of another kind than four options are asked in the mix's shape, every one of that kind.
    kinds:
      input.alike !== undefined ? (input.alike === "choice" ? ("choice" as const) : ("mix" as const)) : input.kinds,
  }));
export type GenerateQuestionsInput = z.input<typeof GenerateQuestionsSchema>;
/** A request as the server holds it once checked: defaults filled in, the language still optional. */
export type GenerateQuestionsRequest = z.output<typeof GenerateQuestionsSchema>;

/**
 * What the AI endpoint returns: suggestions, correct option first, not yet shuffled; `clue` a hint
 * for a pupil who got it wrong. Asked for a mix, each names its `kind` and carries that kind's
 * fields, checked by the save's own rules: choose all's right options by index (`correctAnswers`),
 * true or false's answer (`correctAnswer`, 0 true), a typed answer's `fadasCount`; `options` are a
 * typed answer's accepted answers, an order's items in the right order. `optionNotes`: why a child
 * might pick each wrong option, one per option in the suggestion's order ("" for none and for a
 * right one; true or false's two, True and False), in the game's language; absent when none.
 */
export type AiSuggestion = {
  kind?: QuestionKind;
  questionText: string;
  options: string[];
  clue: string;
  correctAnswer?: number;
  correctAnswers?: number[];
  fadasCount?: boolean;
  optionNotes?: string[];
};
/** `refused`: the suggestions the server left out, each a sentence naming it and its problem. */
export type GenerateQuestionsResponse = { questions: AiSuggestion[]; refused?: string[] };
export type AiStatusResponse = { configured: boolean };
