/** The games API's response shapes: a game in the library, and a game as its creator reads it back. */
import type { Language } from "../i18n/languages.ts";
import type { Question } from "./games.ts";
import type { QuestionKind } from "./question-kinds.ts";

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
  /** The language of its questions (i18n/content-language.ts). */
  language: Language;
  /** Sessions started from this game or with a group playing it: a game with any is archived rather than deleted. */
  sessionCount: number;
};

/**
 * A stored question as its creator reads it back; `clue`, `imageId`, `imageAlt`, `optionImageIds` and `hidingPlace`
 * are null when the question has none. `stationKey` is its identity across versions (decision 031):
 * the editor sends it back with an edit, so the question keeps its station card.
 */
export type StoredQuestion = Omit<
  Question,
  | "kind"
  | "correctAnswers"
  | "fadasCount"
  | "clue"
  | "imageId"
  | "imageAlt"
  | "optionImageIds"
  | "recordingId"
  | "clueRecordingId"
  | "optionRecordingIds"
  | "optionNotes"
  | "hidingPlace"
  | "stationKey"
> & {
  /** What `options` and `correctAnswer` hold (decision 050). */
  kind: QuestionKind;
  /** Choose all that apply: the right options; null for the other kinds. */
  correctAnswers: number[] | null;
  /** Type the answer: whether fadas count; false for the other kinds. */
  fadasCount: boolean;
  clue: string | null;
  imageId: string | null;
  imageAlt: string | null;
  /** The options' picture ids, A to D, null where an option has none; null when no option has one (decision 038). */
  optionImageIds: (string | null)[] | null;
  /** The teacher's recordings (recordings.ts): the question text's, the clue's, and one per option (null where none; null when none has one). */
  recordingId: string | null;
  clueRecordingId: string | null;
  optionRecordingIds: (string | null)[] | null;
  /** "Why a child might pick this" per option, null where none and on every right option; null when none has one (option-notes.ts). */
  optionNotes: (string | null)[] | null;
  hidingPlace: string | null;
  stationKey: string;
};

/** A game as its creator sees it (for duplication): everything, answers and clues included. */
export type GameDetail = GameSummary & {
  questions: StoredQuestion[];
  aiLastUsedTopic: string | null;
  aiLastUsedContext: string | null;
  aiLastUsedNumQuestions: number | null;
};
