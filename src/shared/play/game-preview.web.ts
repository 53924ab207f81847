/**
 * Preview as a pupil: a teacher plays a game on the pupil's screens with no session (her own game,
 * or a starter hunt before she uses it). The browser marks the answers from the teacher's copy of
 * the game, answering as the server's answer statement would (progress-rules), and records nothing
 * anywhere. Pure; types only from the play API, so the preview drives the same screen-state
 * functions as a real game.
 */

import type { GameDetail } from "../games/game-responses.ts";
import { imageSrc, type OptionPictures, type QuestionPicture } from "../games/images.ts";
import type { Language } from "../i18n/languages.ts";
import type { AnswerResponse, PlayQuestion, PlayState } from "./play-responses.ts";

export const PREVIEW_PLAYER = "Preview";

/** A question as the preview reads it: the answer and clue for the teacher, each picture by its address. */
export type PreviewQuestion = {
  questionText: string;
  options: string[];
  correctAnswer: number;
  clue: string | null;
  picture: QuestionPicture | null;
  optionPictures: OptionPictures;
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
      questionText: q.questionText,
      options: q.options,
      correctAnswer: q.correctAnswer,
      clue: q.clue,
      picture: q.imageId ? at(q.imageId, q.imageAlt ?? "") : null,
      // The options' pictures as the server builds them (decision 038): the option's text describes each.
      optionPictures: q.optionImageIds
        ? q.optionImageIds.map((id, k) => (id ? at(id, q.options[k] ?? "") : null))
        : null,
    })),
  };
}

/** A question as the pupil's screen receives it: no answer, no clue until a wrong try. */
function pupilQuestion(game: Pick<PreviewGame, "questions">, index: number): PlayQuestion | null {
  const q = game.questions[index];
  if (!q) return null;
  return {
    index,
    questionText: q.questionText,
    options: q.options,
    wrongOptions: [],
    clue: null,
    picture: q.picture,
    optionPictures: q.optionPictures,
  };
}

/** The pupil's screen at the start of a preview: question 1 of the game as it is now. */
export function previewStart(game: PreviewGame, pupilLanguage: Language): PlayState {
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
    current: pupilQuestion(game, 0),
    soundEffects: false,
    correctFirstTimeCount: 0,
    // A preview plays on screen, for one child.
    hunt: null,
    tablet: null,
  };
}

/** The verdict the server would give on `option` for the question on screen: the clue after a wrong try, the next question after a right one. */
export function previewAnswer(game: Pick<PreviewGame, "questions">, state: PlayState, option: number): AnswerResponse {
  const index = state.current?.index ?? 0;
  const question = game.questions[index];
  const isCorrect = question !== undefined && question.correctAnswer === option;
  const next = isCorrect ? pupilQuestion(game, index + 1) : null;
  return {
    isCorrect,
    completed: isCorrect && next === null,
    questionIndex: index,
    next,
    clue: isCorrect ? null : (question?.clue ?? null),
  };
}

/** The screen once the last question is right: the completion, with the counts a pupil would see. */
export function previewFinished(state: PlayState): PlayState {
  const firstTime = (state.current?.wrongOptions.length ?? 1) === 0;
  return {
    ...state,
    current: null,
    completed: true,
    completedQuestionsCount: state.questionCount,
    correctFirstTimeCount: state.correctFirstTimeCount + (firstTime ? 1 : 0),
  };
}
