/**
 * Games: limits, the effective-title rule, the create-game validation of SPEC section 5,
 * normalisation of a duplicated game's questions, and the handling of AI suggestions.
 * Pure functions, used by the form and (through the schemas) by the server.
 */
import { LANGUAGES } from "../i18n/languages.ts";
import { messageText, msg } from "../i18n/messages.ts";
import type { Language } from "../i18n/languages.ts";
import { z } from "zod";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, DEFAULT_AI_QUESTION_COUNT, SUBJECTS } from "./curriculum.ts";
import { IMAGE_LIMITS, imageMessages } from "./images.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutControlCharacters } from "../text.ts";
import { OPTIONS_PER_QUESTION } from "../play/progress-rules.ts";

export const GAME_LIMITS = {
  maxQuestions: 100,
  title: 200,
  questionText: 500,
  option: 200,
  description: 1000,
  context: 2000,
  topic: 200,
  clue: 200,
} as const;

// One rule with play (progress-rules.ts has no imports, so the pupils' pages load it without zod).
export { OPTIONS_PER_QUESTION };

/** Catalogue keys (issue 17): the English of each is in src/shared/i18n/locales/en.json. */
export const gameMessages = {
  // Issue 16 replaces the SPEC's wording ("…or provide an optional title part."): teachers do not
  // know what a title part is. Say which fields to fill in.
  titleEmpty: "games.titleEmpty",
  titleNeededHint: "games.titleNeededHint",
  titleOptionalHint: "games.titleOptionalHint",
  atLeastOneQuestion: "games.atLeastOneQuestion",
  questionTextsRequired: "games.questionTextsRequired",
  optionsRequired: "games.optionsRequired",
  correctAnswerRequired: "games.correctAnswerRequired",
  mustBeLoggedIn: "games.mustBeLoggedIn",
  cannotRemoveLast: "games.cannotRemoveLast",
  titleRequired: "games.titleRequired",
  fillAllOptions: "games.fillAllOptions",
  selectCorrectAnswer: "games.selectCorrectAnswer",
  aiFieldsRequired: "games.aiFieldsRequired",
  aiInvalidResponse: "games.aiInvalidResponse",
  createFailedUnknown: "games.createFailedUnknown",
  createFailedUnexpected: "games.createFailedUnexpected",
  sourceNotFound: "games.sourceNotFound",
  tooManyQuestions: messageText(msg("games.tooManyQuestions", { max: GAME_LIMITS.maxQuestions })),
  titleTooLong: messageText(msg("games.titleTooLong", { max: GAME_LIMITS.title })),
  descriptionTooLong: messageText(msg("games.descriptionTooLong", { max: GAME_LIMITS.description })),
  questionTooLong: messageText(msg("games.questionTooLong", { max: GAME_LIMITS.questionText })),
  optionTooLong: messageText(msg("games.optionTooLong", { max: GAME_LIMITS.option })),
  contextTooLong: messageText(msg("games.contextTooLong", { max: GAME_LIMITS.context })),
  topicTooLong: messageText(msg("games.topicTooLong", { max: GAME_LIMITS.topic })),
  clueTooLong: messageText(msg("games.clueTooLong", { max: GAME_LIMITS.clue })),
  clueNotText: "games.clueNotText",
} as const;

/**
 * A question as the editor holds it. `clue` is the optional hint shown after a wrong answer; "" when there is none.
 * `imageId` is the question's uploaded picture (decision 019), absent or null when it has none, and
 * `imageAlt` its description for a pupil who cannot see it (required with a picture).
 */
export type Question = { questionText: string; options: string[]; correctAnswer: number; clue: string; imageId?: string | null; imageAlt?: string };

export const blankQuestion = (): Question => ({ questionText: "", options: ["", "", "", ""], correctAnswer: 0, clue: "" });

/** A subject's or class level's name as a title shows it; the stored English value by default. */
export type TitleNames = (kind: "subject" | "level", value: string) => string;
const storedNames: TitleNames = (_kind, value) => value;

/**
 * 'Subject - Level - Topic', prefixed with the optional title part and ' - ' when given.
 * `names` gives the subject and level as the teacher reads them (issue 17: "Eolaíocht - Rang a 5 -
 * An corp daonna" for a teacher working in Irish); English names are the stored values themselves.
 */
