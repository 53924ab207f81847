/**
 * Games: limits, the catalogue keys of their messages, the effective-title rule, the editor's
 * warnings and the normalisation of a duplicated game's questions. Pure functions without zod,
 * so a page that needs only these rules does not load it; the request schemas are in
 * game-contracts.ts, the AI suggestions in ai-suggestions.ts, the response shapes in game-responses.ts.
 */
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { AI_QUESTION_COUNTS } from "./curriculum.ts";
import { IMAGE_LIMITS } from "./images.ts";
import { KIND_LIMITS, type QuestionKind } from "./question-kinds.ts";

export const GAME_LIMITS = {
  maxQuestions: 100,
  title: 200,
  questionText: 500,
  option: 200,
  description: 1000,
  context: 2000,
  topic: 200,
  clue: 200,
  /** "Where its card is hidden", per question (as the clue, with a counter). */
  hidingPlace: 120,
} as const;

/** Every question has four options, A to D: the editor, the game schema and an answer all follow this one rule. */
export const OPTIONS_PER_QUESTION = 4;

/** Catalogue keys: the English of each is in src/shared/i18n/locales/en.json. */
export const gameMessages = {
  // Not the SPEC's wording ("…or provide an optional title part."): teachers do not
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
  aiCountInvalid: messageText(msg("games.ai.countInvalid", { counts: AI_QUESTION_COUNTS.join(", ") })),
  /** SPEC section 8: `reason` is a cloud-function reason (function-errors.web.ts), the same in both languages. */
  aiFailed: (reason: string) => messageText(msg("games.ai.failed", { reason })),
  createFailedUnknown: "games.createFailedUnknown",
  createFailedUnexpected: "games.createFailedUnexpected",
  sourceNotFound: "games.sourceNotFound",
  sourceFetchFailed: (reason: string) => messageText(msg("games.sourceFetchFailed", { reason })),
  tooManyQuestions: messageText(msg("games.tooManyQuestions", { max: GAME_LIMITS.maxQuestions })),
  titleTooLong: messageText(msg("games.titleTooLong", { max: GAME_LIMITS.title })),
  descriptionTooLong: messageText(msg("games.descriptionTooLong", { max: GAME_LIMITS.description })),
  questionTooLong: messageText(msg("games.questionTooLong", { max: GAME_LIMITS.questionText })),
  optionTooLong: messageText(msg("games.optionTooLong", { max: GAME_LIMITS.option })),
  contextTooLong: messageText(msg("games.contextTooLong", { max: GAME_LIMITS.context })),
  topicTooLong: messageText(msg("games.topicTooLong", { max: GAME_LIMITS.topic })),
  clueTooLong: messageText(msg("games.clueTooLong", { max: GAME_LIMITS.clue })),
  clueNotText: "games.clueNotText",
  hidingPlaceTooLong: messageText(msg("games.hidingPlaceTooLong", { max: GAME_LIMITS.hidingPlace })),
  hidingPlaceNotText: "games.hidingPlaceNotText",
} as const satisfies MessageTable;

/** The messages of the kinds of question (decision 050): catalogue keys, English in en.json. */
export const kindMessages = {
  kindInvalid: "games.kind.invalid",
  acceptedRequired: "games.kind.acceptedRequired",
  tooManyAccepted: messageText(msg("games.kind.tooManyAccepted", { max: KIND_LIMITS.acceptedAnswers.max })),
  acceptedTooLong: messageText(msg("games.kind.acceptedTooLong", { max: KIND_LIMITS.typedAnswer })),
  orderItemCount: messageText(
    msg("games.kind.orderItemCount", { min: KIND_LIMITS.orderItems.min, max: KIND_LIMITS.orderItems.max }),
  ),
  orderItemRepeated: (item: string) => messageText(msg("games.kind.orderItemRepeated", { item })),
  multiRightCount: "games.kind.multiRightCount",
  trueOrFalseRequired: "games.kind.trueOrFalseRequired",
  noOptionPictures: "games.kind.noOptionPictures",
} as const satisfies MessageTable;

/**
 * A question as the editor holds it. `clue` is the optional hint shown after a wrong answer; "" when there is none.
 * `imageId` is the question's uploaded picture (decision 019), absent or null when it has none, and
 * `imageAlt` its description for a pupil who cannot see it (required with a picture).
 */
export type Question = {
  /** Absent: four options (decision 050). What `options` and `correctAnswer` hold depends on it (question-kinds.ts). */
  kind?: QuestionKind;
  questionText: string;
  options: string[];
  correctAnswer: number;
  /** Choose all that apply: the right options (2 or 3 of 0–3). */
  correctAnswers?: number[] | null;
  /** Type the answer: whether a missing or wrong fada makes the answer wrong. */
  fadasCount?: boolean;
  clue: string;
  imageId?: string | null;
  imageAlt?: string;
  /**
   * The options' pictures (decision 038): four uploaded picture ids, A to D, null where
   * that option has none; absent or null when no option has one. An option's text stays required
   * and is its picture's description.
   */
  optionImageIds?: (string | null)[] | null;
  /** Where its station card is hidden ("under the globe"); absent or "" when not said. */
  hidingPlace?: string;
  /**
   * The question's identity across versions (decision 031), as read back from the server: sent
   * back with an edit so the question keeps its station card. Absent for a new question.
   */
  stationKey?: string | null;
};

export const blankQuestion = (): Question => ({
  questionText: "",
  options: ["", "", "", ""],
  correctAnswer: 0,
  clue: "",
});

/** A subject's or class level's name as a title shows it; the stored English value by default. */
export type TitleNames = (kind: "subject" | "level", value: string) => string;
const storedNames: TitleNames = (_kind, value) => value;

