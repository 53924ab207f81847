/**
 * The create-game request schemas of SPEC section 5 (zod): the server enforces them, and the
 * form's check (gameFormError) reads the same rules so the two cannot drift.
 */

import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import { issueMessage, type MessageText, parseMessage } from "../i18n/messages.ts";
import {
  brokenCharacterMessage,
  hasLoneSurrogate,
  withoutControlCharacters,
  withoutInvisibleCharacters,
} from "../text.ts";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, SUBJECTS } from "./curriculum.ts";
import { GAME_LIMITS, gameMessages, kindMessages, OPTIONS_PER_QUESTION, type Question } from "./games.ts";
import { IMAGE_LIMITS, imageMessages } from "./images.ts";
import {
  hasControlCharacter,
  noteMessages,
  OPTION_NOTE_MAX,
  optionNotesProblems,
  storedOptionNotes,
} from "./option-notes.ts";
import {
  KIND_LIMITS,
  kindHasOptionPictures,
  optionCountRange,
  QUESTION_KINDS,
  repeatedItem,
} from "./question-kinds.ts";
import { recordingMessages } from "./recordings.ts";

/** Stored text: control characters removed (tab and line breaks kept), at most `max` characters, whole characters only. */
export const text = (max: number, tooLong: string) =>
  z
    .string()
    .transform(withoutControlCharacters)
    .pipe(
      z
        .string()
        .max(max, tooLong)
        .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
    );

/**
 * A list whose length is checked before its elements: zod runs `.max()` only after checking
 * every element, so a body of millions of `{}` was checked one by one, each problem recorded,
 * before "at most 100" refused it. Too long a list is refused at once.
 */
export const listOf = <T extends z.ZodType>(
  element: T,
  limits: { min: number; max: number; tooFew: string; tooMany: string; notAList: string },
) =>
  z
    .custom<Array<z.input<T>>>((value) => !Array.isArray(value) || value.length <= limits.max, {
      message: limits.tooMany,
      abort: true,
    })
    .pipe(
      z.array(element, { message: limits.notAList }).min(limits.min, limits.tooFew).max(limits.max, limits.tooMany),
    );

/** One option's note: text without control characters (refused), trimmed, within the limit; null or blank is none. */
const optionNote = z
  .string({ message: noteMessages.notText })
  .nullable()
  .refine((s) => s === null || !hasControlCharacter(s), noteMessages.controlCharacter)
  .transform((s) => withoutInvisibleCharacters(s ?? "").trim())
  .pipe(
    z
      .string()
      .max(OPTION_NOTE_MAX, noteMessages.tooLong)
      .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
  );

