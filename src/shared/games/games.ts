/**
 * Games: limits, the catalogue keys of their messages, the effective-title rule, the editor's
 * warnings and the normalisation of a duplicated game's questions. Pure functions without zod,
 * so a page that needs only these rules does not load it; the request schemas are in
 * game-contracts.ts, the AI suggestions in ai-suggestions.ts, the response shapes in game-responses.ts.
 */

import type { Language } from "../i18n/languages.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { AI_QUESTION_COUNTS } from "./curriculum.ts";
import { IMAGE_LIMITS } from "./images.ts";
import { editorNotesOf, noteCountOf, noteLength, OPTION_NOTE_MAX } from "./option-notes.ts";
import {
  answerKey,
  KIND_LIMITS,
  kindHasOptionPictures,
  kindOf,
  optionCountRange,
  type QuestionKind,
} from "./question-kinds.ts";

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
  acceptedBlank: "games.kind.acceptedBlank",
  orderItemBlank: "games.kind.orderItemBlank",
  multiRightCount: "games.kind.multiRightCount",
  trueOrFalseRequired: "games.kind.trueOrFalseRequired",
  noOptionPictures: "games.kind.noOptionPictures",
  noOptionRecordings: "games.kind.noOptionRecordings",
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
   * The options' pictures (decision 038): one uploaded picture id per option (A to D, or per order
   * item), null where that option has none; absent or null when no option has one. An option's
   * text stays required and is its picture's description.
   */
  optionImageIds?: (string | null)[] | null;
  /** The teacher's own voice reading the question text (recordings.ts): an uploaded recording id, absent or null when none. */
  recordingId?: string | null;
  /** Her voice reading the clue; kept only with a clue. */
  clueRecordingId?: string | null;
  /**
   * Her voice reading each option (or order item), one recording id per option, null where that
   * one has none; absent or null when none has one. Only the kinds with options' pictures have them.
   */
  optionRecordingIds?: (string | null)[] | null;
  /**
   * "Why a child might pick this" (option-notes.ts): one note per option of four options, choose
   * all and true or false ("" for none), never on a right option when saved; absent or null when none.
   */
  optionNotes?: string[] | null;
  /** Where its station card is hidden ("under the globe"); absent or "" when not said. */
  hidingPlace?: string;
  /**
   * The question's identity across versions (decision 031), as read back from the server: sent
   * back with an edit so the question keeps its station card. Absent for a new question.
   */
  stationKey?: string | null;
};

/** A new question of a kind (four options unless told), nothing typed or chosen; `language` is the game's (see withKind). */
export const blankQuestion = (kind: QuestionKind = "choice", language: Language | null = null): Question =>
  ({ questionText: "", clue: "", ...blankKindFields(kind, language) }) as Question;

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

/** Nothing typed yet (a clue counts as typed, and so does choosing another kind): AI suggestions may take its place. */
export const isBlankQuestion = (q: Question) =>
  kindOf(q) === "choice" &&
  q.questionText.trim() === "" &&
  q.options.every((o) => o.trim() === "") &&
  q.clue.trim() === "" &&
  (q.optionNotes ?? []).every((n) => n.trim() === "");
const validCorrectAnswer = (n: unknown) =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) < OPTIONS_PER_QUESTION;
const validTrueOrFalse = (n: unknown) => n === 0 || n === 1;

/** A clue's length as the server counts it: after trimming, in the same units as every other text limit. */
export const clueLength = (clue: string | null | undefined) => (clue ?? "").trim().length;
const clueTooLong = (clue: string | null | undefined) => clueLength(clue) > GAME_LIMITS.clue;

/** A hiding place's length as the server counts it: after trimming (the editor's counter). */
export const hidingPlaceLength = (place: string | null | undefined) => (place ?? "").trim().length;

/** A picture's description as the server counts it: after trimming. */
export const altLength = (alt: string | null | undefined) => (alt ?? "").trim().length;

/** How a typed answer's length is counted (trimmed), as the server counts it: the editor's counter. */
export const acceptedLength = (answer: string) => answer.trim().length;

