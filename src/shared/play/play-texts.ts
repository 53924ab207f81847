/** The join and play pages' messages and the server's play refusals, as catalogue keys. */

import { KIND_LIMITS } from "../games/question-kinds.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { STUDENT_NAME_MAX_LENGTH } from "./join-rules.ts";

/** Catalogue keys: the English of each is SPEC's, in src/shared/i18n/locales/en.json. */
export const playMessages = {
  enterJoinCode: "pupil.join.enterCode",
  enterName: "pupil.join.enterName",
  invalidJoinCode: "pupil.join.invalidCode",
  sessionNotFound: "pupil.join.sessionNotFound",
  sessionEnded: "pupil.play.sessionEnded",
  detailsMissing: "pupil.join.detailsMissing",
  groupNotFound: "pupil.join.groupNotFound",
  groupMissingIdentifier: "pupil.join.groupMissingIdentifier",
  joinFailed: "pupil.join.failed",
  notYourProgress: "pupil.play.notYourProgress",
  congratulations: "pupil.play.congratulations",
  /** The same to the children of a tablet: in Irish to more than one ("agaibh"). */
  congratulationsTogether: "pupil.play.congratulationsTogether",
  correct: "pupil.play.correct",
  incorrect: "pupil.play.incorrect",
  saveFailed: "pupil.play.saveFailed",
  nameTooLong: messageText(msg("pupil.join.nameTooLong", { max: STUDENT_NAME_MAX_LENGTH })),
  tooManyMarks: "pupil.join.tooManyMarks",
  answerInOrder: "pupil.play.answerInOrder",
  noSuchQuestion: "pupil.play.noSuchQuestion",
  recordRetry: "pupil.play.recordRetry",
  progressNotFound: "pupil.play.progressNotFound",
  tabletFull: "pupil.join.tabletFull",
} as const satisfies MessageTable;

/** The kinds of question's answers (decision 050): the server's refusals and what the child is told. */
export const answerMessages = {
  chooseOne: "pupil.answer.chooseOne",
  typeAnswer: "pupil.answer.typeAnswer",
  typedTooLong: messageText(msg("pupil.answer.typedTooLong", { max: KIND_LIMITS.typedAnswer })),
  typedNotText: "pupil.answer.typedNotText",
  wrongKind: "pupil.answer.wrongKind",
  nearly: "pupil.answer.nearly",
  notAllYet: "pupil.answer.notAllYet",
  inPlace: (count: number, total: number) => messageText(msg("pupil.answer.inPlace", { count, total })),
} as const;

/** A tablet's refusals that name a child (decision 048). */
export const tabletMessages = {
  alreadyOnTablet: (name: string) => messageText(msg("pupil.join.alreadyOnTablet", { name })),
  otherGroup: (name: string) => messageText(msg("pupil.join.otherGroup", { name })),
  notYourTurn: (name: string) => messageText(msg("pupil.play.notYourTurn", { name })),
};
