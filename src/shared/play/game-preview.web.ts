/**
 * Preview as a pupil: a teacher plays their own game on the pupil's screens with no
 * session. The browser marks the answers from the teacher's copy of the game, answering as the
 * server's answer statement would (progress-rules), and records nothing anywhere. Pure; types
 * only from the play API, so the preview drives the same screen-state functions as a real game.
 */

import type { GameDetail } from "../games/game-responses.ts";
import { imageSrc } from "../games/images.ts";
import type { Language } from "../i18n/languages.ts";
import type { AnswerResponse, PlayQuestion, PlayState } from "./play-responses.ts";

export const PREVIEW_PLAYER = "Preview";

/**
 * A question as the pupil's screen receives it: no answer, no clue until a wrong try. Its
 * picture's size is not in the teacher's copy: 0 × 0 means "the browser measures it".
 */
function pupilQuestion(game: Pick<GameDetail, "questions">, index: number): PlayQuestion | null {
  const q = game.questions[index];
  if (!q) return null;
  const picture = q.imageId ? { src: imageSrc(q.imageId), alt: q.imageAlt ?? "", width: 0, height: 0 } : null;
  // The options' pictures as the server builds them (decision 038): the option's text describes each.
  const optionPictures = q.optionImageIds
    ? q.optionImageIds.map((id, k) => (id ? { src: imageSrc(id), alt: q.options[k] ?? "", width: 0, height: 0 } : null))
    : null;
  return {
    index,
    questionText: q.questionText,
    options: q.options,
    wrongOptions: [],
    clue: null,
    picture,
    optionPictures,
  };
}

/** The pupil's screen at the start of a preview: question 1 of the game as it is now. */
export function previewStart(
  game: Pick<GameDetail, "id" | "title" | "aiLastUsedSubject" | "language" | "questions">,
  pupilLanguage: Language,
): PlayState {
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
export function previewAnswer(game: Pick<GameDetail, "questions">, state: PlayState, option: number): AnswerResponse {
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