export const QuestionSchema = z
  .object({
    questionText: text(GAME_LIMITS.questionText, gameMessages.questionTooLong).refine(
      (s) => s.trim() !== "",
      gameMessages.questionTextsRequired,
    ),
    // Absent: four options (every game saved before kinds existed, decision 050).
    kind: z
      .enum(QUESTION_KINDS, { message: kindMessages.kindInvalid })
      .nullish()
      .transform((v) => v ?? "choice"),
    // How many, and how long, depends on the kind: checked below, in the kind's words ("3 to 6
    // items"), as is a blank one. Only a list longer than any kind's is refused here, at once.
    options: listOf(text(GAME_LIMITS.option, gameMessages.optionTooLong), {
      min: 0,
      max: 2 * KIND_LIMITS.orderItems.max,
      tooFew: gameMessages.optionsRequired,
      tooMany: gameMessages.optionsRequired,
      notAList: gameMessages.optionsRequired,
    }),
    // Four options: 0–3; true or false: 0 (true) or 1 (false); checked below, in the kind's words. Ignored by the other kinds.
    correctAnswer: z
      .number({ message: gameMessages.correctAnswerRequired })
      .int(gameMessages.correctAnswerRequired)
      .optional(),
    // Choose all that apply: the right options' indices (2 or 3 of 0–3), checked below.
    correctAnswers: z
      .array(
        z
          .number({ message: kindMessages.multiRightCount })
          .int(kindMessages.multiRightCount)
          .min(0, kindMessages.multiRightCount)
          .max(OPTIONS_PER_QUESTION - 1, kindMessages.multiRightCount),
        { message: kindMessages.multiRightCount },
      )
      .max(OPTIONS_PER_QUESTION, kindMessages.multiRightCount)
      .nullish()
      .transform((v) => (v ? [...new Set(v)].sort((a, b) => a - b) : null)),
    // Type the answer: whether fadas count. Absent: they do not.
    fadasCount: z
      .boolean({ message: kindMessages.kindInvalid })
      .nullish()
      .transform((v) => v ?? false),
    // Optional: absent, null or blank all mean "no clue" (stored as null). Trimmed before the
    // limit is checked, as the editor's counter counts it.
    clue: z
      .string({ message: gameMessages.clueNotText })
      .transform((s) => withoutControlCharacters(s).trim())
      .pipe(
        z
          .string()
          .max(GAME_LIMITS.clue, gameMessages.clueTooLong)
          .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
      )
      .nullish()
      .transform((v) => v || null),
    // Optional: where the question's station card is hidden; absent, null or blank mean
    // "not said" (stored as null). Trimmed before the limit is checked, as the editor's counter counts it.
    hidingPlace: z
      .string({ message: gameMessages.hidingPlaceNotText })
      .transform((s) => withoutControlCharacters(s).trim())
      .pipe(
        z
          .string()
          .max(GAME_LIMITS.hidingPlace, gameMessages.hidingPlaceTooLong)
          .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
      )
      .nullish()
      .transform((v) => v || null),
    // Optional (decision 031): the question's identity, sent back by the editor so an edit keeps its
    // station card. The server keeps it only when it belongs to the game; anything else gets a new one.
    stationKey: z
      .uuid()
      .nullish()
      .catch(null)
      .transform((v) => v ?? null),
    // Optional: the id of a picture this teacher uploaded (POST /api/images); absent or null means none.
    imageId: z
      .uuid(imageMessages.imageNotFound)
      .nullish()
      .transform((v) => v ?? null),
    // Required with a picture (checked below), ignored without one. Trimmed before the limit is checked.
    imageAlt: z
      .string({ message: imageMessages.altRequired })
      .transform((s) => withoutControlCharacters(s).trim())
      .pipe(
        z
          .string()
          .max(IMAGE_LIMITS.alt, imageMessages.altTooLong)
          .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
      )
      .nullish()
      .transform((v) => v || null),
    // Optional (decisions 038, 050): the options' pictures, one entry per option (A to D) or order
    // item, each the id of a picture this teacher uploaded or null; the option's text (required
    // anyway) is its description. Absent, null or only nulls mean none, kept as null.
    optionImageIds: listOf(z.uuid(imageMessages.imageNotFound).nullable(), {
      // One per option: whether the kind has pictures, and how many, is checked below.
      min: 0,
      max: KIND_LIMITS.orderItems.max,
      tooFew: imageMessages.imageNotFound,
      tooMany: imageMessages.imageNotFound,
      notAList: imageMessages.imageNotFound,
    })
      // Kept as sent until the kind's checks (below) have counted it.
      .nullish()
      .transform((ids) => ids ?? null),
    // Optional (recordings.ts): the teacher's recordings of the question text and of the clue, each
    // the id of a recording she uploaded (POST /api/recordings); absent or null means none. A
    // clue's recording without a clue is dropped (below), not refused.
    recordingId: z
      .uuid(recordingMessages.notFound)
      .nullish()
      .transform((v) => v ?? null),
    clueRecordingId: z
      .uuid(recordingMessages.notFound)
      .nullish()
      .transform((v) => v ?? null),
    // Optional: the options' (or order items') recordings, one entry per option as their pictures.
    optionRecordingIds: listOf(z.uuid(recordingMessages.notFound).nullable(), {
      min: 0,
      max: KIND_LIMITS.orderItems.max,
      tooFew: recordingMessages.notFound,
      tooMany: recordingMessages.notFound,
      notAList: recordingMessages.notFound,
    })
      .nullish()
      .transform((ids) => ids ?? null),
    // Optional (option-notes.ts): "why a child might pick this", one per option of four options,
    // choose all and true or false, "" (or null) for none. A note holding a control character is
    // refused, not cleaned: it is one short line. How many, and on which options, is checked below.
    optionNotes: listOf(optionNote, {
      min: 0,
      max: 2 * KIND_LIMITS.orderItems.max,
      tooFew: noteMessages.count,
      tooMany: noteMessages.count,
      notAList: noteMessages.count,
    })
      .nullish()
      .transform((notes) => notes ?? null),
  })
  .superRefine((q, ctx) => {
    if (q.imageId && !q.imageAlt)
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: imageMessages.altRequired });
    checkKind(q, (path, message) => ctx.addIssue({ code: "custom", path, message }));
  })
  .transform(({ correctAnswers, fadasCount, ...q }) => ({
    ...q,
    // Each kind keeps only its own fields: a question changed from one kind to another keeps nothing of the first.
    correctAnswer: q.kind === "choice" || q.kind === "truefalse" ? (q.correctAnswer ?? 0) : 0,
    correctAnswers: q.kind === "multi" ? correctAnswers : null,
    fadasCount: q.kind === "typed" ? fadasCount : false,
    optionImageIds: q.optionImageIds?.some((id) => id !== null) ? q.optionImageIds : null,
    clueRecordingId: q.clue ? q.clueRecordingId : null,
    optionRecordingIds: q.optionRecordingIds?.some((id) => id !== null) ? q.optionRecordingIds : null,
    // As stored: null for none and the question's null when no option has one.
    optionNotes: storedOptionNotes(q.kind, q.optionNotes),
  }));

