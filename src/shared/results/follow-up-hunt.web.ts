/**
 * "Make a follow-up hunt" on the results page: the session's questions ranked by how many got
 * them wrong at their first try, the most missed ticked, copied whole into a new unsaved game titled
 * from the original ("Fractions — follow-up"), and what the AI is asked for "3 new questions like
 * this one". Pure functions.
 */

import { ALIKE_QUESTIONS, type GenerateQuestionsInput } from "../ai/ai-suggestions.ts";
import { basedOnTexts, titleWithoutLevel } from "../ai/class-level-version.web.ts";
import {
  CLASS_LEVELS,
  DEFAULT_AI_QUESTION_COUNT,
  GROUP_IDENTIFIERS,
  type GroupIdentifier,
  SUBJECTS,
} from "../games/curriculum.ts";
import { customTitlePart } from "../games/game-library.ts";
import type { GameDetail } from "../games/game-responses.ts";
import { effectiveTitle, GAME_LIMITS, normaliseQuestion, type Question, type TitleNames } from "../games/games.ts";
import { IMAGE_PATH, type QuestionPicture } from "../games/images.ts";
import { isLanguage, type Language } from "../i18n/languages.ts";
import type { ResultQuestion, StudentResult } from "./results.ts";

/** Whose answers fill the follow-up: everyone who played a game of the session, or one group only. */
export type FollowUpScope = { gameId: string; group: GroupIdentifier | null };

/**
 * The choices of whose answers to use: a session of one group has one (everyone); otherwise each
 * game played by several groups has "everyone who played it", then each group on its own.
 */
export function followUpScopes(session: {
  games: readonly { id: string }[];
  groups: readonly { gameId: string; groupIdentifier: GroupIdentifier }[];
}): FollowUpScope[] {
  if (session.groups.length <= 1) return session.games.slice(0, 1).map((g) => ({ gameId: g.id, group: null }));
  return session.games.flatMap((game) => {
    const groups = session.groups.filter((g) => g.gameId === game.id);
    return [
      ...(groups.length > 1 ? [{ gameId: game.id, group: null }] : []),
      ...groups.map((g) => ({ gameId: game.id, group: g.groupIdentifier })),
    ];
  });
}

/** The pupils whose answers a scope reads: those who played its game, of its group when it has one. */
export const scopeStudents = <S extends Pick<StudentResult, "gameId" | "groupIdentifier">>(
  students: readonly S[],
  scope: FollowUpScope,
): S[] =>
  students.filter((s) => s.gameId === scope.gameId && (scope.group === null || s.groupIdentifier === scope.group));

/** A question with how many got it wrong at their first try (`missed`) out of how many answered it (`tried`). */
export type MissedQuestion<Q> = { question: Q; missed: number; tried: number };

/**
 * The questions, most missed first: by how many pupils' first answer was wrong (an answer whose
 * `wasEverIncorrect` is set was wrong at its first try), then in their own order.
 */
export function rankByMissed<Q extends Pick<ResultQuestion, "index">>(
  questions: readonly Q[],
  students: readonly Pick<StudentResult, "answers">[],
): MissedQuestion<Q>[] {
  return questions
    .map((question) => {
      let missed = 0,
        tried = 0;
      for (const s of students) {
        const answer = s.answers.find((a) => a.questionIndex === question.index);
        if (!answer) continue;
        tried++;
        if (answer.wasEverIncorrect) missed++;
      }
      return { question, missed, tried };
    })
    .sort((a, b) => b.missed - a.missed || a.question.index - b.question.index);
}

/** The share of the players who must have missed a question at their first try for it to start ticked. */
export const PRE_TICK_SHARE = 1 / 3;

/**
 * The questions that start ticked: those at least a third of the players (pupils who answered any
 * question) got wrong at their first try, and always the most missed one when anybody missed any.
 */
export function preTicked<Q extends Pick<ResultQuestion, "index">>(
  ranked: readonly MissedQuestion<Q>[],
  players: number,
): number[] {
  const ticked = ranked.filter((r) => r.missed > 0 && r.missed >= players * PRE_TICK_SHARE);
  const top = ranked[0];
  if (ticked.length === 0 && top && top.missed > 0) return [top.question.index];
  return ticked.map((r) => r.question.index);
}

