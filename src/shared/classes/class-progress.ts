/**
 * A class's progress: each pupil of a saved class across the sessions started with it
 * that are still kept. A pupil is matched by the name picked from the class list (`nameKey`), never
 * by typed names; a name no longer on the class list still shows, under its name. Pure functions.
 */

import { indicesOfMask, kindOf } from "../games/question-kinds.ts";
import { givenAnswer, type ShownAnswer } from "../games/shown-answers.ts";
import { clueWasShown } from "../play/progress-rules.ts";
import { nameKey } from "../text.ts";

/** A pupil's first answer to a question (the earliest of their tries), as stored. */
export type FirstAnswer = {
  selectedOption: number;
  typedAnswer: string | null;
  givenOrder: number[] | null;
  isCorrect: boolean;
};

/**
 * One pupil's record in one session, as the server reads it (answers with their question's text and
 * clue); a question they got wrong at some try also with their first answer and the question's notes per option.
 */
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
    /** The earliest try, read only for an answer that was ever wrong (a right first try needs none). */
    first: FirstAnswer | null;
    /** The question's notes per option (questions.option_notes), read with `first`; null when it has none. */
    optionNotes: (string | null)[] | null;
  }[];
};

/**
 * A question a pupil got wrong at their first try: its text, their first answer (null when it does not
 * fit the question), the notes of the wrong options that answer chose ("why a child might pick
 * this"), and whether they had it right in the end.
 */
export type NeedsLook = { question: string; firstAnswer: ShownAnswer | null; notes: string[]; rightLater: boolean };

/** One of a pupil's sessions: `score` out of `questionCount` (their game's), `needsLook` the questions wrong at the first try, in order. */
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
  needsLook: NeedsLook[];
};

/** `onList`: the name is on the class list today. Sessions oldest first. */
export type PupilProgress = { name: string; onList: boolean; sessions: PupilSession[] };

/** GET /api/classes/:id/progress. */
export type ClassProgressResponse = { class: { id: string; name: string }; pupils: PupilProgress[] };

/**
 * The notes of the options a first answer chose that have one: the option chosen (true or false: 0
 * true, 1 false), or each of a "choose all" answer's options; none for typed and order answers.
 */
export function chosenNotes(
  question: { kind?: string | null; optionNotes: readonly (string | null)[] | null },
  first: Pick<FirstAnswer, "selectedOption">,
): string[] {
  const notes = question.optionNotes;
  if (!notes) return [];
  const kind = kindOf(question);
  const chosen =
    kind === "multi"
      ? indicesOfMask(Math.max(first.selectedOption, 0))
      : kind === "choice" || kind === "truefalse"
        ? [first.selectedOption]
        : [];
  return chosen.flatMap((k) => {
    const note = notes[k];
    return typeof note === "string" && note.trim() !== "" ? [note] : [];
  });
}

/** A row as one of a pupil's sessions: clues seen by the results' rule, the questions wrong at the first try. */
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
    needsLook: answers.flatMap((a) =>
      a.first && !a.first.isCorrect
        ? [
            {
              question: a.questionText,
              firstAnswer: givenAnswer(a, a.first),
              notes: chosenNotes(a, a.first),
              rightLater: a.isCorrect,
            },
          ]
        : [],
    ),
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