type KindFields = {
  kind: (typeof QUESTION_KINDS)[number];
  options: string[];
  correctAnswer?: number | undefined;
  correctAnswers: number[] | null;
  optionImageIds: (string | null)[] | null;
  optionRecordingIds: (string | null)[] | null;
  optionNotes: string[] | null;
};

/** Each kind's own rules (shared/games/question-kinds.ts): how many options, their length, the right answer. */
function checkKind(q: KindFields, problem: (path: (string | number)[], message: string) => void) {
  const range = optionCountRange(q.kind);
  const count = q.options.length;
  const blank =
    q.kind === "typed"
      ? kindMessages.acceptedBlank
      : q.kind === "order"
        ? kindMessages.orderItemBlank
        : gameMessages.optionsRequired;
  q.options.forEach((option, k) => {
    if (option.trim() === "") problem(["options", k], blank);
  });
  if (q.kind === "typed") {
    if (count < range.min) problem(["options"], kindMessages.acceptedRequired);
    if (count > range.max) problem(["options"], kindMessages.tooManyAccepted);
    q.options.forEach((answer, k) => {
      if (answer.trim().length > KIND_LIMITS.typedAnswer) problem(["options", k], kindMessages.acceptedTooLong);
    });
  } else if (q.kind === "order") {
    if (count < range.min || count > range.max) problem(["options"], kindMessages.orderItemCount);
    // Blank items are refused above, not as repeats of each other.
    const filled = q.options.flatMap((item, k) => (item.trim() === "" ? [] : [{ item, k }]));
    const repeated = filled[repeatedItem(filled.map(({ item }) => item))];
    if (repeated) problem(["options", repeated.k], kindMessages.orderItemRepeated(repeated.item.trim()));
  } else if (count < range.min || count > range.max) problem(["options"], gameMessages.optionsRequired);
  const answer = q.correctAnswer;
  if (q.kind === "choice" && (answer === undefined || answer < 0 || answer >= OPTIONS_PER_QUESTION))
    problem(["correctAnswer"], gameMessages.correctAnswerRequired);
  if (q.kind === "truefalse" && answer !== 0 && answer !== 1)
    problem(["correctAnswer"], kindMessages.trueOrFalseRequired);
  if (q.kind === "multi") {
    const right = q.correctAnswers?.length ?? 0;
    if (right < KIND_LIMITS.multiRight.min || right > KIND_LIMITS.multiRight.max)
      problem(["correctAnswers"], kindMessages.multiRightCount);
  }
  // A list of nulls is no pictures, but still one entry per option where the kind has pictures.
  if (q.optionImageIds) {
    if (!kindHasOptionPictures(q.kind)) {
      if (q.optionImageIds.some((id) => id !== null)) problem(["optionImageIds"], kindMessages.noOptionPictures);
    } else if (q.optionImageIds.length !== count) problem(["optionImageIds"], imageMessages.imageNotFound);
  }
  if (q.optionRecordingIds) {
    if (!kindHasOptionPictures(q.kind)) {
      if (q.optionRecordingIds.some((id) => id !== null))
        problem(["optionRecordingIds"], kindMessages.noOptionRecordings);
    } else if (q.optionRecordingIds.length !== count) problem(["optionRecordingIds"], recordingMessages.notFound);
  }
  for (const { path, message } of optionNotesProblems(q)) problem(path, message);
}

