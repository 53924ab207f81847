/**
 * Questions from a spreadsheet (docs/IMPORT.md): the rows of a CSV or .xlsx sheet become
 * editor questions, and every row that cannot become one gets a sentence naming its row
 * number (as the spreadsheet shows it) and what is wrong. Two layouts are understood:
 *
 * - ours: a header row "Question, Option A, Option B, Option C, Option D, Correct (A–D), Clue (optional)",
 *   or the same in Irish ("Ceist, Rogha A, …, Ceart (A–D), Leid (roghnach)"), and optionally
 *   "Hiding place (optional)" / "Áit fholaigh (roghnach)": where the question's station card is hidden;
 *   and for the kinds of question (decision 050) "Kind" / "Cineál" (absent or empty: four options),
 *   "Option E", "Option F" / "Rogha E", "Rogha F" (an order's fifth and sixth items, a typed answer's fifth
 *   accepted answer) and "Fadas count" / "Sínte fada" (yes or no, a typed answer's); and, for the notes on
 *   wrong options (option-notes.ts), "Why a child might pick A" … "D" / "Cén fáth a roghnódh páiste A" … "D"
 *   (a true-or-false row's in A for True and B for False);
 * - Kahoot!'s quiz template: a few title rows, then a header row "Question - max 120 characters",
 *   "Answer 1 - max 75 characters" … "Answer 4 …", "Time limit (sec) …", "Correct answer(s) …",
 *   usually after a numbering column. Kahoot allows two to four answers and several correct ones:
 *   a row of two answers True and False is a true-or-false question, a row of four answers with two
 *   or three correct is "choose all that apply"; any other row with fewer than four answers, or all
 *   four correct, is refused with a sentence saying how to fix it (guessing would put a wrong
 *   question in front of a class).
 *
 * Pure functions: the rules are the create-game schema's own (`QuestionSchema`), so a row that
 * passes here saves.
 */

import { QuestionSchema } from "../games/game-contracts.ts";
import { GAME_LIMITS, OPTIONS_PER_QUESTION, type Question } from "../games/games.ts";
import { kindHasOptionNotes, noteCountOf, OPTION_NOTE_MAX, rightOptionsOf } from "../games/option-notes.ts";
import {
  answerKey,
  KIND_LIMITS,
  looseKey,
  type QuestionKind,
  repeatedItem,
  TRUE_FALSE_WORDS,
} from "../games/question-kinds.ts";
import {
  issueMessage,
  type MessageKey,
  type MessageTable,
  type MessageValues,
  messageText,
  msg,
} from "../i18n/messages.ts";
import { brokenCharacterMessage } from "../text.ts";

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

/**
 * The optional columns of the kinds of question (decision 050), as the example files head them:
 * the kind, the fifth and sixth options, and whether fadas count.
 */
export const KIND_HEADERS = { kind: "Kind", optionE: "Option E", optionF: "Option F", fadas: "Fadas count" } as const;
export const KIND_HEADERS_GA = { kind: "Cineál", optionE: "Rogha E", optionF: "Rogha F", fadas: "Sínte fada" } as const;

/**
 * The optional columns of the notes on wrong options, A to D, as the example files head them
 * (also read: "Why A", "Note A", "Nóta A"). A true-or-false row's note is in A (True) or B (False).
 */
export const NOTE_HEADERS = ["A", "B", "C", "D"].map((l) => `Why a child might pick ${l}`);
export const NOTE_HEADERS_GA = ["A", "B", "C", "D"].map((l) => `Cén fáth a roghnódh páiste ${l}`);
/** A note column's header, folded: "why …", "note …", "cén fáth …" or "nóta …", ending in its letter (then "(optional)" or not). */
const NOTE_HEADER = /^(why|note|cen fath|nota)\b.*\b([a-d])( \((optional|roghnach)\))?$/;

/**
 * What the Kind column may say, folded (lower case, no fadas, single spaces), in English and Irish.
 * The first of each is what the example files write.
 */
