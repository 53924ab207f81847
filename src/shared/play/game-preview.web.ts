/**
 * Preview as a pupil: a teacher plays a game on the pupil's screens with no session (her own game,
 * or a starter hunt before she uses it). The browser marks the answers from the teacher's copy of
 * the game, answering as the server's answer statement would (progress-rules; each kind of question
 * by question-kinds.ts, decision 050: a typed answer's "nearly", an order shuffled by a seed of the
 * preview's and how many are in place), and records nothing anywhere. Pure; types only from the
 * play API, so the preview drives the same screen-state functions as a real game.
 */

import type { GameDetail } from "../games/game-responses.ts";
import { imageSrc, type OptionPictures, type QuestionPicture } from "../games/images.ts";
import {
  givenOrder,
  inPlaceCount,
  isOrderOf,
  isRightOrder,
  kindOf,
  maskOf,
  type QuestionKind,
  shuffledOrder,
  typedVerdict,
} from "../games/question-kinds.ts";
import { recordingSrc } from "../games/recordings.ts";
import type { Language } from "../i18n/languages.ts";
import type { AnswerInput, AnswerResponse, PlayQuestion, PlayState } from "./play-responses.ts";

export const PREVIEW_PLAYER = "Preview";

/** A question as the preview reads it: the answer and clue for the teacher, each picture by its address. */
export type PreviewQuestion = {
  /** Absent: four options (a starter hunt written before kinds). */
  kind?: QuestionKind;
  questionText: string;
  options: string[];
  correctAnswer: number;
  /** Choose all that apply: the right options. */
  correctAnswers?: number[] | null;
  /** Type the answer: whether a missing fada is "Nearly!". */
  fadasCount?: boolean;
  clue: string | null;
  picture: QuestionPicture | null;
  optionPictures: OptionPictures;
  /** The teacher's recordings by address (a starter hunt has none): the question's, one per option, the clue's. */
  recording?: string | null;
  optionRecordings?: (string | null)[] | null;
  clueRecording?: string | null;
};

/** A game as the preview plays it: a teacher's own (previewOfGame) or a starter hunt (its view already has this shape). */
export type PreviewGame = {
  id: string;
  title: string;
  aiLastUsedSubject: string | null;
  language: Language;
  questions: PreviewQuestion[];
};

/**
 * The teacher's own game as the preview plays it: each picture by its stored address. Its size
 * is not in the teacher's copy: 0 × 0 means "the browser measures it".
 */
export function previewOfGame(
  game: Pick<GameDetail, "id" | "title" | "aiLastUsedSubject" | "language" | "questions">,
): PreviewGame {
  const at = (id: string, alt: string): QuestionPicture => ({ src: imageSrc(id), alt, width: 0, height: 0 });
  return {
    id: game.id,
    title: game.title,
    aiLastUsedSubject: game.aiLastUsedSubject,
    language: game.language,
    questions: game.questions.map((q) => ({
      kind: q.kind,
      questionText: q.questionText,
      options: q.options,
      correctAnswer: q.correctAnswer,
      correctAnswers: q.correctAnswers,
      fadasCount: q.fadasCount,
      clue: q.clue,
      picture: q.imageId ? at(q.imageId, q.imageAlt ?? "") : null,
      // The options' pictures as the server builds them (decision 038): the option's text describes each.
      optionPictures: q.optionImageIds
        ? q.optionImageIds.map((id, k) => (id ? at(id, q.options[k] ?? "") : null))
        : null,
      recording: q.recordingId ? recordingSrc(q.recordingId) : null,
      optionRecordings: q.optionRecordingIds ? q.optionRecordingIds.map((id) => (id ? recordingSrc(id) : null)) : null,
      clueRecording: q.clue && q.clueRecordingId ? recordingSrc(q.clueRecordingId) : null,
    })),
  };
}