export function effectiveTitle(
  parts: { customTitle?: string | null; subject?: string | null; level?: string | null; topic?: string | null },
  names: TitleNames = storedNames,
): string {
  const named = (kind: "subject" | "level", value: string | null | undefined) => (value && value.trim() ? names(kind, value.trim()) : "");
  const auto = [named("subject", parts.subject), named("level", parts.level), parts.topic].map((p) => (p ?? "").trim()).filter(Boolean).join(" - ");
  const custom = (parts.customTitle ?? "").trim();
  if (custom && auto) return `${custom} - ${auto}`;
  return custom || auto;
}

const isBlank = (s: unknown) => typeof s !== "string" || s.trim() === "";
const validCorrectAnswer = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < OPTIONS_PER_QUESTION;

/** A clue's length as the server counts it: after trimming, in the same units as every other text limit. */
export const clueLength = (clue: string | null | undefined) => (clue ?? "").trim().length;
const clueTooLong = (clue: string | null | undefined) => clueLength(clue) > GAME_LIMITS.clue;

/** A picture's description as the server counts it: after trimming. */
export const altLength = (alt: string | null | undefined) => (alt ?? "").trim().length;

/**
 * The warnings shown under one question while it is edited. Blank options are pointed out once
 * the teacher has started on them or has tried to save: not on a form nobody has typed in yet.
 */
export function questionWarnings(
  q: Question,
  form: { saveTried?: boolean } = {},
): { missingOptions: boolean; missingCorrectAnswer: boolean; clueTooLong: boolean; missingAlt: boolean; altTooLong: boolean } {
  const startedOnOptions = q.options.some((o) => !isBlank(o));
  return {
    missingOptions: q.options.some(isBlank) && (startedOnOptions || form.saveTried === true),
    missingCorrectAnswer: !validCorrectAnswer(q.correctAnswer),
    clueTooLong: clueTooLong(q.clue),
    missingAlt: Boolean(q.imageId) && altLength(q.imageAlt) === 0,
    altTooLong: Boolean(q.imageId) && altLength(q.imageAlt) > IMAGE_LIMITS.alt,
  };
}

/** Whether Game Title is the whole title (nothing chosen to make one from): what the teacher types there does not count. */
export const titleIsNeeded = ({ subject, level, topic }: { subject?: string | null; level?: string | null; topic?: string | null }) => effectiveTitle({ subject, level, topic }) === "";

/** A question from a stored (or duplicated) game made safe to edit: text, exactly four options, a valid answer. */
export function normaliseQuestion(raw: unknown): Question {
  const q = (raw ?? {}) as Partial<Record<keyof Question, unknown>>;
  const options = Array.isArray(q.options) ? q.options.slice(0, OPTIONS_PER_QUESTION).map((o) => (typeof o === "string" ? o : "")) : [];
  while (options.length < OPTIONS_PER_QUESTION) options.push("");
  return {
    questionText: typeof q.questionText === "string" ? q.questionText : "",
    options,
    correctAnswer: validCorrectAnswer(q.correctAnswer) ? (q.correctAnswer as number) : 0,
    clue: typeof q.clue === "string" ? q.clue : "",
    // A picture comes along with its description (a duplicated game keeps its pictures).
    ...(typeof q.imageId === "string" && q.imageId !== "" ? { imageId: q.imageId, imageAlt: typeof q.imageAlt === "string" ? q.imageAlt : "" } : {}),
  };
}

/**
 * An AI suggestion lists the correct option first. Shuffle the four options and point the
 * answer at where the correct one landed; anything malformed becomes a blank question.
 */