/**
 * The warnings shown under one question while it is edited. Blank options (or accepted answers,
 * or items) are pointed out once the teacher has started on them or has tried to save: not on a
 * form nobody has typed in yet. Each kind has its own (decision 050).
 */
export function questionWarnings(
  q: Question,
  form: { saveTried?: boolean } = {},
): {
  missingOptions: boolean;
  missingCorrectAnswer: boolean;
  /** True or false: neither chosen yet (said once Save was pressed). */
  missingTrueOrFalse: boolean;
  /** Choose all that apply: not 2 or 3 ticked (said as soon as one is, or once Save was pressed). */
  multiRightCount: boolean;
  /** Type the answer: the accepted answers over the limit, by index. */
  acceptedTooLong: number[];
  /** Put in order: the first item that repeats an earlier one, or -1. */
  repeatedItem: number;
  /** The options whose note is over the limit, by index. */
  notesTooLong: number[];
  clueTooLong: boolean;
  hidingPlaceTooLong: boolean;
  missingAlt: boolean;
  altTooLong: boolean;
} {
  const kind = kindOf(q);
  const startedOnOptions = q.options.some((o) => !isBlank(o));
  const saveTried = form.saveTried === true;
  const right = q.correctAnswers?.length ?? 0;
  return {
    missingOptions: kind !== "truefalse" && q.options.some(isBlank) && (startedOnOptions || saveTried),
    missingCorrectAnswer: kind === "choice" && !validCorrectAnswer(q.correctAnswer),
    missingTrueOrFalse: kind === "truefalse" && saveTried && !validTrueOrFalse(q.correctAnswer),
    multiRightCount:
      kind === "multi" &&
      (right > 0 || saveTried) &&
      (right < KIND_LIMITS.multiRight.min || right > KIND_LIMITS.multiRight.max),
    acceptedTooLong:
      kind === "typed"
        ? q.options.flatMap((answer, k) => (acceptedLength(answer) > KIND_LIMITS.typedAnswer ? [k] : []))
        : [],
    repeatedItem: kind === "order" ? firstRepeated(q.options) : -1,
    notesTooLong: (q.optionNotes ?? []).flatMap((note, k) => (noteLength(note) > OPTION_NOTE_MAX ? [k] : [])),
    clueTooLong: clueTooLong(q.clue),
    hidingPlaceTooLong: hidingPlaceLength(q.hidingPlace) > GAME_LIMITS.hidingPlace,
    missingAlt: Boolean(q.imageId) && altLength(q.imageAlt) === 0,
    altTooLong: Boolean(q.imageId) && altLength(q.imageAlt) > IMAGE_LIMITS.alt,
  };
}

