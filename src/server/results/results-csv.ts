/**
 * The results as a spreadsheet: one row per student, the outcome and attempts of every question.
 * When the game has clues, each question also gets a "Clue Shown" column: "Yes" or "No" for a
 * question with a clue, empty for one without (decision 011). A game without clues keeps the
 * columns it always had.
 */
import { GROUPS } from "../../shared/catalogue.ts";
import { toCsv } from "../../shared/csv.ts";
import { clueWasShown, OUTCOME_LABEL, studentStatus, studentSummary, timeTaken, type SessionResults } from "../../shared/results.ts";

export function resultsCsv(results: SessionResults): string {
  const { questions, students, session } = results;
  const hasClues = questions.some((q) => q.clue);
  const header = [
    "Student Name",
    "Group",
    "Score",
    "Time Taken",
    "Status",
    "Help Requested",
    ...questions.flatMap((q) => [`Q${q.index + 1} Outcome`, `Q${q.index + 1} Attempts`, ...(hasClues ? [`Q${q.index + 1} Clue Shown`] : [])]),
  ];
  const rows = students.map((s) => {
    const summary = studentSummary(s, questions.length);
    const answers = new Map(s.answers.map((a) => [a.questionIndex, a]));
    const clueCell = (q: (typeof questions)[number]) => (q.clue ? (clueWasShown(q, answers.get(q.index)) ? "Yes" : "No") : "");
    return [
      s.studentName,
      GROUPS[s.groupIdentifier]?.displayName ?? s.groupIdentifier,
      `${s.completedQuestionsCount}/${session.questionCount}`,
      timeTaken(s),
      studentStatus(s),
      s.helpRequested ? "Yes" : "No",
      ...questions.flatMap((q) => [OUTCOME_LABEL[summary.outcomes[q.index]!], answers.get(q.index)?.attempts ?? 0, ...(hasClues ? [clueCell(q)] : [])]),
    ];
  });
  return toCsv([header, ...rows]);
}

/** A file name a teacher recognises: the game and the day. */
export function resultsFileName(results: SessionResults): string {
  const day = results.session.startTime.slice(0, 10);
  const game = results.session.gameTitle.normalize("NFKD").replace(/[^\w -]/g, "").replace(/\s+/g, "-").slice(0, 60) || "session";
  return `cluehunt-results-${game}-${day}.csv`;
}
