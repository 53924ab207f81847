/**
 * Results: the shapes the results API returns, and the rules that turn them into what the
 * teacher reads (SPEC section 2 "Results", section 9 rounding and durations). Pure functions.
 */
import type { GroupIdentifier } from "../games/curriculum.ts";
import type { OptionPictures, QuestionPicture } from "../games/images.ts";
import { answerKey, type QuestionKind } from "../games/question-kinds.ts";
import { type MessageKey, type MessageTable, msg, type Text } from "../i18n/messages.ts";
import { type AnswerState, clueWasShown, type QuestionOutcome, questionOutcome } from "../play/progress-rules.ts";
import type { MemberTablet, SessionDetail, SessionGame } from "../sessions/session-responses.ts";
import type { StationSymbol } from "../stations/station-rules.ts";
import type { FirstAnswers } from "./first-answers.ts";

export type ResultAnswer = AnswerState & {
  questionIndex: number;
  attempts: number;
  /** The pupil was shown the question's clue: it has one and they answered it wrongly at least once (`clueWasShown`). */
  clueShown: boolean;
  /**
   * Type the answer: what the pupil typed last, as they typed it. Absent for the other kinds (and
   * `selectedOption` is -1); choose all's `selectedOption` is the mask of the options chosen (bit k, option k).
   */
  typedAnswer?: string;
  /** Put in order: the order the pupil gave last, as the items' places in the right order ([0, 1, 2] is right); absent for the other kinds. */
  givenOrder?: number[];
};

export type StudentResult = {
  progressId: string;
  studentName: string;
  groupIdentifier: GroupIdentifier;
  /** The game of the pupil's group: their questions and score are that game's. */
  gameId: string;
  completedQuestionsCount: number;
  firstAttemptCorrectCount: number;
  helpRequested: boolean;
  startedAt: string | null;
  completedAt: string | null;
  answers: ResultAnswer[];
  /** Around the room: the stations the pupil found, and when; empty on screen. */
  finds: StationFind[];
  /** On a tablet shared with other children of the group (decision 048): who else, whose turn; null alone. */
  tablet: MemberTablet | null;
};

export type StationFind = { questionIndex: number; foundAt: string };

/**
 * `clue` is the teacher's hint for the question, `picture` its picture (decision 019); each null when it has none.
 * `station`: around the room, the card the question is found at; null on screen.
 */
export type ResultQuestion = {
  /** The game the question belongs to: a session's questions are every game's, each by its own index. */
  gameId: string;
  index: number;
  questionText: string;
  /** What `options` and `correctAnswer` hold (decision 050, question-kinds.ts). */
  kind: QuestionKind;
  options: string[];
  correctAnswer: number;
  /** Choose all that apply: the right options; null for the other kinds. */
  correctAnswers: number[] | null;
  /** Type the answer: whether fadas count; false for the other kinds. */
  fadasCount: boolean;
  /** Type the answer: the class's wrong tries, folded (`foldWrongAnswers`), most common first; null for the other kinds. */
  commonWrongAnswers: WrongAnswer[] | null;
  /** The pupils' first answers (each pupil's earliest try), group by group in the session's group order; empty before any answer. */
  firstAnswers: FirstAnswers[];
  /**
   * Why a child might pick each wrong option, the teacher's own (never a pupil's): one entry per option
   * (true/false: 0 True, 1 False), null for a right option or one without a note; null when the question has none.
   */
  optionNotes: (string | null)[] | null;
  clue: string | null;
  picture: QuestionPicture | null;
  /** The options' pictures, A to D (null where none), `alt` the option's text; null when no option has one (decision 038). */
  optionPictures: OptionPictures;
  /** The teacher's recordings (recordings.ts), ids as her editor holds them: the question's, the clue's, and one per option (null where none; null when none has one). */
  recordingId: string | null;
  clueRecordingId: string | null;
  optionRecordingIds: (string | null)[] | null;
  station: { number: number; symbol: StationSymbol } | null;
};

/**
 * `retention`: how long the server keeps these results, and the day they go (null while the session runs).
 * `questions`: the questions of every game the session's groups play (`session.games`), game by game in
 * that order, each game's by index; `gameResults` splits them.
 */
export type SessionResults = {
  session: SessionDetail;
  questions: ResultQuestion[];
  students: StudentResult[];
  retention?: { days: number; deletesAt: string | null };
};