const optionalChoice = <T extends readonly string[]>(values: T) =>
  z
    .union([z.enum(values as unknown as [string, ...string[]]), z.literal(""), z.null()])
    .optional()
    .transform((v) => v || null);

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
  description: text(GAME_LIMITS.description, gameMessages.descriptionTooLong)
    .optional()
    .default("")
    .transform((s) => s.trim()),
  questions: listOf(QuestionSchema, {
    min: 1,
    max: GAME_LIMITS.maxQuestions,
    tooFew: gameMessages.atLeastOneQuestion,
    tooMany: gameMessages.tooManyQuestions,
    notAList: gameMessages.atLeastOneQuestion,
  }),
  aiLastUsedSubject: optionalChoice(SUBJECTS),
  aiLastUsedLevel: optionalChoice(CLASS_LEVELS),
  aiLastUsedTopic: text(GAME_LIMITS.topic, gameMessages.topicTooLong)
    .nullish()
    .transform((v) => v?.trim() || null),
  aiLastUsedContext: text(GAME_LIMITS.context, gameMessages.contextTooLong)
    .nullish()
    .transform((v) => v?.trim() || null),
  aiLastUsedNumQuestions: z
    .number()
    .refine((n) => (AI_QUESTION_COUNTS as readonly number[]).includes(n), {
      message: gameMessages.aiCountInvalid,
    })
    .nullish()
    .transform((v) => v ?? null),
  /** The questions' language; absent for games saved before: read from the subject (content-language.ts). */
  language: z
    .enum(LANGUAGES, { message: "games.aiLanguageInvalid" })
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateGameInput = z.input<typeof CreateGameSchema>;

/**
 * The order in which SPEC section 5 checks a game, then each kind's rules (decision 050): the form
 * names the first problem. Compared by key, so a message with values (an item's name) has its place.
 */
const FORM_PROBLEMS_IN_ORDER: readonly string[] = [
  gameMessages.titleRequired,
  gameMessages.titleTooLong,
  gameMessages.atLeastOneQuestion,
  gameMessages.tooManyQuestions,
  gameMessages.questionTextsRequired,
  gameMessages.questionTooLong,
  kindMessages.kindInvalid,
  gameMessages.optionsRequired,
  kindMessages.acceptedRequired,
  kindMessages.acceptedBlank,
  kindMessages.tooManyAccepted,
  // Before an option's limit: an accepted answer of 250 characters is over both, and this one is its own.
  kindMessages.acceptedTooLong,
  gameMessages.optionTooLong,
  kindMessages.orderItemCount,
  kindMessages.orderItemBlank,
  kindMessages.orderItemRepeated(""),
  gameMessages.correctAnswerRequired,
  kindMessages.trueOrFalseRequired,
  kindMessages.multiRightCount,
  kindMessages.noOptionPictures,
  kindMessages.noOptionRecordings,
  noteMessages.notForKind,
  noteMessages.count,
  noteMessages.onRightOption,
  noteMessages.controlCharacter,
  noteMessages.tooLong,
  noteMessages.notText,
  gameMessages.clueTooLong,
  gameMessages.hidingPlaceTooLong,
  imageMessages.altRequired,
  imageMessages.altTooLong,
].map(messageKey);

function messageKey(message: string): string {
  return parseMessage(message)?.key ?? message;
}

/**
 * The first problem with a game about to be saved, as SPEC section 5 words it; null when it
 * can be saved. The rules are the server's own (`CreateGameSchema`), so the two cannot drift;
 * only the empty title has the form's wording, since the form builds the title from its parts.
 */
export function gameFormError(title: string, questions: readonly Question[]): MessageText | null {
  const result = CreateGameSchema.pick({ title: true, questions: true }).safeParse({ title, questions });
  if (result.success) return null;
  const rank = (message: string) => {
    const place = FORM_PROBLEMS_IN_ORDER.indexOf(messageKey(message));
    return place === -1 ? FORM_PROBLEMS_IN_ORDER.length : place;
  };
  // The first issue of the first kind of problem: the earliest question with it.
  const first = result.error.issues.reduce((best, issue) => (rank(issue.message) < rank(best.message) ? issue : best));
  const message = issueMessage(first);
  return message === gameMessages.titleRequired ? gameMessages.titleEmpty : message;
}
