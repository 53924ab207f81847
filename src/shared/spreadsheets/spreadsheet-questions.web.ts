/**
 * Questions from a spreadsheet (docs/IMPORT.md): the rows of a CSV or .xlsx sheet become
 * editor questions, and every row that cannot become one gets a sentence naming its row
 * number (as the spreadsheet shows it) and what is wrong. Two layouts are understood:
 *
 * - ours: a header row "Question, Option A, Option B, Option C, Option D, Correct (A–D), Clue (optional)",
 *   or the same in Irish ("Ceist, Rogha A, …, Ceart (A–D), Leid (roghnach)"), and optionally
 *   "Hiding place (optional)" / "Áit fholaigh (roghnach)": where the question's station card is hidden;
 * - Kahoot!'s quiz template: a few title rows, then a header row "Question - max 120 characters",
 *   "Answer 1 - max 75 characters" … "Answer 4 …", "Time limit (sec) …", "Correct answer(s) …",
 *   usually after a numbering column. Kahoot allows two to four answers and several correct ones;
 *   a Cluehunt question has exactly four options and one right answer, so such rows are refused
 *   with a sentence saying how to fix them (guessing would put a wrong question in front of a class).
 *
 * Pure functions: the rules are the create-game schema's own (`QuestionSchema`), so a row that
 * passes here saves.
 */

import { QuestionSchema } from "../games/game-contracts.ts";
import { GAME_LIMITS, OPTIONS_PER_QUESTION, type Question } from "../games/games.ts";
import { type MessageKey, type MessageTable, type MessageValues, messageText, msg } from "../i18n/messages.ts";

/** A cell as a spreadsheet reader gives it. */
export type SheetCell = string | number | boolean | Date | null | undefined;

export type SheetLayout = "cluehunt" | "kahoot";

export type RowProblem = { row: number; message: string };
export type ImportedQuestion = { row: number; question: Question };

export type SheetImport =
  | { ok: true; layout: SheetLayout; questions: ImportedQuestion[]; problems: RowProblem[] }
  | { ok: false; message: string };

export const CLUEHUNT_HEADERS = [
  "Question",
  "Option A",
  "Option B",
  "Option C",
  "Option D",
  "Correct (A–D)",
  "Clue (optional)",
] as const;
/** The same header in Irish: a Gaelscoil's sheet may be headed in Irish; either is read. */
export const CLUEHUNT_HEADERS_GA = [
  "Ceist",
  "Rogha A",
  "Rogha B",
  "Rogha C",
  "Rogha D",
  "Ceart (A–D)",
  "Leid (roghnach)",
] as const;

const text = (key: MessageKey, values?: MessageValues) => messageText(msg(key, values));

/**
 * Catalogue keys, encoded with their values: the editor shows them in the teacher's
 * language. A row's problem travels inside "Row 3: …" as a nested message.
 */
export const importMessages = {
  noHeader: text("games.import.noHeader", {
    headers: CLUEHUNT_HEADERS.join(", "),
    headersGa: CLUEHUNT_HEADERS_GA.join(", "),
  }),
  noRows: text("games.import.noRows"),
  questionBlank: text("games.import.questionBlank"),
  optionBlank: (letter: string) => text("games.import.optionBlank", { letter }),
  correctMissing: text("games.import.correctMissing"),
  correctInvalid: (value: string) => text("games.import.correctInvalid", { value }),
  kahootCorrectMissing: text("games.import.kahootCorrectMissing"),
  kahootCorrectInvalid: (value: string) => text("games.import.kahootCorrectInvalid", { value }),
  kahootSeveralCorrect: (value: string) => text("games.import.kahootSeveralCorrect", { value }),
  kahootTooFewAnswers: (count: number) => text("games.import.kahootTooFewAnswers", { count }),
  questionTooLong: (length: number) => text("games.import.questionTooLong", { length, max: GAME_LIMITS.questionText }),
  optionTooLong: (letter: string, length: number) =>
    text("games.import.optionTooLong", { letter, length, max: GAME_LIMITS.option }),
  clueTooLong: (length: number) => text("games.import.clueTooLong", { length, max: GAME_LIMITS.clue }),
  hidingPlaceTooLong: (length: number) =>
    text("games.import.hidingPlaceTooLong", { length, max: GAME_LIMITS.hidingPlace }),
  brokenText: text("games.import.brokenText"),
  rowProblem: (row: number, what: string) => text("games.import.rowProblem", { row, problem: what }),
} as const satisfies MessageTable;