/** A wrong typed answer as the teacher reads it: one spelling of it, and how many tries gave it. */
export type WrongAnswer = { answer: string; count: number };

/** How many of a typed question's wrong answers the results list. */
export const COMMON_WRONG_ANSWERS = 5;

/**
 * A typed question's wrong tries (each text as typed, with its count) folded together: answers the
 * marking cannot tell apart ("dog", "Dog ", "dog." — `answerKey`) are one, shown as their most
 * common spelling (tidied of its outer spaces), most common first, at most `limit`.
 */
export function foldWrongAnswers(
  tries: readonly { text: string; count: number }[],
  limit: number = COMMON_WRONG_ANSWERS,
): WrongAnswer[] {
  const folded = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const { text, count } of tries) {
    const key = answerKey(text);
    if (key === "" || count <= 0) continue;
    const entry = folded.get(key) ?? { count: 0, spellings: new Map<string, number>() };
    const spelling = text.replace(/\s+/gu, " ").trim();
    entry.count += count;
    entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + count);
    folded.set(key, entry);
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...folded.values()]
    .map(({ count, spellings }) => ({
      answer: [...spellings].sort(([a, m], [b, n]) => n - m || byText(a, b))[0]![0],
      count,
    }))
    .sort((a, b) => b.count - a.count || byText(a.answer, b.answer))
    .slice(0, limit);
}

/** Catalogue keys. */
export const resultsMessages = {
  requiredDataMissing: "results.requiredDataMissing",
  gameDetailsMissing: "results.gameDetailsMissing",
  noProgress: "results.noProgress",
  noAnswer: "results.noAnswer",
  notAuthorizedToDelete: "results.notAuthorizedToDelete",
  endBeforeDeleting: "results.endBeforeDeleting",
} as const satisfies MessageTable;

/**
 * Texts here are written in the reader's language: `t` translates a catalogue message (the web
 * page's t(), or the server's translate for a CSV in the teacher's language).
 */
export type Translator = (text: Text) => string;

/** '1 hour 2 minutes 5 seconds', '3 minutes 0 seconds', '45 seconds'; '0 seconds' when not positive. */
export function formatDuration(ms: number | null | undefined, t: Translator): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0)
    return t(msg("results.duration.seconds", { count: 0 }));
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(t(msg("results.duration.hours", { count: h })));
  if (h > 0 || m > 0) parts.push(t(msg("results.duration.minutes", { count: m })));
  parts.push(t(msg("results.duration.seconds", { count: s })));
  return parts.join(" ");
}

const millis = (iso: string | null) => (iso ? new Date(iso).getTime() : NaN);

/** The session's duration so far: to its end, or to now while it runs. */
export function sessionDuration(
  session: Pick<SessionDetail, "startTime" | "endTime">,
  t: Translator,
  now = Date.now(),
): string {
  const end = session.endTime ? millis(session.endTime) : now;
  return formatDuration(end - millis(session.startTime), t);
}

export const studentStatus = (s: Pick<StudentResult, "completedAt">): MessageKey =>
  s.completedAt ? "results.status.completed" : "results.status.inProgress";

/** Time Taken: the duration if completed, 'In Progress' if started, else 'Not Started'. */
export function timeTaken(s: Pick<StudentResult, "startedAt" | "completedAt">, t: Translator): string {
  if (s.completedAt && s.startedAt) return formatDuration(millis(s.completedAt) - millis(s.startedAt), t);
  return t(s.startedAt ? "results.status.inProgress" : "results.status.notStarted");
}

/** One game of a session's results: its questions and the pupils who played it. */
export type GameResults = { game: SessionGame; questions: ResultQuestion[]; students: StudentResult[] };

/** The results game by game, in the order of `session.games` (one entry for a session of one game). */
export function gameResults(results: Pick<SessionResults, "session" | "questions" | "students">): GameResults[] {
  return results.session.games.map((game) => ({
    game,
    questions: results.questions.filter((q) => q.gameId === game.id),
    students: results.students.filter((s) => s.gameId === game.id),
  }));
}

/** The average of the students' scores (questions answered correctly), to one decimal. */
export function averageScore(students: readonly Pick<StudentResult, "completedQuestionsCount">[]): string {
  if (students.length === 0) return "0.0";
  const sum = students.reduce((total, s) => total + s.completedQuestionsCount, 0);
  return (Math.round((sum / students.length) * 10) / 10).toFixed(1);
}