/** Pupils who answered at least one question: "the class" a share is of. */
export const playerCount = (students: readonly Pick<StudentResult, "answers">[]) =>
  students.filter((s) => s.answers.length > 0).length;

/** What a follow-up copies of a results question, with its notes per option when it has any (null entries: none). */
export type FollowedQuestion = Pick<
  ResultQuestion,
  | "gameId"
  | "index"
  | "questionText"
  | "kind"
  | "options"
  | "correctAnswer"
  | "correctAnswers"
  | "fadasCount"
  | "clue"
  | "picture"
  | "optionPictures"
  | "recordingId"
  | "clueRecordingId"
  | "optionRecordingIds"
> & { optionNotes?: (string | null)[] | null };

const imageIdOf = (picture: QuestionPicture | null | undefined): string | null =>
  picture?.src.startsWith(IMAGE_PATH) ? picture.src.slice(IMAGE_PATH.length) : null;

/**
 * A question of the session copied whole as the editor's question, exactly as the session asked
 * it (the session's own version): kind, text, options, right answer(s), clue, picture and its
 * description, the options' pictures, the teacher's recordings (the question's, the clue's, the
 * options'), and the note per wrong option ("" where none) when it has any.
 */
export function followUpQuestion(q: FollowedQuestion): Question {
  const imageId = imageIdOf(q.picture);
  const question = normaliseQuestion({
    kind: q.kind,
    questionText: q.questionText,
    options: q.options,
    correctAnswer: q.correctAnswer,
    correctAnswers: q.correctAnswers,
    fadasCount: q.fadasCount,
    clue: q.clue ?? "",
    ...(imageId ? { imageId, imageAlt: q.picture?.alt ?? "" } : {}),
    optionImageIds: q.optionPictures?.map(imageIdOf) ?? null,
    recordingId: q.recordingId,
    clueRecordingId: q.clueRecordingId,
    optionRecordingIds: q.optionRecordingIds,
  });
  const notes = q.optionNotes;
  return notes?.some((n) => typeof n === "string" && n !== "")
    ? ({ ...question, optionNotes: notes.map((n) => n ?? "") } as Question)
    : question;
}

/** The game a follow-up is made from: its title, AI fields and language (not versioned, decision 017). */
export type FollowUpSource = Pick<
  GameDetail,
  | "title"
  | "description"
  | "language"
  | "aiLastUsedSubject"
  | "aiLastUsedLevel"
  | "aiLastUsedTopic"
  | "aiLastUsedContext"
  | "aiLastUsedNumQuestions"
>;

/** The editor's Game Title and AI fields of a follow-up (AiFields' title, subject, level and topic). */
export type FollowUpTitleFields = { customTitle: string; subject: string; level: string; topic: string };

const clip = (text: string, max: number) => {
  let out = "";
  for (const char of Array.from(text)) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
};

const storedNames: TitleNames = (_kind, value) => value;

/**
 * The follow-up's title and AI fields: the original's title with `suffix` (" — follow-up") after
 * it, its subject, class level and topic kept. A title made of the AI fields ("Mathematics - 3rd
 * Class - Fractions") gets the suffix on its topic, so the title reads "… - Fractions — follow-up";
 * a title of its own ("Fractions", no fields) gets it after it. A follow-up of a follow-up is not
 * "— follow-up — follow-up". `word`: the suffix's word alone ("Follow-up"), the topic of a title of
 * subject and level only. `names`: the subject and level as the teacher reads them.
 */
export function followUpTitleFields(
  game: Pick<FollowUpSource, "title" | "aiLastUsedSubject" | "aiLastUsedLevel" | "aiLastUsedTopic">,
  suffix: string,
  word: string,
  names: TitleNames,
): FollowUpTitleFields {
  const unsuffixed = (text: string) => {
    const trimmed = text.trim();
    return trimmed.endsWith(suffix.trim()) && trimmed.length > suffix.trim().length
      ? trimmed.slice(0, -suffix.trim().length).trim()
      : trimmed;
  };
  const parts = {
    subject: game.aiLastUsedSubject ?? "",
    level: game.aiLastUsedLevel ?? "",
    topic: game.aiLastUsedTopic ?? "",
  };
  const withSuffix = (text: string, max: number) => `${clip(unsuffixed(text), max - suffix.length)}${suffix}`;
  if (effectiveTitle(parts) === "")
    return { customTitle: withSuffix(game.title, GAME_LIMITS.title), subject: "", level: "", topic: "" };
  // A title not made of the fields (written in another language, imported) is made of them again, as Duplicate does.
  const custom = customTitlePart(game.title, parts, names, storedNames);
  const kept = custom === game.title ? "" : custom;
  if (parts.topic.trim() !== "")
    return { ...parts, customTitle: kept, topic: withSuffix(parts.topic, GAME_LIMITS.topic) };
  if (kept !== "") return { ...parts, customTitle: withSuffix(kept, GAME_LIMITS.title) };
  return { ...parts, customTitle: "", topic: word };
}

