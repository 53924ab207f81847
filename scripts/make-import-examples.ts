/**
 * Writes the spreadsheets of docs/IMPORT.md and the import tests with a real .xlsx writer
 * (write-excel-file), so that the reader is tested on files a spreadsheet program could have
 * saved, not on arrays. `npx tsx scripts/make-import-examples.ts` rewrites them all.
 *
 * - docs/examples/cluehunt-questions.{csv,xlsx}: our layout, five questions, one with a clue.
 * - docs/examples/cluehunt-question-kinds.{csv,xlsx}: our layout with the Kind, Option E and F and
 *   Fadas count columns, a question of each kind (two of some), in English and Irish, and the notes
 *   on wrong options ("Why a child might pick A" to "D") on a few of them.
 * - tests/fixtures/import/kahoot-template.xlsx: Kahoot!'s quiz template as teachers fill it in
 *   (title rows, a numbering column, the template's headers): a true-or-false row, a row of several
 *   correct answers, and a row Cluehunt refuses.
 * - tests/fixtures/import/bad-rows.xlsx: our layout with every kind of bad row.
 * - tests/fixtures/import/hundred-questions.xlsx: 100 questions, for the 1 s import bar.
 */
import { writeFile } from "node:fs/promises";
import writeExcelFile from "write-excel-file/node";
import { toCsv } from "../src/shared/spreadsheets/csv.server.ts";
import {
  CLUEHUNT_HEADERS,
  KIND_HEADERS,
  KIND_NAMES,
  NOTE_HEADERS,
} from "../src/shared/spreadsheets/spreadsheet-questions.web.ts";

type Cell = string | number | null;

const EXAMPLE: Cell[][] = [
  [...CLUEHUNT_HEADERS],
  [
    "What is the capital of Ireland?",
    "Cork",
    "Dublin",
    "Galway",
    "Limerick",
    "B",
    "It is on the east coast, on the River Liffey.",
  ],
  ["Cé mhéad lá atá i seachtain?", "Cúig", "Sé", "Seacht", "Ocht", "C", ""],
  ["Which of these is a mammal?", "Salmon", "Robin", "Frog", "Otter", "D", "It feeds its young with milk."],
  ['Which word rhymes with "cat"?', "Hat", "Cup", "Dog", "Sun", "A", ""],
  ["What is 7 × 8?", "54", "56", "58", "64", "B", "Count up in eights: 8, 16, 24…"],
];

const [QUESTION, A, B, C, D, CORRECT, CLUE] = CLUEHUNT_HEADERS;
const kind = (k: keyof typeof KIND_NAMES) => KIND_NAMES[k][0]!;
const KINDS_WITHOUT_NOTES: Cell[][] = [
  [
    QUESTION,
    KIND_HEADERS.kind,
    A,
    B,
    C,
    D,
    KIND_HEADERS.optionE,
    KIND_HEADERS.optionF,
    CORRECT,
    KIND_HEADERS.fadas,
    CLUE,
  ],
  [
    "What is the capital of Ireland?",
    kind("choice"),
    "Cork",
    "Dublin",
    "Galway",
    "Limerick",
    "",
    "",
    "B",
    "",
    "It is on the east coast.",
  ],
  ["The Shannon is the longest river in Ireland.", kind("truefalse"), "", "", "", "", "", "", "True", "", ""],
  ["Tá Corcaigh i gCúige Laighean.", "Fíor nó bréagach", "", "", "", "", "", "", "Bréagach", "", "Cúige Mumhan?"],
  ["What is 7 × 8?", kind("typed"), 56, "", "", "", "", "", "", "", "Count up in eights."],
  [
    "Cad é an focal Gaeilge ar 'rain'?",
    "Clóscríobh an freagra",
    "báisteach",
    "an bháisteach",
    "",
    "",
    "",
    "",
    "",
    "Yes",
    "",
  ],
  ["Put the numbers in order, smallest first.", kind("order"), "0.5", "1", "1.5", "2", "2.5", "3", "", "", ""],
  [
    "Cuir na séasúir in ord, ón earrach.",
    "Cuir in ord",
    "an t-earrach",
    "an samhradh",
    "an fómhar",
    "an geimhreadh",
    "",
    "",
    "",
    "",
    "",
  ],
  [
    "Which of these are mammals?",
    kind("multi"),
    "Otter",
    "Robin",
    "Bat",
    "Salmon",
    "",
    "",
    "A, C",
    "",
    "They feed their young with milk.",
  ],
];
/** The notes on wrong options, A to D, by row of KINDS_WITHOUT_NOTES (a true-or-false row's True in A, False in B). */
const NOTES: Record<number, Cell[]> = {
  0: NOTE_HEADERS,
  1: ["Cork is the second city", "", "Galway is a city on a coast too", ""],
  2: ["", "thinks the Liffey is longer because Dublin is bigger", "", ""],
  8: ["", "thinks anything that flies is a bird", "", "thinks anything that swims is a fish"],
};
const KINDS: Cell[][] = KINDS_WITHOUT_NOTES.map((row, i) => [...row, ...(NOTES[i] ?? ["", "", "", ""])]);

