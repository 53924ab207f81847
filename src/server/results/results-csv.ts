/**
 * The results as a spreadsheet: one row per student, the outcome and attempts of every question.
 * When the game has clues, each question also gets a "Clue Shown" column: "Yes" or "No" for a
 * question with a clue, empty for one without (decision 011); a game without clues has SPEC's
 * columns only. Around the room, each question also gets "Found After": how long after joining
 * the pupil found its station, empty when they did not. Headings and words are in the teacher's
 * language; English keeps SPEC's headings.
 *
 * When a question is of another kind than four options (decision 050), each question also gets
 * "Answer": the pupil's last answer as text — the option chosen, True or False, what they typed,
 * the order they gave (the items with arrows), the options chosen — empty when not answered; a
 * session of four-option questions only keeps the columns above. Every cell goes through toCsv,
 * so a typed "=1+1" stays text in a spreadsheet.
 *
 * A session whose groups play different games (decision 036) adds a "Game" column after
 * "Group": each row gives the pupil's questions as asked (their own game's, Q1 being that game's
 * first), their score out of that game's count, and empty cells past its last question.
 */
import { GROUPS } from "../../shared/games/curriculum.ts";
import { kindOf } from "../../shared/games/question-kinds.ts";
import { answerText, givenAnswer } from "../../shared/games/shown-answers.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { msg, type Text } from "../../shared/i18n/messages.ts";
import { clueWasShown } from "../../shared/play/progress-rules.ts";
import {
  foundAfter,
  gameResults,
  OUTCOME_LABEL,
  type ResultQuestion,
  type SessionResults,
  studentStatus,
  studentSummary,
  timeTaken,
} from "../../shared/results/results.ts";
import { sessionGamesTitle } from "../../shared/sessions/group-games.ts";
import { toCsv } from "../../shared/spreadsheets/csv.server.ts";
import { translate } from "../i18n.ts";

export function resultsCsv(results: SessionResults, language: Language = "en"): string {
  const t = (text: Text) => translate(language, text);
  const { questions, session } = results;
  const perGame = gameResults(results);
  const split = perGame.length > 1;
  const hasClues = questions.some((q) => q.clue);
  const aroundTheRoom = session.huntMode === "room";
  const hasKinds = questions.some((q) => kindOf(q) !== "choice");
  // As many question columns as the longest game has questions.
  const columns = Math.max(0, ...perGame.map((g) => g.questions.length));
  const numbers = Array.from({ length: columns }, (_, i) => ({ number: i + 1 }));
  const header = [
    t("results.csv.studentName"),
    t("results.csv.group"),
    ...(split ? [t("results.csv.game")] : []),
    t("results.csv.score"),
    t("results.csv.timeTaken"),
    t("results.csv.status"),
    t("results.csv.helpRequested"),
    ...numbers.flatMap((number) => [
      t(msg("results.csv.outcome", number)),
      t(msg("results.csv.attempts", number)),
      ...(hasKinds ? [t(msg("results.csv.answer", number))] : []),
      ...(hasClues ? [t(msg("results.csv.clueShown", number))] : []),
      ...(aroundTheRoom ? [t(msg("results.csv.foundAfter", number))] : []),
    ]),
  ];
  const yesNo = (yes: boolean) => t(yes ? "results.csv.yes" : "results.csv.no");
  // Every pupil in the results' order, each with their own game's questions.
  const rows = results.students.map((s) => {
    const game = perGame.find((g) => g.game.id === s.gameId) ?? perGame[0];
    const asked: ResultQuestion[] = game?.questions ?? questions;
    const questionCount = game?.game.questionCount ?? session.questionCount;
    const summary = studentSummary(s, asked.length);
    const answers = new Map(s.answers.map((a) => [a.questionIndex, a]));
    const clueCell = (q: ResultQuestion) => (q.clue ? yesNo(clueWasShown(q, answers.get(q.index))) : "");
    const answerCell = (q: ResultQuestion) => {
      const answer = answers.get(q.index);
      const shown = answer ? givenAnswer(q, answer) : null;
      return shown ? answerText(shown, t) : "";
    };
    const questionCells = (q: ResultQuestion | undefined) =>
      q
        ? [
            t(OUTCOME_LABEL[summary.outcomes[q.index]!]),
            answers.get(q.index)?.attempts ?? 0,
            ...(hasKinds ? [answerCell(q)] : []),
            ...(hasClues ? [clueCell(q)] : []),
            ...(aroundTheRoom ? [foundAfter(s, q.index, t) ?? ""] : []),
          ]
        : // Past the last question of the pupil's game: nothing was asked.
          Array.from({ length: 2 + (hasKinds ? 1 : 0) + (hasClues ? 1 : 0) + (aroundTheRoom ? 1 : 0) }, () => "");
    return [
      s.studentName,
      GROUPS[s.groupIdentifier] ? t(GROUPS[s.groupIdentifier].nameKey) : s.groupIdentifier,
      ...(split ? [game?.game.title ?? ""] : []),
      `${s.completedQuestionsCount}/${questionCount}`,
      timeTaken(s, t),
      t(studentStatus(s)),
      yesNo(s.helpRequested),
      ...numbers.flatMap((_, i) => questionCells(asked[i])),
    ];
  });
  return toCsv([header, ...rows]);
}

/** A file name a teacher recognises: the games the groups played ("A + B" as A-B) and the day. */
export function resultsFileName(results: SessionResults): string {
  const day = results.session.startTime.slice(0, 10);
  const titles = results.session.games?.map((g) => g.title) ?? [];
  const game =
    (titles.length > 0 ? sessionGamesTitle(titles) : results.session.gameTitle)
      .normalize("NFKD")
      .replace(/[^\w -]/g, "")
      .replace(/\s+/g, "-")
      .slice(0, 60) || "session";
  return `cluehunt-results-${game}-${day}.csv`;
}