export const KIND_NAMES: Record<QuestionKind, readonly string[]> = {
  choice: ["Four options", "4 options", "Multiple choice", "Ceithre rogha", "4 rogha"],
  truefalse: ["True or false", "True/false", "Fíor nó bréagach", "Fíor/bréagach"],
  typed: ["Type the answer", "Typed answer", "Clóscríobh an freagra"],
  order: ["Put in order", "Order", "Cuir in ord"],
  multi: ["Choose all that apply", "Choose all", "Roghnaigh gach ceann atá ceart", "Roghnaigh gach ceann cearta"],
};

/** A cell folded for matching a word: lower case, no fadas, single spaces. */
const folded = (text: string) => looseKey(text.toLowerCase().replace(/\s+/g, " ").trim());

const KIND_BY_NAME = new Map(
  (Object.entries(KIND_NAMES) as [QuestionKind, readonly string[]][]).flatMap(([kind, names]) =>
    names.map((name) => [folded(name), kind] as const),
  ),
);

/** Yes and no in the Fadas count column, in English and Irish. */
const YES = new Set(["yes", "y", "true", "1", "ta", "sea", "is ea", "fior"]);
const NO = new Set(["no", "n", "false", "0", "nil", "ni hea", "breagach"]);

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
  kindInvalid: (value: string) => text("games.import.kindInvalid", { value }),
  optionNotForKind: (letter: string) => text("games.import.optionNotForKind", { letter }),
  trueFalseHasOptions: text("games.import.trueFalseHasOptions"),
  trueFalseInvalid: (value: string) => text("games.import.trueFalseInvalid", { value }),
  trueFalseMissing: text("games.import.trueFalseMissing"),
  acceptedMissing: text("games.import.acceptedMissing"),
  tooManyAccepted: text("games.import.tooManyAccepted", { max: KIND_LIMITS.acceptedAnswers.max }),
  acceptedTooLong: (letter: string, length: number) =>
    text("games.import.acceptedTooLong", { letter, length, max: KIND_LIMITS.typedAnswer }),
  fadasInvalid: (value: string) => text("games.import.fadasInvalid", { value }),
  orderTooFew: (count: number) =>
    text("games.import.orderTooFew", { count, min: KIND_LIMITS.orderItems.min, max: KIND_LIMITS.orderItems.max }),
  orderRepeated: (item: string) => text("games.import.orderRepeated", { item }),
  multiMissing: text("games.import.multiMissing"),
  multiInvalid: (value: string) => text("games.import.multiInvalid", { value }),
  noteOnRight: (letter: string) => text("games.import.noteOnRight", { letter }),
  noteTooLong: (letter: string, length: number) =>
    text("games.import.noteTooLong", { letter, length, max: OPTION_NOTE_MAX }),
  noteNotForKind: (letter: string) => text("games.import.noteNotForKind", { letter }),
  rowProblem: (row: number, what: string) => text("games.import.rowProblem", { row, problem: what }),
} as const satisfies MessageTable;

const LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

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
  /** Our layout's optional columns of the kinds of question; without "Kind" every row is four options. */
  kind: number | null;
  fadas: number | null;
  /** Our layout's optional note columns, A to D (null where a letter has none); null when there are none. */
  notes: (number | null)[] | null;
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
          kind: null,
          fadas: null,
          notes: null,
        };
    }
    const question = cells.findIndex((c) => c === "question" || c === "ceist");
    if (question >= 0) {
      const optionColumn = (l: string) =>
        cells.findIndex((c) => c === `option ${l.toLowerCase()}` || c === `rogha ${l.toLowerCase()}`);
      const options = LETTERS.slice(0, OPTIONS_PER_QUESTION).map(optionColumn);
      // Option E and F are optional (an order's fifth and sixth items): F only after E.
      for (const l of LETTERS.slice(OPTIONS_PER_QUESTION)) {
        const column = optionColumn(l);
        if (column < 0 || options.length < LETTERS.indexOf(l)) break;
        options.push(column);
      }
      const kind = cells.findIndex((c) => c === "kind" || c.startsWith("kind of") || folded(c).startsWith("cineal"));
      const fadas = cells.findIndex((c) => c.startsWith("fadas") || folded(c).startsWith("sinte fada"));
      const correct = cells.findIndex((c) => c.startsWith("correct") || c.startsWith("ceart"));
      const clue = cells.findIndex((c) => c.startsWith("clue") || c.startsWith("leid"));
      const hidingPlace = cells.findIndex(
        (c) => c.startsWith("hiding place") || c.startsWith("áit fholaigh") || c.startsWith("ait fholaigh"),
      );
      const notes = LETTERS.slice(0, OPTIONS_PER_QUESTION).map((l) => {
        const column = cells.findIndex((c) => NOTE_HEADER.exec(folded(c))?.[2] === l.toLowerCase());
        return column >= 0 ? column : null;
      });
      if (options.every((i) => i >= 0) && correct >= 0)
        return {
          layout: "cluehunt",
          headerIndex: r,
          question,
          options,
          correct,
          clue: clue >= 0 ? clue : null,
          hidingPlace: hidingPlace >= 0 ? hidingPlace : null,
          kind: kind >= 0 ? kind : null,
          fadas: fadas >= 0 ? fadas : null,
          notes: notes.some((c) => c !== null) ? notes : null,
        };
    }
  }
  return null;
}

/** One of A–D (any case), or 1–4 for those who number their options; -1 when it is neither. */
function optionIndex(text: string): number {
  const letter = LETTERS.slice(0, OPTIONS_PER_QUESTION).indexOf(text.toUpperCase() as (typeof LETTERS)[number]);
  if (letter >= 0) return letter;
  return /^[1-4]$/.test(text) ? Number(text) - 1 : -1;
}

/** The right answer of one of our four-option rows: A–D (any case), or 1–4. */
function cluehuntCorrect(text: string): number | string {
  if (text === "") return importMessages.correctMissing;
  const index = optionIndex(text);
  return index >= 0 ? index : importMessages.correctInvalid(text);
}

/** The right answers of a Kahoot row of four with several correct: 2 or 3 of the numbers 1–4. */
function kahootMultiCorrect(text: string): number[] | string {
  const numbers = [...new Set(kahootNumbers(text) ?? [])].sort((a, b) => a - b);
  return numbers.length >= KIND_LIMITS.multiRight.min && numbers.length <= KIND_LIMITS.multiRight.max
    ? numbers
    : importMessages.kahootSeveralCorrect(text);
}

/** The right options of a "choose all that apply" row: their letters, "A, C" (or "A C", "1;3"), 2 or 3 of them. */
function multiCorrect(text: string): number[] | string {
  if (text === "") return importMessages.multiMissing;
  const indices = text
    .split(/[\s,;/&+]+/)
    .filter(Boolean)
    .map(optionIndex);
  const distinct = new Set(indices);
  if (
    indices.includes(-1) ||
    distinct.size !== indices.length ||
    distinct.size < KIND_LIMITS.multiRight.min ||
    distinct.size > KIND_LIMITS.multiRight.max
  )
    return importMessages.multiInvalid(text);
  return [...distinct].sort((a, b) => a - b);
}

/** The answer of a true-or-false row: True or False, Fíor or Bréagach (any case, fadas or none): 0 true, 1 false. */
function trueFalseCorrect(text: string): number | string {
  if (text === "") return importMessages.trueFalseMissing;
  const k = trueFalseIndex(text);
  return k >= 0 ? k : importMessages.trueFalseInvalid(text);
}

/** The Fadas count column: yes or no (tá or níl, true or false); empty is no. */
function fadasCountOf(text: string): boolean | string {
  const word = folded(text);
  if (word === "" || NO.has(word)) return false;
  return YES.has(word) ? true : importMessages.fadasInvalid(text);
}

/** The kind a row names; an empty cell (or no Kind column) is four options. */
function kindOfRow(text: string): QuestionKind | string {
  if (text === "") return "choice";
  return KIND_BY_NAME.get(folded(text)) ?? importMessages.kindInvalid(text);
}