const LETTERS = ["A", "B", "C", "D"] as const;

/** A cell as text: numbers as a spreadsheet shows them, dates as their day, nothing as "". */
export function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const normalised = (cell: SheetCell) => cellText(cell).toLowerCase().replace(/\s+/g, " ");

/** Where a layout's header is, and which column holds what. */
type Columns = {
  layout: SheetLayout;
  headerIndex: number;
  question: number;
  options: number[];
  correct: number;
  clue: number | null;
  /** Our layout's optional "Hiding place" column. */
  hidingPlace: number | null;
};

function findColumns(rows: readonly (readonly SheetCell[])[]): Columns | null {
  for (let r = 0; r < rows.length; r++) {
    const cells = rows[r]!.map(normalised);
    const kahootQuestion = cells.findIndex((c) => c.startsWith("question - max"));
    if (kahootQuestion >= 0) {
      const answer = (n: number) => cells.findIndex((c) => c.startsWith(`answer ${n}`));
      const correct = cells.findIndex((c) => c.startsWith("correct answer"));
      const options = [1, 2, 3, 4].map(answer);
      if (options.every((i) => i >= 0) && correct >= 0)
        return {
          layout: "kahoot",
          headerIndex: r,
          question: kahootQuestion,
          options,
          correct,
          clue: null,
          hidingPlace: null,
        };
    }
    const question = cells.findIndex((c) => c === "question" || c === "ceist");
    if (question >= 0) {
      const options = LETTERS.map((l) =>
        cells.findIndex((c) => c === `option ${l.toLowerCase()}` || c === `rogha ${l.toLowerCase()}`),
      );
      const correct = cells.findIndex((c) => c.startsWith("correct") || c.startsWith("ceart"));
      const clue = cells.findIndex((c) => c.startsWith("clue") || c.startsWith("leid"));
      const hidingPlace = cells.findIndex(
        (c) => c.startsWith("hiding place") || c.startsWith("áit fholaigh") || c.startsWith("ait fholaigh"),
      );
      if (options.every((i) => i >= 0) && correct >= 0)
        return {
          layout: "cluehunt",
          headerIndex: r,
          question,
          options,
          correct,
          clue: clue >= 0 ? clue : null,
          hidingPlace: hidingPlace >= 0 ? hidingPlace : null,
        };
    }
  }
  return null;
}

/** The right answer of one of our rows: A–D (any case), or 1–4 for those who number their options. */
function cluehuntCorrect(text: string): number | string {
  if (text === "") return importMessages.correctMissing;
  const letter = LETTERS.indexOf(text.toUpperCase() as (typeof LETTERS)[number]);
  if (letter >= 0) return letter;
  if (/^[1-4]$/.test(text)) return Number(text) - 1;
  return importMessages.correctInvalid(text);
}

/** The right answer of a Kahoot row: one number 1–4 (several, comma-separated, are refused). */
function kahootCorrect(text: string): number | string {
  if (text === "") return importMessages.kahootCorrectMissing;
  const parts = text.split(/\s*[,;]\s*/).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => /^[1-4]$/.test(p))) return importMessages.kahootSeveralCorrect(text);
  if (parts.length === 1 && /^[1-4]$/.test(parts[0]!)) return Number(parts[0]) - 1;
  return importMessages.kahootCorrectInvalid(text);
}

/** Every problem of one row, in reading order: the question, the options, the answer, the clue. */
function rowProblems(columns: Columns, cells: string[], correct: number | string): string[] {
  const problems: string[] = [];
  const question = cells[columns.question] ?? "";
  const options = columns.options.map((i) => cells[i] ?? "");
  if (question === "") problems.push(importMessages.questionBlank);
  else if ([...question].length > GAME_LIMITS.questionText)
    problems.push(importMessages.questionTooLong([...question].length));
  const filled = options.filter((o) => o !== "").length;
  if (
    columns.layout === "kahoot" &&
    filled < OPTIONS_PER_QUESTION &&
    filled > 0 &&
    options.slice(0, filled).every((o) => o !== "")
  ) {
    problems.push(importMessages.kahootTooFewAnswers(filled));
  } else {
    options.forEach((o, i) => {
      if (o === "") problems.push(importMessages.optionBlank(LETTERS[i]!));
    });
  }
  options.forEach((o, i) => {
    if ([...o].length > GAME_LIMITS.option) problems.push(importMessages.optionTooLong(LETTERS[i]!, [...o].length));
  });
  if (typeof correct === "string") problems.push(correct);
  const clue = columns.clue === null ? "" : (cells[columns.clue] ?? "");
  if ([...clue].length > GAME_LIMITS.clue) problems.push(importMessages.clueTooLong([...clue].length));
  const place = columns.hidingPlace === null ? "" : (cells[columns.hidingPlace] ?? "");
  if ([...place].length > GAME_LIMITS.hidingPlace) problems.push(importMessages.hidingPlaceTooLong([...place].length));
  return problems;
}