/** An order question's items as this preview shows them: `shown[p]` is the item (in the right order) at place p. */
export const previewShown = (seed: number, index: number, itemCount: number) =>
  shuffledOrder(itemCount, (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);

/**
 * A question as the pupil's screen receives it: no answer, no clue until a wrong try; an order's
 * items (and their pictures and recordings) shuffled; none for true or false and for a typed answer.
 */
function pupilQuestion(game: Pick<PreviewGame, "questions">, index: number, seed: number): PlayQuestion | null {
  const q = game.questions[index];
  if (!q) return null;
  const kind = kindOf(q);
  const shown = kind === "order" ? previewShown(seed, index, q.options.length) : null;
  const pictures = q.optionPictures;
  const recordings = q.optionRecordings ?? null;
  const noOptions = kind === "truefalse" || kind === "typed";
  return {
    index,
    kind,
    questionText: q.questionText,
    options: kind === "truefalse" || kind === "typed" ? [] : shown ? shown.map((k) => q.options[k]!) : q.options,
    wrongOptions: [],
    clue: null,
    picture: q.picture,
    optionPictures: noOptions || !pictures ? null : shown ? shown.map((k) => pictures[k] ?? null) : pictures,
    recording: q.recording ?? null,
    optionRecordings: noOptions || !recordings ? null : shown ? shown.map((k) => recordings[k] ?? null) : recordings,
    clueRecording: null,
  };
}

/** The pupil's screen at the start of a preview: question 1 of the game as it is now. */
export function previewStart(game: PreviewGame, pupilLanguage: Language, seed: number): PlayState {
  return {
    progressId: `preview-${game.id}`,
    studentName: PREVIEW_PLAYER,
    gameTitle: game.title,
    gameSubject: game.aiLastUsedSubject,
    pupilLanguage,
    questionLanguage: game.language,
    groupIdentifier: "yellow-square",
    questionCount: game.questions.length,
    completedQuestionsCount: 0,
    sessionActive: true,
    helpRequested: false,
    completed: false,
    current: pupilQuestion(game, 0, seed),
    soundEffects: false,
    correctFirstTimeCount: 0,
    // A preview plays on screen, for one child.
    hunt: null,
    tablet: null,
  };
}

type Answer = Pick<AnswerInput, "selectedOption" | "selectedOptions" | "typedAnswer" | "order">;

/** Right, "nearly" (a typed answer's fadas), or wrong; and an order's items in place. As the server marks. */
function mark(q: PreviewQuestion, index: number, answer: Answer, seed: number) {
  const wrong = { verdict: "wrong" as const, inPlace: null };
  switch (kindOf(q)) {
    case "typed":
      return answer.typedAnswer === undefined
        ? wrong
        : { verdict: typedVerdict(answer.typedAnswer, q.options, q.fadasCount ?? false), inPlace: null };
    case "order": {
      const order = answer.order;
      if (!order || !isOrderOf(order, q.options.length)) return wrong;
      const given = givenOrder(order, previewShown(seed, index, q.options.length));
      return isRightOrder(given)
        ? { verdict: "right" as const, inPlace: null }
        : { ...wrong, inPlace: inPlaceCount(given) };
    }
    case "multi":
      return answer.selectedOptions && maskOf(answer.selectedOptions) === maskOf(q.correctAnswers ?? [])
        ? { verdict: "right" as const, inPlace: null }
        : wrong;
    default:
      return answer.selectedOption === q.correctAnswer ? { verdict: "right" as const, inPlace: null } : wrong;
  }
}

/**
 * The verdict the server would give on `answer` for the question on screen: the clue after a wrong
 * try, the next question after a right one; "nearly" (no clue, not a try) for a typed answer right
 * but for its fadas where they count. `seed`: the preview's, that shuffled the orders on screen.
 */
export function previewAnswer(
  game: Pick<PreviewGame, "questions">,
  state: PlayState,
  answer: Answer,
  seed: number,
): AnswerResponse {
  const index = state.current?.index ?? 0;
  const question = game.questions[index];
  const { verdict, inPlace } = question ? mark(question, index, answer, seed) : { verdict: "wrong", inPlace: null };
  const isCorrect = verdict === "right";
  const nearly = verdict === "nearly";
  const next = isCorrect ? pupilQuestion(game, index + 1, seed) : null;
  return {
    isCorrect,
    completed: isCorrect && next === null,
    questionIndex: index,
    next,
    clue: isCorrect || nearly ? null : (question?.clue ?? null),
    clueRecording: isCorrect || nearly || !question?.clue ? null : (question.clueRecording ?? null),
    nearly,
    inPlace,
  };
}

/** What the preview marks for the teacher as the answer of its question on screen. */
export function teacherAnswerOf(game: Pick<PreviewGame, "questions">, current: PlayQuestion, seed: number) {
  const q = game.questions[current.index];
  if (!q) return {};
  switch (kindOf(q)) {
    case "typed":
      return { accepted: q.options };
    case "order":
      // Each item, at its place as shown, with its right place (1 for the first).
      return { places: previewShown(seed, current.index, q.options.length).map((k) => k + 1) };
    case "multi":
      return { tiles: q.correctAnswers ?? [] };
    default:
      return { tiles: [q.correctAnswer] };
  }
}

/** The screen once the last question is right: the completion, with the counts a pupil would see. `triedBefore`: a wrong try at it was seen. */
export function previewFinished(state: PlayState, triedBefore = false): PlayState {
  const firstTime = (state.current?.wrongOptions.length ?? 1) === 0 && !triedBefore;
  return {
    ...state,
    current: null,
    completed: true,
    completedQuestionsCount: state.questionCount,
    correctFirstTimeCount: state.correctFirstTimeCount + (firstTime ? 1 : 0),
  };
}