/** A Kahoot row's correct answers as written: numbers 1–4, comma-separated; null when it is not that. */
function kahootNumbers(text: string): number[] | null {
  const parts = text.split(/\s*[,;]\s*/).filter(Boolean);
  return parts.length > 0 && parts.every((p) => /^[1-4]$/.test(p)) ? parts.map((p) => Number(p) - 1) : null;
}

/** 0 for a true word, 1 for a false one (English or Irish, any case, fadas or none), -1 for anything else. */
function trueFalseIndex(text: string): number {
  const word = folded(text);
  for (const k of [0, 1] as const)
    if (Object.values(TRUE_FALSE_WORDS).some((words) => folded(words[k]) === word)) return k;
  return -1;
}

/**
 * The kind of a Kahoot row: two answers True and False (in either order) make a true-or-false
 * question; four answers with several correct, "choose all that apply"; anything else four options.
 */
function kahootKind(options: string[], correctText: string): QuestionKind {
  const [first = "", second = "", ...rest] = options;
  const tf = [trueFalseIndex(first), trueFalseIndex(second)];
  if (rest.every((o) => o === "") && tf.includes(0) && tf.includes(1)) return "truefalse";
  const numbers = kahootNumbers(correctText);
  return numbers && new Set(numbers).size > 1 && options.every((o) => o !== "") ? "multi" : "choice";
}

/** The right answer of a Kahoot row: one number 1–4 (several, comma-separated, are refused). */
function kahootCorrect(text: string): number | string {
  if (text === "") return importMessages.kahootCorrectMissing;
  const parts = text.split(/\s*[,;]\s*/).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => /^[1-4]$/.test(p))) return importMessages.kahootSeveralCorrect(text);
  if (parts.length === 1 && /^[1-4]$/.test(parts[0]!)) return Number(parts[0]) - 1;
  return importMessages.kahootCorrectInvalid(text);
}

/** The problems of a row's question, clue and hiding place: every kind has these. */
function commonProblems(columns: Columns, cells: string[]): string[] {
  const problems: string[] = [];
  const question = cells[columns.question] ?? "";
  if (question === "") problems.push(importMessages.questionBlank);
  else if ([...question].length > GAME_LIMITS.questionText)
    problems.push(importMessages.questionTooLong([...question].length));
  return problems;
}

function endProblems(columns: Columns, cells: string[]): string[] {
  const problems: string[] = [];
  const clue = columns.clue === null ? "" : (cells[columns.clue] ?? "");
  if ([...clue].length > GAME_LIMITS.clue) problems.push(importMessages.clueTooLong([...clue].length));
  const place = columns.hidingPlace === null ? "" : (cells[columns.hidingPlace] ?? "");
  if ([...place].length > GAME_LIMITS.hidingPlace) problems.push(importMessages.hidingPlaceTooLong([...place].length));
  return problems;
}

/** A four-option row's options (also choose all's): A–D all filled, E and F empty. */
function fourOptionProblems(columns: Columns, options: string[]): string[] {
  const problems: string[] = [];
  const four = options.slice(0, OPTIONS_PER_QUESTION);
  const filled = four.filter((o) => o !== "").length;
  if (
    columns.layout === "kahoot" &&
    filled < OPTIONS_PER_QUESTION &&
    filled > 0 &&
    four.slice(0, filled).every((o) => o !== "")
  ) {
    problems.push(importMessages.kahootTooFewAnswers(filled));
  } else {
    four.forEach((o, i) => {
      if (o === "") problems.push(importMessages.optionBlank(LETTERS[i]!));
    });
  }
  four.forEach((o, i) => {
    if ([...o].length > GAME_LIMITS.option) problems.push(importMessages.optionTooLong(LETTERS[i]!, [...o].length));
  });
  options.slice(OPTIONS_PER_QUESTION).forEach((o, i) => {
    if (o !== "") problems.push(importMessages.optionNotForKind(LETTERS[OPTIONS_PER_QUESTION + i]!));
  });
  return problems;
}