export function questionFromAiSuggestion(raw: unknown, random: () => number = Math.random): Question {
  const s = (raw ?? {}) as { questionText?: unknown; options?: unknown; clue?: unknown };
  const options = s.options;
  if (isBlank(s.questionText) || !Array.isArray(options) || options.length !== OPTIONS_PER_QUESTION || options.some(isBlank)) {
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

// ---------------------------------------------------------------------------
// Request schemas (the server enforces these; messages as above)
// ---------------------------------------------------------------------------

/** Stored text: control characters removed (tab and line breaks kept), at most `max` characters, whole characters only. */
const text = (max: number, tooLong: string) =>
  z
    .string()
    .transform(withoutControlCharacters)
    .pipe(z.string().max(max, tooLong).refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage));

/**
 * A list whose length is checked before its elements: zod runs `.max()` only after checking
 * every element, so a body of millions of `{}` was checked one by one, each problem recorded,
 * before "at most 100" refused it (issue 27). Too long a list is refused at once.
 */
const listOf = <T extends z.ZodType>(element: T, limits: { min: number; max: number; tooFew: string; tooMany: string; notAList: string }) =>
  z
    .custom<Array<z.input<T>>>((value) => !Array.isArray(value) || value.length <= limits.max, { message: limits.tooMany, abort: true })
    .pipe(z.array(element, { message: limits.notAList }).min(limits.min, limits.tooFew).max(limits.max, limits.tooMany));

export const QuestionSchema = z.object({
  questionText: text(GAME_LIMITS.questionText, gameMessages.questionTooLong).refine((s) => s.trim() !== "", gameMessages.questionTextsRequired),
  options: listOf(text(GAME_LIMITS.option, gameMessages.optionTooLong).refine((s) => s.trim() !== "", gameMessages.optionsRequired), {
    min: OPTIONS_PER_QUESTION,
    max: OPTIONS_PER_QUESTION,
    tooFew: gameMessages.optionsRequired,
    tooMany: gameMessages.optionsRequired,
    notAList: gameMessages.optionsRequired,
  }),
  correctAnswer: z
    .number({ message: gameMessages.correctAnswerRequired })
    .int(gameMessages.correctAnswerRequired)
    .min(0, gameMessages.correctAnswerRequired)
    .max(OPTIONS_PER_QUESTION - 1, gameMessages.correctAnswerRequired),
  // Optional: absent, null or blank all mean "no clue" (stored as null). Trimmed before the
  // limit is checked, as the editor's counter counts it.
  clue: z
    .string({ message: gameMessages.clueNotText })
    .transform((s) => withoutControlCharacters(s).trim())
    .pipe(z.string().max(GAME_LIMITS.clue, gameMessages.clueTooLong).refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage))
    .nullish()
    .transform((v) => v || null),
  // Optional: the id of a picture this teacher uploaded (POST /api/images); absent or null means none.
  imageId: z.uuid(imageMessages.imageNotFound).nullish().transform((v) => v ?? null),
  // Required with a picture (checked below), ignored without one. Trimmed before the limit is checked.
  imageAlt: z
    .string({ message: imageMessages.altRequired })
    .transform((s) => withoutControlCharacters(s).trim())
    .pipe(z.string().max(IMAGE_LIMITS.alt, imageMessages.altTooLong).refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage))
    .nullish()
    .transform((v) => v || null),
}).superRefine((q, ctx) => {
  if (q.imageId && !q.imageAlt) ctx.addIssue({ code: "custom", path: ["imageAlt"], message: imageMessages.altRequired });
});

const optionalChoice = <T extends readonly string[]>(values: T) =>
  z.union([z.enum(values as unknown as [string, ...string[]]), z.literal(""), z.null()]).optional().transform((v) => v || null);