/**
 * 'Subject - Level - Topic', prefixed with the optional title part and ' - ' when given.
 * `names` gives the subject and level as the teacher reads them ("Eolaíocht - Rang a 5 -
 * An corp daonna" for a teacher working in Irish); English names are the stored values themselves.
 */
export function effectiveTitle(
  parts: { customTitle?: string | null; subject?: string | null; level?: string | null; topic?: string | null },
  names: TitleNames = storedNames,
): string {
  const named = (kind: "subject" | "level", value: string | null | undefined) =>
    value && value.trim() ? names(kind, value.trim()) : "";
  const auto = [named("subject", parts.subject), named("level", parts.level), parts.topic]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" - ");
  const custom = (parts.customTitle ?? "").trim();
  if (custom && auto) return `${custom} - ${auto}`;
  return custom || auto;
}

export const isBlank = (s: unknown) => typeof s !== "string" || s.trim() === "";

/** Nothing typed yet (a clue counts as typed): AI suggestions may take its place. */
export const isBlankQuestion = (q: Question) =>
  q.questionText.trim() === "" && q.options.every((o) => o.trim() === "") && q.clue.trim() === "";
const validCorrectAnswer = (n: unknown) =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) < OPTIONS_PER_QUESTION;

/** A clue's length as the server counts it: after trimming, in the same units as every other text limit. */
export const clueLength = (clue: string | null | undefined) => (clue ?? "").trim().length;
const clueTooLong = (clue: string | null | undefined) => clueLength(clue) > GAME_LIMITS.clue;

/** A hiding place's length as the server counts it: after trimming (the editor's counter). */
export const hidingPlaceLength = (place: string | null | undefined) => (place ?? "").trim().length;

/** A picture's description as the server counts it: after trimming. */
export const altLength = (alt: string | null | undefined) => (alt ?? "").trim().length;

/**
 * The warnings shown under one question while it is edited. Blank options are pointed out once
 * the teacher has started on them or has tried to save: not on a form nobody has typed in yet.
 */
export function questionWarnings(
  q: Question,
  form: { saveTried?: boolean } = {},
): {
  missingOptions: boolean;
  missingCorrectAnswer: boolean;
  clueTooLong: boolean;
  hidingPlaceTooLong: boolean;
  missingAlt: boolean;
  altTooLong: boolean;
} {
  const startedOnOptions = q.options.some((o) => !isBlank(o));
  return {
    missingOptions: q.options.some(isBlank) && (startedOnOptions || form.saveTried === true),
    missingCorrectAnswer: !validCorrectAnswer(q.correctAnswer),
    clueTooLong: clueTooLong(q.clue),
    hidingPlaceTooLong: hidingPlaceLength(q.hidingPlace) > GAME_LIMITS.hidingPlace,
    missingAlt: Boolean(q.imageId) && altLength(q.imageAlt) === 0,
    altTooLong: Boolean(q.imageId) && altLength(q.imageAlt) > IMAGE_LIMITS.alt,
  };
}

/** Whether Game Title is the whole title (nothing chosen to make one from): what the teacher types there does not count. */
export const titleIsNeeded = ({
  subject,
  level,
  topic,
}: {
  subject?: string | null;
  level?: string | null;
  topic?: string | null;
}) => effectiveTitle({ subject, level, topic }) === "";

/** Four option picture ids (A to D, null where none) from a stored question's, or nothing when no option has a picture. */
function optionImageIdsOf(raw: unknown): { optionImageIds?: (string | null)[] } {
  if (!Array.isArray(raw)) return {};
  const ids = Array.from({ length: OPTIONS_PER_QUESTION }, (_, k) =>
    typeof raw[k] === "string" && raw[k] !== "" ? (raw[k] as string) : null,
  );
  return ids.some((id) => id !== null) ? { optionImageIds: ids } : {};
}

/**
 * The question with option `k`'s picture set, or removed with null (the editor, decision 038): four
 * entries A to D, or none at all once no option keeps one, as the server stores it.
 */
export function withOptionPicture(question: Question, k: number, imageId: string | null): Question {
  const ids = Array.from({ length: OPTIONS_PER_QUESTION }, (_, j) =>
    j === k ? imageId : (question.optionImageIds?.[j] ?? null),
  );
  return { ...question, optionImageIds: ids.some((id) => id !== null) ? ids : null };
}

/** A question from a stored (or duplicated) game made safe to edit: text, exactly four options, a valid answer. */
export function normaliseQuestion(raw: unknown): Question {
  const q = (raw ?? {}) as Partial<Record<keyof Question, unknown>>;
  const options = Array.isArray(q.options)
    ? q.options.slice(0, OPTIONS_PER_QUESTION).map((o) => (typeof o === "string" ? o : ""))
    : [];
  while (options.length < OPTIONS_PER_QUESTION) options.push("");
  return {
    questionText: typeof q.questionText === "string" ? q.questionText : "",
    options,
    correctAnswer: validCorrectAnswer(q.correctAnswer) ? (q.correctAnswer as number) : 0,
    clue: typeof q.clue === "string" ? q.clue : "",
    ...(typeof q.hidingPlace === "string" && q.hidingPlace !== "" ? { hidingPlace: q.hidingPlace } : {}),
    // Kept so an edit keeps the question's station card; a duplicate's keys are not kept by the server.
    ...(typeof q.stationKey === "string" && q.stationKey !== "" ? { stationKey: q.stationKey } : {}),
    // A picture comes along with its description (a duplicated game keeps its pictures).
    ...(typeof q.imageId === "string" && q.imageId !== ""
      ? { imageId: q.imageId, imageAlt: typeof q.imageAlt === "string" ? q.imageAlt : "" }
      : {}),
    // The options' pictures too, four entries, when there is any.
    ...optionImageIdsOf(q.optionImageIds),
  };
}