/**
 * A row's notes on its wrong options (option-notes.ts), given its kind and right answer: one per
 * option when any is written; a note on a right option, too long, or where the kind has none is a problem.
 * A line break inside a cell is a space: a note is one line.
 */
function rowNotes(
  columns: Columns,
  cells: string[],
  question: Question,
): { notes: string[] | null; problems: string[] } {
  if (!columns.notes) return { notes: null, problems: [] };
  const written = columns.notes.map((c) => (c === null ? "" : (cells[c] ?? "").replace(/\s+/g, " ").trim()));
  const kind = question.kind ?? "choice";
  const count = kindHasOptionNotes(kind) ? noteCountOf(kind) : 0;
  const right = rightOptionsOf(question);
  const problems: string[] = [];
  written.forEach((note, k) => {
    if (note === "") return;
    const letter = LETTERS[k]!;
    if (k >= count) problems.push(importMessages.noteNotForKind(letter));
    else if (right.includes(k)) problems.push(importMessages.noteOnRight(letter));
    else if ([...note].length > OPTION_NOTE_MAX) problems.push(importMessages.noteTooLong(letter, [...note].length));
  });
  return { notes: written.some((n) => n !== "") ? written.slice(0, count) : null, problems };
}

/** A row read: its question, or every problem with it in reading order (question, options, answer, clue). */
type RowRead = { question: Question; problems: string[] };

function readRow(columns: Columns, cells: string[]): RowRead {
  const cell = (column: number | null) => (column === null ? "" : (cells[column] ?? ""));
  const options = columns.options.map((i) => cells[i] ?? "");
  const correctText = cell(columns.correct);
  const kind = columns.layout === "kahoot" ? kahootKind(options, correctText) : kindOfRow(cell(columns.kind));
  const problems = commonProblems(columns, cells);
  const hidingPlace = cell(columns.hidingPlace);
  const question: Question = {
    questionText: cell(columns.question),
    options: [],
    correctAnswer: 0,
    clue: cell(columns.clue),
    ...(hidingPlace ? { hidingPlace } : {}),
  };
  if (kind !== "choice" && kind !== "truefalse" && kind !== "typed" && kind !== "order" && kind !== "multi") {
    // The kind unknown, its other columns cannot be read: that one problem says what to write.
    problems.push(kind, ...endProblems(columns, cells));
    return { question, problems };
  }
  if (kind === "choice") {
    problems.push(...fourOptionProblems(columns, options));
    const correct = columns.layout === "kahoot" ? kahootCorrect(correctText) : cluehuntCorrect(correctText);
    if (typeof correct === "string") problems.push(correct);
    else question.correctAnswer = correct;
    question.options = options.slice(0, OPTIONS_PER_QUESTION);
  } else if (kind === "multi") {
    problems.push(...fourOptionProblems(columns, options));
    const correct = columns.layout === "kahoot" ? kahootMultiCorrect(correctText) : multiCorrect(correctText);
    if (typeof correct === "string") problems.push(correct);
    else question.correctAnswers = correct;
    question.options = options.slice(0, OPTIONS_PER_QUESTION);
  } else if (kind === "truefalse" && columns.layout === "kahoot") {
    // Kahoot's True and False are its answers 1 and 2 (in either order): the right one's number says which.
    const correct = kahootCorrect(correctText);
    if (typeof correct === "string") problems.push(correct);
    else if (correct > 1) problems.push(importMessages.kahootCorrectInvalid(correctText));
    else question.correctAnswer = trueFalseIndex(options[correct]!);
  } else if (kind === "truefalse") {
    if (options.some((o) => o !== "")) problems.push(importMessages.trueFalseHasOptions);
    const correct = trueFalseCorrect(correctText);
    if (typeof correct === "string") problems.push(correct);
    else question.correctAnswer = correct;
  } else if (kind === "typed") {
    // The accepted answers are the filled option columns, in order; a gap between them does not matter.
    const accepted = options.map((o, i) => ({ o, letter: LETTERS[i]! })).filter(({ o }) => o !== "");
    if (accepted.length === 0) problems.push(importMessages.acceptedMissing);
    if (accepted.length > KIND_LIMITS.acceptedAnswers.max) problems.push(importMessages.tooManyAccepted);
    for (const { o, letter } of accepted)
      if ([...o].length > KIND_LIMITS.typedAnswer) problems.push(importMessages.acceptedTooLong(letter, [...o].length));
    const fadas = fadasCountOf(cell(columns.fadas));
    if (typeof fadas === "string") problems.push(fadas);
    else question.fadasCount = fadas;
    question.options = accepted.map(({ o }) => o);
  } else {
    // An order's items are the option columns from A, in the right order: a gap would leave the order unclear.
    const last = options.reduce((end, o, i) => (o !== "" ? i + 1 : end), 0);
    const items = options.slice(0, last);
    if (last < KIND_LIMITS.orderItems.min) problems.push(importMessages.orderTooFew(last));
    else
      items.forEach((o, i) => {
        if (o === "") problems.push(importMessages.optionBlank(LETTERS[i]!));
      });
    items.forEach((o, i) => {
      if ([...o].length > GAME_LIMITS.option) problems.push(importMessages.optionTooLong(LETTERS[i]!, [...o].length));
    });
    const repeated = items.every((o) => o !== "") ? repeatedItem(items) : -1;
    // Named as first written: the later one may differ only in case or punctuation.
    if (repeated >= 0)
      problems.push(
        importMessages.orderRepeated(items.find((o) => answerKey(o) === answerKey(items[repeated]!)) ?? ""),
      );
    question.options = items;
  }
  const read: Question = kind === "choice" ? question : { ...question, kind: kind as QuestionKind };
  const notes = rowNotes(columns, cells, read);
  problems.push(...notes.problems, ...endProblems(columns, cells));
  return {
    question: notes.notes && notes.problems.length === 0 ? { ...read, optionNotes: notes.notes } : read,
    problems,
  };
}