export const CreateGameSchema = z.object({
  title: z
    .string({ message: gameMessages.titleRequired })
    .transform((s) => withoutControlCharacters(s).trim())
    .pipe(
      z
        .string()
        .min(1, gameMessages.titleRequired)
        .max(GAME_LIMITS.title, gameMessages.titleTooLong)
        .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
    ),
  description: text(GAME_LIMITS.description, gameMessages.descriptionTooLong).optional().default("").transform((s) => s.trim()),
  questions: listOf(QuestionSchema, {
    min: 1,
    max: GAME_LIMITS.maxQuestions,
    tooFew: gameMessages.atLeastOneQuestion,
    tooMany: gameMessages.tooManyQuestions,
    notAList: gameMessages.atLeastOneQuestion,
  }),
  aiLastUsedSubject: optionalChoice(SUBJECTS),
  aiLastUsedLevel: optionalChoice(CLASS_LEVELS),
  aiLastUsedTopic: text(GAME_LIMITS.topic, gameMessages.topicTooLong).nullish().transform((v) => v?.trim() || null),
  aiLastUsedContext: text(GAME_LIMITS.context, gameMessages.contextTooLong).nullish().transform((v) => v?.trim() || null),
  aiLastUsedNumQuestions: z
    .number()
    .refine((n) => (AI_QUESTION_COUNTS as readonly number[]).includes(n), { message: `Number of questions must be one of ${AI_QUESTION_COUNTS.join(", ")}.` })
    .nullish()
    .transform((v) => v ?? null),
  /** The questions' language (issue 17); absent for games saved before: read from the subject (content-language.ts). */
  language: z.enum(LANGUAGES, { message: "games.aiLanguageInvalid" }).nullish().transform((v) => v ?? null),
});
export type CreateGameInput = z.input<typeof CreateGameSchema>;

/** The order in which SPEC section 5 checks a game: the form names the first problem. */
const FORM_PROBLEMS_IN_ORDER: readonly string[] = [
  gameMessages.titleRequired,
  gameMessages.titleTooLong,
  gameMessages.atLeastOneQuestion,
  gameMessages.tooManyQuestions,
  gameMessages.questionTextsRequired,
  gameMessages.optionsRequired,
  gameMessages.correctAnswerRequired,
  gameMessages.clueTooLong,
  imageMessages.altRequired,
  imageMessages.altTooLong,
];

/**
 * The first problem with a game about to be saved, as SPEC section 5 words it; null when it
 * can be saved. The rules are the server's own (`CreateGameSchema`), so the two cannot drift;
 * only the empty title has the form's wording, since the form builds the title from its parts.
 */
export function gameFormError(title: string, questions: readonly Question[]): string | null {
  const result = CreateGameSchema.pick({ title: true, questions: true }).safeParse({ title, questions });
  if (result.success) return null;
  const messages = new Set(result.error.issues.map((issue) => issue.message));
  const first = FORM_PROBLEMS_IN_ORDER.find((message) => messages.has(message)) ?? result.error.issues[0]!.message;
  return first === gameMessages.titleRequired ? gameMessages.titleEmpty : first;
}

export const GenerateQuestionsSchema = z.object({
  subject: z.enum(SUBJECTS as unknown as [string, ...string[]], { message: gameMessages.aiFieldsRequired }),
  level: z.enum(CLASS_LEVELS, { message: gameMessages.aiFieldsRequired }),
  topic: z.string({ message: gameMessages.aiFieldsRequired }).trim().min(1, gameMessages.aiFieldsRequired).max(GAME_LIMITS.topic, gameMessages.topicTooLong),
  contextText: text(GAME_LIMITS.context, gameMessages.contextTooLong).optional().default(""),
  numQuestions: z
    .number()
    .refine((n) => (AI_QUESTION_COUNTS as readonly number[]).includes(n), { message: `Number of questions must be one of ${AI_QUESTION_COUNTS.join(", ")}.` })
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

// ---------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------

export type GameSummary = {
  id: string;
  title: string;
  description: string;
  questionCount: number;
  createdAt: string;
  /** Out of Your Games, listed under "Archived games" (decision 017). */
  archived: boolean;
  /** Subject and class level, for the dashboard's filters. */
  aiLastUsedSubject: string | null;
  aiLastUsedLevel: string | null;
  /** The language of its questions (issue 17; i18n/content-language.ts). */
  language: Language;
  /** Sessions started from this game: a game with any is archived rather than deleted. */
  sessionCount: number;
};

/** A stored question as its creator reads it back; `clue`, `imageId` and `imageAlt` are null when the question has none. */
export type StoredQuestion = Omit<Question, "clue" | "imageId" | "imageAlt"> & { clue: string | null; imageId: string | null; imageAlt: string | null };

/** A game as its creator sees it (for duplication): everything, answers and clues included. */
export type GameDetail = GameSummary & {
  questions: StoredQuestion[];
  aiLastUsedTopic: string | null;
  aiLastUsedContext: string | null;
  aiLastUsedNumQuestions: number | null;
};