/**
 * The questions of a sheet, and a sentence for each row that cannot become one. Rows are
 * numbered as the spreadsheet shows them (the first row is 1); empty rows are skipped.
 */
export function questionsFromSheet(rows: readonly (readonly SheetCell[])[]): SheetImport {
  const columns = findColumns(rows);
  if (!columns) return { ok: false, message: importMessages.noHeader };
  const questions: ImportedQuestion[] = [];
  const problems: RowProblem[] = [];
  for (let r = columns.headerIndex + 1; r < rows.length; r++) {
    const row = r + 1;
    const cells = rows[r]!.map(cellText);
    const used = [
      columns.question,
      ...columns.options,
      columns.correct,
      ...(columns.clue === null ? [] : [columns.clue]),
      ...(columns.hidingPlace === null ? [] : [columns.hidingPlace]),
    ];
    if (used.every((i) => (cells[i] ?? "") === "")) continue;
    const correctText = cells[columns.correct] ?? "";
    const correct = columns.layout === "kahoot" ? kahootCorrect(correctText) : cluehuntCorrect(correctText);
    const found = rowProblems(columns, cells, correct);
    const hidingPlace = columns.hidingPlace === null ? "" : (cells[columns.hidingPlace] ?? "");
    const candidate: Question = {
      questionText: cells[columns.question] ?? "",
      options: columns.options.map((i) => cells[i] ?? ""),
      correctAnswer: typeof correct === "number" ? correct : 0,
      clue: columns.clue === null ? "" : (cells[columns.clue] ?? ""),
      ...(hidingPlace ? { hidingPlace } : {}),
    };
    // The save's own rules, after ours: whatever they still refuse (a broken character) is named too.
    if (found.length === 0 && !QuestionSchema.safeParse(candidate).success) found.push(importMessages.brokenText);
    if (found.length > 0)
      for (const message of found) problems.push({ row, message: importMessages.rowProblem(row, message) });
    else questions.push({ row, question: candidate });
  }
  if (questions.length === 0 && problems.length === 0) return { ok: false, message: importMessages.noRows };
  return { ok: true, layout: columns.layout, questions, problems };
}

// ---------------------------------------------------------------------------
// Adding imported questions to the editor
// ---------------------------------------------------------------------------

const EDITED_BY_TYPING = new Set(["questionText", "options", "clue", "correctAnswer"]);

/**
 * A question the teacher has not started: nothing typed anywhere (the form's first blank
 * question). A field this module does not know (a picture, say) counts as started once it holds anything.
 */
export const isUntouched = (q: Question) =>
  q.questionText.trim() === "" &&
  q.options.every((o) => o.trim() === "") &&
  q.clue.trim() === "" &&
  Object.entries(q).every(
    ([key, value]) => EDITED_BY_TYPING.has(key) || value === null || value === undefined || value === "",
  );

export const tooManyForGame = (existing: number, incoming: number) =>
  text("games.import.tooMany", { max: GAME_LIMITS.maxQuestions, existing, incoming });

/**
 * The editor's questions after an import: untouched blank questions are replaced, everything
 * the teacher wrote is kept and the imported questions follow it. Refused, with the reason,
 * when the game would pass its question limit.
 */
export function addImportedQuestions(
  existing: readonly Question[],
  incoming: readonly Question[],
): { ok: true; questions: Question[] } | { ok: false; message: string } {
  const kept = existing.filter((q) => !isUntouched(q));
  if (kept.length + incoming.length > GAME_LIMITS.maxQuestions)
    return { ok: false, message: tooManyForGame(kept.length, incoming.length) };
  return { ok: true, questions: [...kept, ...incoming] };
}