export const CLUE_SHOWN_LABEL: MessageKey = "results.clueShown";

export type StudentSummary = {
  correctFirst: number;
  correctEventually: number;
  incorrect: number;
  notAttempted: number;
  outcomes: QuestionOutcome[];
};

export function studentSummary(student: Pick<StudentResult, "answers">, questionCount: number): StudentSummary {
  const byIndex = new Map(student.answers.map((a) => [a.questionIndex, a]));
  const outcomes = Array.from({ length: questionCount }, (_, i) => questionOutcome(byIndex.get(i)));
  const count = (o: QuestionOutcome) => outcomes.filter((x) => x === o).length;
  return {
    correctFirst: count("correct_first"),
    correctEventually: count("correct_eventual"),
    incorrect: count("incorrect"),
    notAttempted: count("unanswered"),
    outcomes,
  };
}

export const OUTCOME_SYMBOL: Record<QuestionOutcome, string> = {
  correct_first: "✓",
  correct_eventual: "↻",
  incorrect: "✗",
  unanswered: "–",
};
export const OUTCOME_LABEL: Record<QuestionOutcome, MessageKey> = {
  correct_first: "results.outcome.correctFirst",
  correct_eventual: "results.outcome.correctEventual",
  incorrect: "results.outcome.incorrect",
  unanswered: "results.outcome.unanswered",
};

export type QuestionSummary = {
  index: number;
  questionText: string;
  firstTry: number;
  eventually: number;
  stillWrong: number;
  notAttempted: number;
  /** Attempts per student who tried it; null when nobody has. */
  averageAttempts: number | null;
  /** Students who were shown the question's clue (0 when it has none). */
  clueShown: number;
  /** Around the room: students who found the question's station (0 on screen). */
  found: number;
};

/** Per question, across the class: who got it first try, eventually, is still wrong, or has not tried. */
export function questionSummaries(
  questions: readonly ResultQuestion[],
  students: readonly StudentResult[],
): QuestionSummary[] {
  return questions.map((q) => {
    let firstTry = 0,
      eventually = 0,
      stillWrong = 0,
      attempts = 0,
      attempted = 0,
      clueShown = 0,
      found = 0;
    for (const s of students) {
      if (s.finds.some((f) => f.questionIndex === q.index)) found++;
      const a = s.answers.find((x) => x.questionIndex === q.index);
      const outcome = questionOutcome(a);
      if (outcome === "correct_first") firstTry++;
      else if (outcome === "correct_eventual") eventually++;
      else if (outcome === "incorrect") stillWrong++;
      if (a) {
        attempted++;
        attempts += a.attempts;
        if (clueWasShown(q, a)) clueShown++;
      }
    }
    return {
      index: q.index,
      questionText: q.questionText,
      firstTry,
      eventually,
      stillWrong,
      notAttempted: students.length - attempted,
      averageAttempts: attempted > 0 ? Math.round((attempts / attempted) * 10) / 10 : null,
      clueShown,
      found,
    };
  });
}

/**
 * When a pupil found a station, as the time since they joined ("3 minutes 5 seconds", as Time
 * Taken): the same in every time zone, and read beside Time Taken. Null when not found.
 */
export function foundAfter(
  student: Pick<StudentResult, "startedAt" | "finds">,
  questionIndex: number,
  t: Translator,
): string | null {
  const find = student.finds.find((f) => f.questionIndex === questionIndex);
  return find ? formatDuration(millis(find.foundAt) - millis(student.startedAt), t) : null;
}

/**
 * Hardest first: the smallest share of first-try successes among those who tried it, then the
 * most attempts; questions nobody has reached yet go last, in their own order.
 */
export function hardestFirst(summaries: readonly QuestionSummary[]): QuestionSummary[] {
  const tried = (q: QuestionSummary) => q.firstTry + q.eventually + q.stillWrong;
  const firstTryShare = (q: QuestionSummary) => q.firstTry / tried(q);
  return [...summaries].sort((a, b) => {
    const ta = tried(a),
      tb = tried(b);
    if (ta === 0 || tb === 0) return ta === 0 && tb === 0 ? a.index - b.index : ta === 0 ? 1 : -1;
    return (
      firstTryShare(a) - firstTryShare(b) || (b.averageAttempts ?? 0) - (a.averageAttempts ?? 0) || a.index - b.index
    );
  });
}
