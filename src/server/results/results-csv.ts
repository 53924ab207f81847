/**
 * The results as a spreadsheet: one row per student, the outcome and attempts of every question.
 * When the game has clues, each question also gets a "Clue Shown" column: "Yes" or "No" for a
 * question with a clue, empty for one without (decision 011). A game without clues keeps the
 * columns it always had. Around the room (issue 29), each question also gets "Found After": how
 * long after joining the pupil found its station, empty when they did not. Headings and words
 * are in the teacher's language (issue 17); English keeps SPEC's headings.
 */
import { GROUPS } from "../../shared/games/curriculum.ts";
import { toCsv } from "../../shared/spreadsheets/csv.server.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { msg, type Text } from "../../shared/i18n/messages.ts";
import {
  clueWasShown,
  foundAfter,
  OUTCOME_LABEL,
  studentStatus,
  studentSummary,
  timeTaken,
  type SessionResults,
} from "../../shared/results/results.ts";
import { translate } from "../i18n.ts";

export function resultsCsv(results: SessionResults, language: Language = "en"): string {
  const t = (text: Text) => translate(language, text);
  const { questions, students, session } = results;
  const hasClues = questions.some((q) => q.clue);
  const aroundTheRoom = session.huntMode === "room";
  const number = (q: (typeof questions)[number]) => ({ number: q.index + 1 });
  const header = [
    t("results.csv.studentName"),
    t("results.csv.group"),
    t("results.csv.score"),
    t("results.csv.timeTaken"),
    t("results.csv.status"),
    t("results.csv.helpRequested"),
    ...questions.flatMap((q) => [
      t(msg("results.csv.outcome", number(q))),
      t(msg("results.csv.attempts", number(q))),
      ...(hasClues ? [t(msg("results.csv.clueShown", number(q)))] : []),
      ...(aroundTheRoom ? [t(msg("results.csv.foundAfter", number(q)))] : []),
    ]),
  ];
  const yesNo = (yes: boolean) => t(yes ? "results.csv.yes" : "results.csv.no");
  const rows = students.map((s) => {
    const summary = studentSummary(s, questions.length);
    const answers = new Map(s.answers.map((a) => [a.questionIndex, a]));
    const clueCell = (q: (typeof questions)[number]) => (q.clue ? yesNo(clueWasShown(q, answers.get(q.index))) : "");
    return [
      s.studentName,
      GROUPS[s.groupIdentifier] ? t(GROUPS[s.groupIdentifier].nameKey) : s.groupIdentifier,
      `${s.completedQuestionsCount}/${session.questionCount}`,
      timeTaken(s, t),
      t(studentStatus(s)),
      yesNo(s.helpRequested),
      ...questions.flatMap((q) => [
        t(OUTCOME_LABEL[summary.outcomes[q.index]!]),
        answers.get(q.index)?.attempts ?? 0,
        ...(hasClues ? [clueCell(q)] : []),
        ...(aroundTheRoom ? [foundAfter(s, q.index, t) ?? ""] : []),
      ]),
    ];
  });
  return toCsv([header, ...rows]);
}

/** A file name a teacher recognises: the game and the day. */
export function resultsFileName(results: SessionResults): string {
  const day = results.session.startTime.slice(0, 10);
  const game =
    results.session.gameTitle
      .normalize("NFKD")
      .replace(/[^\w -]/g, "")
      .replace(/\s+/g, "-")
      .slice(0, 60) || "session";
  return `cluehunt-results-${game}-${day}.csv`;
}