/**
 * The generate-questions request for "3 new questions like this one": the game's subject (else
 * Other), class level (else Other/Mixed), topic (else its title), in the game's language, shown
 * the one question, of its kind.
 */
export function alikeRequest(
  game: Pick<FollowUpSource, "title" | "language" | "aiLastUsedSubject" | "aiLastUsedLevel" | "aiLastUsedTopic">,
  question: Pick<ResultQuestion, "questionText" | "kind">,
): GenerateQuestionsInput {
  const basedOn = basedOnTexts({ questions: [question] });
  const subject =
    game.aiLastUsedSubject && (SUBJECTS as readonly string[]).includes(game.aiLastUsedSubject)
      ? game.aiLastUsedSubject
      : "Other";
  const level = CLASS_LEVELS.find((l) => l === game.aiLastUsedLevel) ?? "Other/Mixed";
  const topic = game.aiLastUsedTopic?.trim() || titleWithoutLevel(game.title) || basedOn[0] || "";
  return {
    subject,
    level,
    topic: clip(topic, GAME_LIMITS.topic),
    numQuestions: ALIKE_QUESTIONS,
    language: game.language,
    basedOn,
    alike: question.kind,
  };
}

/**
 * What the editor opens with: the follow-up, a new game not saved yet (handed over in the
 * navigation state, which the browser keeps through a reload until the game is saved).
 * `group`: the group whose answers chose the questions, null for everyone's. `written`: how
 * many questions the AI wrote like the chosen ones (they follow each one's copy).
 */
export type FollowUpDraft = {
  sourceTitle: string;
  group: GroupIdentifier | null;
  description: string;
  language: Language;
  fields: FollowUpTitleFields;
  context: string;
  numQuestions: number;
  questions: Question[];
  written: number;
};

const isString = (value: unknown): value is string => typeof value === "string";

/** A question read back from a navigation state: normalised, its notes kept when they fit its options. */
function draftQuestion(raw: unknown): Question {
  const question = normaliseQuestion(raw);
  const notes = (raw as { optionNotes?: unknown } | null)?.optionNotes;
  return Array.isArray(notes) && notes.length === question.options.length && notes.every(isString)
    ? ({ ...question, optionNotes: notes } as Question)
    : question;
}

/** The draft in a navigation state, checked: a state that is not one (a hand-made history entry) is none. */
export function followUpDraft(state: unknown): FollowUpDraft | null {
  const draft = (state as { followUp?: Partial<Record<keyof FollowUpDraft, unknown>> } | null)?.followUp;
  if (!draft || typeof draft !== "object") return null;
  const fields = draft.fields as Partial<FollowUpTitleFields> | undefined;
  if (
    !isString(draft.sourceTitle) ||
    !isString(draft.description) ||
    !isLanguage(draft.language) ||
    !fields ||
    ![fields.customTitle, fields.subject, fields.level, fields.topic].every(isString) ||
    !Array.isArray(draft.questions) ||
    draft.questions.length === 0
  )
    return null;
  return {
    sourceTitle: draft.sourceTitle,
    group: (GROUP_IDENTIFIERS as readonly unknown[]).includes(draft.group) ? (draft.group as GroupIdentifier) : null,
    description: draft.description,
    language: draft.language,
    fields: fields as FollowUpTitleFields,
    context: isString(draft.context) ? draft.context : "",
    numQuestions: typeof draft.numQuestions === "number" ? draft.numQuestions : DEFAULT_AI_QUESTION_COUNT,
    questions: draft.questions.map(draftQuestion),
    written: typeof draft.written === "number" ? draft.written : 0,
  };
}