/**
 * The questions of a sheet, and a sentence for each row that cannot become one. Rows are
 * numbered as the spreadsheet shows them (the first row is 1); empty rows are skipped. A row
 * with any problem is left out whole: nothing of it is imported.
 */
export function questionsFromSheet(rows: readonly (readonly SheetCell[])[]): SheetImport {
  const columns = findColumns(rows);
  if (!columns) return { ok: false, message: importMessages.noHeader };
  const questions: ImportedQuestion[] = [];
  const problems: RowProblem[] = [];
  const used = [
    columns.question,
    ...columns.options,
    columns.correct,
    ...[columns.clue, columns.hidingPlace, columns.kind, columns.fadas, ...(columns.notes ?? [])].filter(
      (c): c is number => c !== null,
    ),
  ];
  for (let r = columns.headerIndex + 1; r < rows.length; r++) {
    const row = r + 1;
    const cells = rows[r]!.map(cellText);
    if (used.every((i) => (cells[i] ?? "") === "")) continue;
    const { question, problems: found } = readRow(columns, cells);
    // The save's own rules, after ours: whatever they still refuse (a broken character) is named too.
    if (found.length === 0) {
      const checked = QuestionSchema.safeParse(question);
      if (!checked.success) {
        const message = issueMessage(checked.error.issues[0]);
        found.push(message === brokenCharacterMessage ? importMessages.brokenText : message);
      }
    }
    if (found.length > 0)
      for (const message of found) problems.push({ row, message: importMessages.rowProblem(row, message) });
    else questions.push({ row, question });
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
    ([key, value]) =>
      EDITED_BY_TYPING.has(key) ||
      value === null ||
      value === undefined ||
      value === "" ||
      // A kind's defaults: four options, fadas not counting, no right options chosen.
      (key === "kind" && value === "choice") ||
      (key === "fadasCount" && value === false) ||
      // A note opened and emptied again is no note.
      (key === "optionNotes" && Array.isArray(value) && value.every((n) => typeof n !== "string" || n.trim() === "")) ||
      (key === "correctAnswers" && Array.isArray(value) && value.length === 0),
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