const KAHOOT_HEADER = [
  "",
  "Question - max 120 characters",
  "Answer 1 - max 75 characters",
  "Answer 2 - max 75 characters",
  "Answer 3 - max 75 characters",
  "Answer 4 - max 75 characters",
  "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
  "Correct answer(s) - choose at least one",
];

const KAHOOT: Cell[][] = [
  [null, "Quiz template"],
  [
    null,
    "Add questions, at least two answer alternatives, time limit and choose correct answers (at least one). Have fun creating your awesome quiz!",
  ],
  [
    null,
    "Remember: questions can have a maximum of 120 characters and answers can have 75 characters max. Text will turn red in Excel or Google Docs if you exceed this limit. If several answers are correct, separate them with a comma.",
  ],
  [],
  [null, "And remember,  if you're not using Excel you need to export to .xlsx format before you upload to Kahoot!"],
  [],
  KAHOOT_HEADER,
  [1, "Which planet is closest to the Sun?", "Venus", "Mercury", "Mars", "Earth", 20, 2],
  [2, "How many legs has a spider?", "6", "8", "10", "4", 20, "2"],
  [3, "Which are colours of the Irish flag?", "Green", "White", "Orange", "Blue", 30, "1,2,3"],
  [4, "True or false: the Shannon is Ireland's longest river.", "True", "False", null, null, 10, 1],
  [5, "Which animal is a bird?", "Bat", "Puffin", "Seal", "Eel", 20, null],
  [6, "What colour is grass?", "Green", "Blue", "Red", "Pink", 20, 1],
];

const BAD_ROWS: Cell[][] = [
  [...CLUEHUNT_HEADERS],
  ["A good question", "a", "b", "c", "d", "a", ""],
  ["", "a", "b", "c", "d", "A", ""],
  ["Blank option", "a", "", "c", "d", "A", ""],
  ["No answer", "a", "b", "c", "d", "", ""],
  ["Answer E", "a", "b", "c", "d", "E", ""],
  [],
  ["Too long", "a", "b", "c", "d", "C", "x".repeat(201)],
  ["Another good one", 1, 2, 3, 4, 4, "Numbers are fine"],
];

const hundred: Cell[][] = [
  [...CLUEHUNT_HEADERS],
  ...Array.from({ length: 100 }, (_, i): Cell[] => [
    `Question ${i + 1}: what is ${i + 1} + ${i + 2}? Add the two numbers together and choose the right total.`,
    String(2 * i + 2),
    String(2 * i + 3),
    String(2 * i + 4),
    String(2 * i + 5),
    "B",
    i % 2 === 0 ? "Count on from the bigger number." : "",
  ]),
];

const xlsx = (rows: Cell[][], path: string) =>
  writeExcelFile(rows.map((r) => r.map((c) => (c === null ? null : c)))).toFile(path);

await xlsx(EXAMPLE, "docs/examples/cluehunt-questions.xlsx");
await writeFile("docs/examples/cluehunt-questions.csv", toCsv(EXAMPLE));
await xlsx(KINDS, "docs/examples/cluehunt-question-kinds.xlsx");
await writeFile("docs/examples/cluehunt-question-kinds.csv", toCsv(KINDS));
await xlsx(KAHOOT, "tests/fixtures/import/kahoot-template.xlsx");
await xlsx(BAD_ROWS, "tests/fixtures/import/bad-rows.xlsx");
await xlsx(hundred, "tests/fixtures/import/hundred-questions.xlsx");
console.info(
  "Wrote docs/examples/cluehunt-questions.{csv,xlsx}, docs/examples/cluehunt-question-kinds.{csv,xlsx} and tests/fixtures/import/*.xlsx",
);
