/**
 * A class's progress: each pupil of a saved class across the sessions started with it
 * that are still kept. A pupil is matched by the name picked from the class list (`nameKey`), never
 * by typed names; a name no longer on the class list still shows, under its name. Pure functions.
 */

import { givenAnswer, type ShownAnswer } from "../games/shown-answers.ts";
import { clueWasShown } from "../play/progress-rules.ts";
import { nameKey } from "../text.ts";

/** One pupil's record in one session, as the server reads it (answers with their question's text and clue). */
export type ClassProgressRow = {
  sessionId: string;
  startTime: string;
  studentName: string;
  gameId: string;
  gameTitle: string;
  questionCount: number;
  completedQuestionsCount: number;
  firstAttemptCorrectCount: number;
  helpRequested: boolean;
  answers: {
    questionIndex: number;
    isCorrect: boolean;
    wasEverIncorrect: boolean;
    questionText: string;
    clue: string | null;
    /** The question's kind and options, and the pupil's last answer to it as stored (results.ts `givenAnswer` reads them). */
    kind: string;
    options: string[];
    selectedOption: number;
    typedAnswer: string | null;
    givenOrder: number[] | null;
  }[];
};

/** A question a pupil still had wrong at the end: its text, and their last answer to it (null when it does not fit the question). */
export type StillWrong = { question: string; answer: ShownAnswer | null };

/** One of a pupil's sessions: `score` out of `questionCount` (their game's), `stillWrong` the questions still wrong, in order. */
export type PupilSession = {
  sessionId: string;
  date: string;
  gameId: string;
  gameTitle: string;
  score: number;
  questionCount: number;
  firstTry: number;
  cluesSeen: number;
  helpRequested: boolean;
  stillWrong: StillWrong[];
};

/** `onList`: the name is on the class list today. Sessions oldest first. */
export type PupilProgress = { name: string; onList: boolean; sessions: PupilSession[] };

/** GET /api/classes/:id/progress. */
export type ClassProgressResponse = { class: { id: string; name: string }; pupils: PupilProgress[] };

/** A row as one of a pupil's sessions: clues seen by the results' rule, the questions still wrong at the end. */
export function pupilSession(row: ClassProgressRow): PupilSession {
  const answers = [...row.answers].sort((a, b) => a.questionIndex - b.questionIndex);
  return {
    sessionId: row.sessionId,
    date: row.startTime,
    gameId: row.gameId,
    gameTitle: row.gameTitle,
    score: row.completedQuestionsCount,
    questionCount: row.questionCount,
    firstTry: row.firstAttemptCorrectCount,
    cluesSeen: answers.filter((a) => clueWasShown(a, a)).length,
    helpRequested: row.helpRequested,
    stillWrong: answers
      .filter((a) => !a.isCorrect)
      .map((a) => ({ question: a.questionText, answer: givenAnswer(a, a) })),
  };
}

/**
 * Every pupil of the class list in its order, each with their sessions oldest first (none yet: an
 * empty list), then the names no longer on the list that played, in the order they first played.
 */
export function classProgress(classNames: readonly string[], rows: readonly ClassProgressRow[]): PupilProgress[] {
  const pupils = new Map<string, PupilProgress>();
  for (const name of classNames) {
    const key = nameKey(name);
    if (!pupils.has(key)) pupils.set(key, { name, onList: true, sessions: [] });
  }
  const ordered = [...rows].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.sessionId.localeCompare(b.sessionId),
  );
  for (const row of ordered) {
    const key = nameKey(row.studentName);
    let pupil = pupils.get(key);
    if (!pupil) {
      pupil = { name: row.studentName, onList: false, sessions: [] };
      pupils.set(key, pupil);
    }
    pupil.sessions.push(pupilSession(row));
  }
  return [...pupils.values()];
}