/** The first item typed twice (as the server compares them: case, spaces and end punctuation aside), blanks aside; -1 when none. */
function firstRepeated(items: readonly string[]): number {
  const keys = items.map((item) => (isBlank(item) ? null : answerKey(item)));
  return keys.findIndex((key, k) => key !== null && keys.indexOf(key) !== k);
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

/** One picture id per option (null where none) from a stored question's, or nothing when no option has a picture. */
function optionImageIdsOf(raw: unknown, count: number): { optionImageIds?: (string | null)[] } {
  if (!Array.isArray(raw)) return {};
  const ids = Array.from({ length: count }, (_, k) =>
    typeof raw[k] === "string" && raw[k] !== "" ? (raw[k] as string) : null,
  );
  return ids.some((id) => id !== null) ? { optionImageIds: ids } : {};
}

/** One recording id per option (null where none) from a stored question's, or nothing when no option has one. */
function optionRecordingIdsOf(raw: unknown, count: number): { optionRecordingIds?: (string | null)[] } {
  const ids = optionImageIdsOf(raw, count).optionImageIds;
  return ids ? { optionRecordingIds: ids } : {};
}

/** Picture (or recording) ids as the server stores them: one per option, or null once none has one. */
const pictureIds = (ids: (string | null)[]) => (ids.some((id) => id !== null) ? ids : null);

/** The question's per-option lists (pictures, recordings) passed through `change`, each only when the question has it. */
function withOptionLists(
  question: Question,
  change: (ids: (string | null)[]) => (string | null)[] | null,
): Partial<Question> {
  return {
    ...(question.optionImageIds ? { optionImageIds: change(question.optionImageIds) } : {}),
    ...(question.optionRecordingIds ? { optionRecordingIds: change(question.optionRecordingIds) } : {}),
  };
}

/**
 * The question with option `k`'s picture set, or removed with null (the editor, decisions 038
 * and 050): one entry per option (or order item), or none at all once no option keeps one, as
 * the server stores it.
 */
export function withOptionPicture(question: Question, k: number, imageId: string | null): Question {
  const ids = question.options.map((_, j) => (j === k ? imageId : (question.optionImageIds?.[j] ?? null)));
  return { ...question, optionImageIds: pictureIds(ids) };
}

/**
 * The question with option `k`'s recording set, or removed with null: one entry per option (or
 * order item), or none at all once no option keeps one, as the server stores it.
 */
export function withOptionRecording(question: Question, k: number, recordingId: string | null): Question {
  const ids = question.options.map((_, j) => (j === k ? recordingId : (question.optionRecordingIds?.[j] ?? null)));
  return { ...question, optionRecordingIds: pictureIds(ids) };
}

/** The question with option `k`'s note ("why a child might pick this") set: one per option of its kind, "" for none. */
export function withOptionNote(question: Question, k: number, note: string): Question {
  const count = noteCountOf(kindOf(question));
  const notes = Array.from({ length: count }, (_, j) => (j === k ? note : (question.optionNotes?.[j] ?? "")));
  return { ...question, optionNotes: notes };
}

/** The question with a blank accepted answer or order item added at the end (its picture and recording none). */
export function withOptionAdded(question: Question): Question {
  return {
    ...question,
    options: [...question.options, ""],
    ...withOptionLists(question, (ids) => [...ids, null]),
  };
}

/** The question without accepted answer or order item `k`, and without its picture and recording. */
export function withOptionRemoved(question: Question, k: number): Question {
  return {
    ...question,
    options: question.options.filter((_, j) => j !== k),
    ...withOptionLists(question, (ids) => pictureIds(ids.filter((_, j) => j !== k))),
  };
}

/** The question with order item `k` swapped with its neighbour (`by` −1: up, +1: down), its picture and recording going with it. */
export function withOptionMoved(question: Question, k: number, by: -1 | 1): Question {
  const to = k + by;
  if (to < 0 || to >= question.options.length) return question;
  const swap = <T>(list: readonly T[]) => list.map((x, j) => (j === k ? list[to]! : j === to ? list[k]! : x));
  return {
    ...question,
    options: swap(question.options),
    ...withOptionLists(question, swap),
  };
}

/** A kind's fields as a new question of it has them: blank, and nothing chosen yet. */
function blankKindFields(kind: QuestionKind, language: Language | null): Partial<Question> {
  switch (kind) {
    case "choice":
      return { options: ["", "", "", ""], correctAnswer: 0 };
    case "multi":
      return { kind, options: ["", "", "", ""], correctAnswer: 0, correctAnswers: [] };
    case "truefalse":
      // Neither true nor false: a statement has no default answer, the teacher says which.
      return { kind, options: [], correctAnswer: -1 };
    case "typed":
      // Irish spelling is often what the question is about: there a missing fada is a mistake.
      return { kind, options: [""], correctAnswer: 0, fadasCount: language === "ga" };
    case "order":
      return { kind, options: ["", "", ""], correctAnswer: 0 };
  }
}

/**
 * The question as another kind (the editor's "Kind of question"): its text, clue, picture, their
 * recordings, hiding place and station card stay; the answer fields are the new kind's, blank, except between four
 * options and "choose all that apply", which keep the four options, their pictures, recordings, notes and the right one.
 * `language` is the game's: a typed answer's fadas count in an Irish game.
 */
export function withKind(question: Question, kind: QuestionKind, language: Language | null): Question {
  const from = kindOf(question);
  if (from === kind) return question;
  const {
    kind: _kind,
    options: _options,
    correctAnswer,
    correctAnswers,
    fadasCount: _fadasCount,
    optionImageIds,
    optionRecordingIds,
    optionNotes,
    ...kept
  } = question;
  const fields = blankKindFields(kind, language);
  const fourOptions = (k: QuestionKind) => k === "choice" || k === "multi";
  if (fourOptions(from) && fourOptions(kind)) {
    const started = question.options.some((o) => !isBlank(o));
    Object.assign(fields, {
      options: question.options,
      ...(optionImageIds ? { optionImageIds } : {}),
      ...(optionRecordingIds ? { optionRecordingIds } : {}),
      // The notes stay with their options; one on an option now right stays out of sight and is not saved (option-notes.ts).
      ...(optionNotes ? { optionNotes } : {}),
      ...(kind === "multi"
        ? { correctAnswers: started ? [correctAnswer] : [] }
        : { correctAnswer: correctAnswers?.[0] ?? 0 }),
    });
  }
  return { ...kept, ...fields } as Question;
}

/**
 * A question from a stored (or duplicated) game made safe to edit: its kind, text, as many
 * options (accepted answers, items) as its kind has, a valid answer. A four-option question
 * comes back as it always did, with no kind field.
 */
export function normaliseQuestion(raw: unknown): Question {
  const q = (raw ?? {}) as Partial<Record<keyof Question, unknown>>;
  const kind = kindOf(q as { kind?: string });
  const range = optionCountRange(kind);
  const options = Array.isArray(q.options)
    ? q.options.slice(0, range.max).map((o) => (typeof o === "string" ? o : ""))
    : [];
  while (options.length < range.min) options.push("");
  const rightOnes = Array.isArray(q.correctAnswers)
    ? [...new Set(q.correctAnswers.filter(validCorrectAnswer) as number[])].sort((a, b) => a - b)
    : [];
  return {
    ...(kind === "choice" ? {} : { kind }),
    questionText: typeof q.questionText === "string" ? q.questionText : "",
    options,
    correctAnswer:
      kind === "truefalse"
        ? validTrueOrFalse(q.correctAnswer)
          ? (q.correctAnswer as number)
          : -1
        : kind === "choice" && validCorrectAnswer(q.correctAnswer)
          ? (q.correctAnswer as number)
          : 0,
    ...(kind === "multi" ? { correctAnswers: rightOnes } : {}),
    ...(kind === "typed" ? { fadasCount: q.fadasCount === true } : {}),
    clue: typeof q.clue === "string" ? q.clue : "",
    ...(typeof q.hidingPlace === "string" && q.hidingPlace !== "" ? { hidingPlace: q.hidingPlace } : {}),
    // Kept so an edit keeps the question's station card; a duplicate's keys are not kept by the server.
    ...(typeof q.stationKey === "string" && q.stationKey !== "" ? { stationKey: q.stationKey } : {}),
    // A picture comes along with its description (a duplicated game keeps its pictures).
    ...(typeof q.imageId === "string" && q.imageId !== ""
      ? { imageId: q.imageId, imageAlt: typeof q.imageAlt === "string" ? q.imageAlt : "" }
      : {}),
    // The options' (or items') pictures too, one entry per option, when there is any.
    ...(kindHasOptionPictures(kind) ? optionImageIdsOf(q.optionImageIds, options.length) : {}),
    // The teacher's recordings: the question's, the clue's (with a clue) and the options' where the kind has them.
    ...(typeof q.recordingId === "string" && q.recordingId !== "" ? { recordingId: q.recordingId } : {}),
    ...(typeof q.clueRecordingId === "string" && q.clueRecordingId !== "" && typeof q.clue === "string" && q.clue !== ""
      ? { clueRecordingId: q.clueRecordingId }
      : {}),
    ...(kindHasOptionPictures(kind) ? optionRecordingIdsOf(q.optionRecordingIds, options.length) : {}),
    // And the notes on the wrong options ("why a child might pick this"), "" where none.
    ...editorNotesOf(q.optionNotes, kind),
  };
}
