import { describe, expect, it } from "vitest";
import { blankQuestion, GAME_LIMITS, type Question } from "../games/games.ts";
import { inEnglish, translate } from "../i18n/translator.ts";
import {
  addImportedQuestions,
  CLUEHUNT_HEADERS,
  CLUEHUNT_HEADERS_GA,
  importMessages,
  isUntouched,
  KIND_HEADERS,
  KIND_HEADERS_GA,
  NOTE_HEADERS,
  NOTE_HEADERS_GA,
  questionsFromSheet,
  type SheetCell,
  tooManyForGame,
} from "./spreadsheet-questions.web.ts";

const header = [...CLUEHUNT_HEADERS];
const ok = (rows: SheetCell[][]) => {
  const result = questionsFromSheet(rows);
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe("questionsFromSheet, our layout", () => {
  it("reads questions, options, the letter of the right answer and the clue; rows numbered as the sheet shows them", () => {
    const result = ok([
      header,
      ["Capital of Ireland?", "Cork", "Dublin", "Galway", "Limerick", "b", "East coast"],
      ["7 × 8?", 54, 56, 58, 64, "B", null],
    ]);
    expect(result.layout).toBe("cluehunt");
    expect(result.problems).toEqual([]);
    expect(result.questions).toEqual([
      {
        row: 2,
        question: {
          questionText: "Capital of Ireland?",
          options: ["Cork", "Dublin", "Galway", "Limerick"],
          correctAnswer: 1,
          clue: "East coast",
        },
      },
      { row: 3, question: { questionText: "7 × 8?", options: ["54", "56", "58", "64"], correctAnswer: 1, clue: "" } },
    ]);
  });

  it("finds the header below title rows, in any column order, without a clue column, in any case", () => {
    const result = ok([
      ["My quiz"],
      [],
      ["correct", "option d", "OPTION C", "Option B", "Option A", "Question"],
      ["D", "4", "3", "2", "1", "Count?"],
    ]);
    expect(result.questions).toEqual([
      { row: 4, question: { questionText: "Count?", options: ["1", "2", "3", "4"], correctAnswer: 3, clue: "" } },
    ]);
  });

  it("reads a sheet headed in Irish, and names its problems in Irish for an Irish reader", () => {
    const result = ok([
      [...CLUEHUNT_HEADERS_GA],
      ["Cé mhéad lá atá i seachtain?", "Cúig", "Sé", "Seacht", "Ocht", "C", "Luan go Domhnach"],
      ["", "a", "b", "c", "d", "A"],
    ]);
    expect(result.questions).toEqual([
      {
        row: 2,
        question: {
          questionText: "Cé mhéad lá atá i seachtain?",
          options: ["Cúig", "Sé", "Seacht", "Ocht"],
          correctAnswer: 2,
          clue: "Luan go Domhnach",
        },
      },
    ]);
    expect(result.problems.map((p) => translate("ga", p.message))).toEqual(["Ró 3: tá an cheist bán."]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual(["Row 3: the question is blank."]);
    // Lower case and another order, as with the English header.
    expect(
      ok([
        ["leid (roghnach)", "ceart", "rogha d", "ROGHA C", "rogha b", "rogha a", "ceist"],
        ["", "B", "4", "3", "2", "1", "Count?"],
      ]).questions,
    ).toHaveLength(1);
  });

  it("reads the optional hiding place column (issue 29), in English or Irish, and names one too long", () => {
    const result = ok([
      [...header, "Hiding place (optional)"],
      ["Capital of Ireland?", "Cork", "Dublin", "Galway", "Limerick", "B", "", "Under the globe"],
      ["7 × 8?", 54, 56, 58, 64, "B", "", ""],
      ["2 + 2?", 3, 4, 5, 6, "B", "", "x".repeat(GAME_LIMITS.hidingPlace + 1)],
    ]);
    expect(result.questions.map((q) => q.question.hidingPlace)).toEqual(["Under the globe", undefined]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      `Row 4: the hiding place is ${GAME_LIMITS.hidingPlace + 1} characters long; at most ${GAME_LIMITS.hidingPlace}.`,
    ]);
    const irish = ok([
      [...CLUEHUNT_HEADERS_GA, "Áit fholaigh (roghnach)"],
      [
        "Príomhchathair na hÉireann?",
        "Corcaigh",
        "Baile Átha Cliath",
        "Gaillimh",
        "Luimneach",
        "B",
        "",
        "Faoin gcruinneog",
      ],
    ]);
    expect(irish.questions[0]!.question.hidingPlace).toBe("Faoin gcruinneog");
  });

  it("accepts 1–4 for the right answer, trims cells and skips empty rows", () => {
    const result = ok([
      header,
      [" Q ", " a ", "b", "c", "d", 3],
      [],
      [null, "", null],
      ["Q2", "a", "b", "c", "d", "4"],
    ]);
    expect(
      result.questions.map((q) => [q.row, q.question.correctAnswer, q.question.questionText, q.question.options[0]]),
    ).toEqual([
      [2, 2, "Q", "a"],
      [5, 3, "Q2", "a"],
    ]);
  });

  it("names the row and the problem for every bad row, and keeps the good rows", () => {
    const result = ok([
      header,
      ["Good", "a", "b", "c", "d", "A", ""],
      ["", "a", "b", "c", "d", "A", ""],
      ["Blank option", "a", "", "c", "d", "A", ""],
      ["No answer", "a", "b", "c", "d", "", ""],
      ["Answer E", "a", "b", "c", "d", "E", ""],
      ["Long", "a", "b", "c", "d", "C", "x".repeat(GAME_LIMITS.clue + 1)],
      ["q".repeat(GAME_LIMITS.questionText + 1), "o".repeat(GAME_LIMITS.option + 1), "b", "c", "d", "A"],
      ["Broken \ud800 text", "a", "b", "c", "d", "A"],
    ]);
    expect(result.questions.map((q) => q.row)).toEqual([2]);
    expect(result.problems.map((p) => ({ row: p.row, message: inEnglish(p.message) }))).toEqual([
      { row: 3, message: "Row 3: the question is blank." },
      { row: 4, message: "Row 4: option B is blank." },
      { row: 5, message: 'Row 5: the "Correct" column is empty: write A, B, C or D.' },
      { row: 6, message: 'Row 6: the "Correct" column says "E": write A, B, C or D.' },
      { row: 7, message: `Row 7: the clue is 201 characters long; at most ${GAME_LIMITS.clue}.` },
      { row: 8, message: `Row 8: the question is 501 characters long; at most ${GAME_LIMITS.questionText}.` },
      { row: 8, message: `Row 8: option A is 201 characters long; at most ${GAME_LIMITS.option}.` },
      { row: 9, message: "Row 9: some text holds a broken character. Type it again." },
    ]);
  });

  it("counts lengths in characters: an emoji is one", () => {
    const result = ok([header, ["🦊".repeat(GAME_LIMITS.questionText), "a", "b", "c", "d", "A"]]);
    expect(result.problems).toEqual([]);
  });

  it("refuses a file without a header we know, and a header with nothing under it", () => {
    expect(
      questionsFromSheet([
        ["Name", "Score"],
        ["Aoife", 3],
      ]),
    ).toEqual({ ok: false, message: importMessages.noHeader });
    expect(questionsFromSheet([])).toEqual({ ok: false, message: importMessages.noHeader });
    expect(questionsFromSheet([header, [], []])).toEqual({ ok: false, message: importMessages.noRows });
  });
});

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

describe("questionsFromSheet, the kinds of question", () => {
  const kindsHeader = [
    "Question",
    KIND_HEADERS.kind,
    "Option A",
    "Option B",
    "Option C",
    "Option D",
    KIND_HEADERS.optionE,
    KIND_HEADERS.optionF,
    "Correct (A–D)",
    KIND_HEADERS.fadas,
    "Clue (optional)",
  ];

  it("reads each kind from its own columns, the Kind named in English or Irish, in any case", () => {
    const result = ok([
      kindsHeader,
      ["Capital?", "", "Cork", "Dublin", "Galway", "Limerick", "", "", "B", "", ""],
      ["The Shannon is the longest river.", "TRUE OR FALSE", "", "", "", "", "", "", "true", "", ""],
      ["Tá Corcaigh i gCúige Laighean.", "Fíor nó bréagach", "", "", "", "", "", "", "Bréagach", "", ""],
      ["Cad é 'rain'?", "clóscríobh an freagra", "báisteach", "", "an bháisteach", "", "", "", "", "Tá", ""],
      ["7 × 8?", "Type the answer", 56, "", "", "", "", "", "", "", "Eights"],
      ["Smallest first", "Put in order", 1, 2, 3, 4, 5, 6, "", "", ""],
      ["Seasons from spring", "Cuir in ord", "spring", "summer", "autumn", "", "", "", "", "", ""],
      ["Mammals?", "choose all that apply", "otter", "robin", "bat", "eel", "", "", "a, c", "", ""],
      [
        "Cé acu atá fuar?",
        "Roghnaigh gach ceann atá ceart",
        "sneachta",
        "grian",
        "sioc",
        "oighear",
        "",
        "",
        "A C D",
        "",
        "",
      ],
    ]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([]);
    expect(result.questions.map((q) => q.question)).toEqual([
      { questionText: "Capital?", options: ["Cork", "Dublin", "Galway", "Limerick"], correctAnswer: 1, clue: "" },
      { kind: "truefalse", questionText: "The Shannon is the longest river.", options: [], correctAnswer: 0, clue: "" },
      { kind: "truefalse", questionText: "Tá Corcaigh i gCúige Laighean.", options: [], correctAnswer: 1, clue: "" },
      {
        kind: "typed",
        questionText: "Cad é 'rain'?",
        options: ["báisteach", "an bháisteach"],
        correctAnswer: 0,
        fadasCount: true,
        clue: "",
      },
      { kind: "typed", questionText: "7 × 8?", options: ["56"], correctAnswer: 0, fadasCount: false, clue: "Eights" },
      {
        kind: "order",
        questionText: "Smallest first",
        options: ["1", "2", "3", "4", "5", "6"],
        correctAnswer: 0,
        clue: "",
      },
      {
        kind: "order",
        questionText: "Seasons from spring",
        options: ["spring", "summer", "autumn"],
        correctAnswer: 0,
        clue: "",
      },
      {
        kind: "multi",
        questionText: "Mammals?",
        options: ["otter", "robin", "bat", "eel"],
        correctAnswer: 0,
        correctAnswers: [0, 2],
        clue: "",
      },
      {
        kind: "multi",
        questionText: "Cé acu atá fuar?",
        options: ["sneachta", "grian", "sioc", "oighear"],
        correctAnswer: 0,
        correctAnswers: [0, 2, 3],
        clue: "",
      },
    ]);
    // The header in Irish reads the same.
    const irish = ok([
      [
        "Ceist",
        KIND_HEADERS_GA.kind,
        "Rogha A",
        "Rogha B",
        "Rogha C",
        "Rogha D",
        KIND_HEADERS_GA.optionE,
        "Ceart (A–D)",
        KIND_HEADERS_GA.fadas,
      ],
      ["Ord", "Cuir in ord", "a", "b", "c", "d", "e", "", ""],
      ["Focal", "Clóscríobh an freagra", "bó", "", "", "", "", "", "níl"],
    ]);
    expect(irish.problems).toEqual([]);
    expect(irish.questions.map((q) => [q.question.kind, q.question.options.length, q.question.fadasCount])).toEqual([
      ["order", 5, undefined],
      ["typed", 1, false],
    ]);
  });

  it("names the row and the problem of every bad row of each kind, and leaves the whole row out", () => {
    const result = ok([
      kindsHeader,
      ["Odd kind", "Essay", "a", "b", "c", "d", "", "", "A", "", ""],
      ["Four with E", "Four options", "a", "b", "c", "d", "e", "", "A", "", ""],
      ["TF with options", "True or false", "True", "False", "", "", "", "", "True", "", ""],
      ["TF answer", "True or false", "", "", "", "", "", "", "Yes", "", ""],
      ["TF empty", "True or false", "", "", "", "", "", "", "", "", ""],
      ["Typed none", "Type the answer", "", "", "", "", "", "", "", "", ""],
      ["Typed six", "Type the answer", "a", "b", "c", "d", "e", "f", "", "", ""],
      ["Typed long", "Type the answer", "x".repeat(61), "", "", "", "", "", "", "", ""],
      ["Typed fadas", "Type the answer", "bó", "", "", "", "", "", "", "maybe", ""],
      ["Order two", "Put in order", "a", "b", "", "", "", "", "", "", ""],
      ["Order gap", "Put in order", "a", "", "c", "d", "", "", "", "", ""],
      ["Order twice", "Put in order", "Cork", "Dublin", "cork.", "", "", "", "", "", ""],
      ["Multi one", "Choose all that apply", "a", "b", "c", "d", "", "", "A", "", ""],
      ["Multi four", "Choose all that apply", "a", "b", "c", "d", "", "", "A,B,C,D", "", ""],
      ["Multi E", "Choose all that apply", "a", "b", "c", "d", "", "", "A, E", "", ""],
      ["Multi empty", "Choose all that apply", "a", "", "c", "d", "", "", "", "", ""],
    ]);
    expect(result.questions).toEqual([]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      'Row 2: the "Kind" column says "Essay": write Four options, True or false, Type the answer, Put in order or Choose all that apply (or leave it empty for four options).',
      'Row 3: option E is only for "Put in order" and "Type the answer": leave it empty in this row.',
      'Row 4: a "True or false" row has no options: leave the option columns empty (the tiles say True and False).',
      'Row 5: the "Correct" column says "Yes": for "True or false" write True or False (or Fíor or Bréagach).',
      'Row 6: the "Correct" column is empty: for "True or false" write True or False.',
      'Row 7: a "Type the answer" row needs at least one accepted answer, in the option columns.',
      'Row 8: a "Type the answer" row can have at most 5 accepted answers.',
      "Row 9: the accepted answer in option A is 61 characters long; at most 60.",
      'Row 10: the "Fadas count" column says "maybe": write Yes or No (or leave it empty for No).',
      'Row 11: a "Put in order" row has only 2 items: write 3 to 6 items in the option columns, in the right order.',
      "Row 12: option B is blank.",
      'Row 13: the item "Cork" is there twice; each item to put in order must be different.',
      'Row 14: the "Correct" column says "A": for "Choose all that apply" write the letters of the 2 or 3 right options, like A, C.',
      'Row 15: the "Correct" column says "A,B,C,D": for "Choose all that apply" write the letters of the 2 or 3 right options, like A, C.',
      'Row 16: the "Correct" column says "A, E": for "Choose all that apply" write the letters of the 2 or 3 right options, like A, C.',
      "Row 17: option B is blank.",
      'Row 17: the "Correct" column is empty: for "Choose all that apply" write the letters of the 2 or 3 right options, like A, C.',
    ]);
    // In Irish for an Irish reader.
    expect(translate("ga", result.problems[4]!.message)).toBe(
      'Ró 6: tá an colún "Ceart" folamh: do "Fíor nó bréagach" scríobh Fíor nó Bréagach.',
    );
  });

  it("reads a sheet without a Kind column as four options, and its Option E, if any, is refused", () => {
    const result = ok([
      [...header.slice(0, 5), "Option E", ...header.slice(5)],
      ["Q", "a", "b", "c", "d", "", "A", ""],
      ["Q2", "a", "b", "c", "d", "e", "A", ""],
    ]);
    expect(result.questions.map((q) => q.question.kind)).toEqual([undefined]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      'Row 3: option E is only for "Put in order" and "Type the answer": leave it empty in this row.',
    ]);
  });
});

describe("questionsFromSheet, the notes on wrong options", () => {
  it("reads a note per wrong option from the Why columns, in English or Irish, True's in A and False's in B", () => {
    const result = ok([
      [...header, KIND_HEADERS.kind, ...NOTE_HEADERS],
      ["Biggest?", "1/2", "1/3", "1/4", "1/8", "A", "", "", "", "bigger bottom,\nbigger fraction", "", ""],
      ["Mammals?", "otter", "robin", "bat", "eel", "A, C", "", "Choose all that apply", "", "flies", "", "swims"],
      ["The Shannon is short.", "", "", "", "", "False", "", "True or false", "sounds right", "", "", ""],
      ["2 + 2?", 3, 4, 5, 6, "B", "", "", "", "", "", ""],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.questions.map((q) => q.question.optionNotes)).toEqual([
      ["", "bigger bottom, bigger fraction", "", ""],
      ["", "flies", "", "swims"],
      ["sounds right", ""],
      undefined,
    ]);
    const irish = ok([
      [...CLUEHUNT_HEADERS_GA, ...NOTE_HEADERS_GA],
      ["An ceann is mó?", "1/2", "1/3", "1/4", "1/8", "A", "", "", "síleann sé gur mó an bun", "", ""],
    ]);
    expect(irish.questions[0]!.question.optionNotes).toEqual(["", "síleann sé gur mó an bun", "", ""]);
    // Short headers too, with "(optional)".
    const short = ok([
      [...header, "Why B (optional)"],
      ["Q", "a", "b", "c", "d", "A", "", "because"],
    ]);
    expect(short.questions[0]!.question.optionNotes).toEqual(["", "because", "", ""]);
  });

  it("names a note on a right option, too long, or where the kind has none, and leaves the row out", () => {
    const result = ok([
      [...header, KIND_HEADERS.kind, ...NOTE_HEADERS],
      ["Biggest?", "1/2", "1/3", "1/4", "1/8", "A", "", "", "it is right", "", "", ""],
      ["Biggest?", "1/2", "1/3", "1/4", "1/8", "A", "", "", "", "x".repeat(121), "", ""],
      ["The Shannon is short.", "", "", "", "", "False", "", "True or false", "", "", "a third?", ""],
      ["2 + 2?", "4", "", "", "", "", "", "Type the answer", "looks like 5", "", "", ""],
    ]);
    expect(result.questions).toEqual([]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      "Row 2: the note on option A is on a right answer: notes are for the wrong options, so leave it empty.",
      "Row 3: the note on option B is 121 characters long; at most 120.",
      'Row 4: the note on option C does not fit this row: notes go on the wrong options of "Four options" and "Choose all that apply", and on "True or false" in A (True) or B (False).',
      'Row 5: the note on option A does not fit this row: notes go on the wrong options of "Four options" and "Choose all that apply", and on "True or false" in A (True) or B (False).',
    ]);
  });
});

describe("questionsFromSheet, Kahoot!'s quiz template", () => {
  it("skips the title rows, reads the numbered rows and the answer number", () => {
    const result = ok([
      [null, "Quiz template"],
      [null, "Add questions…"],
      [],
      KAHOOT_HEADER,
      [1, "Closest planet to the Sun?", "Venus", "Mercury", "Mars", "Earth", 20, 2],
    ]);
    expect(result.layout).toBe("kahoot");
    expect(result.questions).toEqual([
      {
        row: 5,
        question: {
          questionText: "Closest planet to the Sun?",
          options: ["Venus", "Mercury", "Mars", "Earth"],
          correctAnswer: 1,
          clue: "",
        },
      },
    ]);
  });

  it("reads True and False as true or false and several correct of four as choose all that apply", () => {
    const result = ok([
      KAHOOT_HEADER,
      [1, "Flag colours?", "Green", "White", "Orange", "Blue", 30, "1,2,3"],
      [2, "The Shannon is long.", "True", "False", null, null, 10, 1],
      [3, "Tá Corcaigh i Laighin.", "fíor", "Bréagach", null, null, 10, "2"],
      [4, "Dublin is in Munster.", "False", "True", null, null, 10, 1],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.questions.map((q) => q.question)).toEqual([
      {
        kind: "multi",
        questionText: "Flag colours?",
        options: ["Green", "White", "Orange", "Blue"],
        correctAnswer: 0,
        correctAnswers: [0, 1, 2],
        clue: "",
      },
      { kind: "truefalse", questionText: "The Shannon is long.", options: [], correctAnswer: 0, clue: "" },
      { kind: "truefalse", questionText: "Tá Corcaigh i Laighin.", options: [], correctAnswer: 1, clue: "" },
      { kind: "truefalse", questionText: "Dublin is in Munster.", options: [], correctAnswer: 1, clue: "" },
    ]);
  });

  it("refuses all four correct, fewer than four answers that are not True and False, and a missing or odd answer number, each with its row", () => {
    const result = ok([
      KAHOOT_HEADER,
      [1, "All?", "Green", "White", "Orange", "Blue", 30, "1,2,3,4"],
      [2, "Yes or no?", "Yes", "No", null, null, 10, 1],
      [3, "Bird?", "Bat", "Puffin", "Seal", "Eel", 20, null],
      [4, "Odd?", "a", "b", "c", "d", 20, "5"],
      [5, "One answer", "a", null, null, null, 20, 1],
      [6, "Both?", "True", "False", null, null, 20, "1,2"],
    ]);
    expect(result.questions).toEqual([]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      'Row 2: it marks 1,2,3,4 correct; a Cluehunt question has one right answer, or 2 or 3 of four answers ("Choose all that apply"). Change the numbers in "Correct answer(s)".',
      "Row 3: it has only 2 answers; a Cluehunt question needs four options (or the two answers True and False). Fill in all four answers.",
      'Row 4: the "Correct answer(s)" column is empty: write the number (1 to 4) of the right answer.',
      'Row 5: the "Correct answer(s)" column says "5": write one number from 1 to 4.',
      "Row 6: it has only 1 answer; a Cluehunt question needs four options (or the two answers True and False). Fill in all four answers.",
      'Row 7: it marks 1,2 correct; a Cluehunt question has one right answer, or 2 or 3 of four answers ("Choose all that apply"). Change the numbers in "Correct answer(s)".',
    ]);
  });

  it("names a gap in the answers as the blank option", () => {
    const result = ok([KAHOOT_HEADER, [1, "Gap?", "a", null, "c", "d", 20, 1]]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual(["Row 2: option B is blank."]);
  });
});

describe("addImportedQuestions", () => {
  const q = (text: string): Question => ({
    questionText: text,
    options: ["a", "b", "c", "d"],
    correctAnswer: 0,
    clue: "",
  });

  it("replaces the untouched blank question and appends after everything the teacher wrote", () => {
    expect(addImportedQuestions([blankQuestion()], [q("1"), q("2")])).toEqual({
      ok: true,
      questions: [q("1"), q("2")],
    });
    const started = { ...blankQuestion(), options: ["half", "", "", ""] };
    expect(addImportedQuestions([q("mine"), started, blankQuestion()], [q("new")])).toEqual({
      ok: true,
      questions: [q("mine"), started, q("new")],
    });
  });

  it("counts a question with only a clue, or only a changed answer, as touched or not as it should", () => {
    expect(isUntouched({ ...blankQuestion(), clue: "hint" })).toBe(false);
    expect(isUntouched({ ...blankQuestion(), correctAnswer: 2 })).toBe(true);
    expect(isUntouched({ ...blankQuestion(), questionText: "  " })).toBe(true);
    // A field added by a later feature (a picture) keeps a question that holds one.
    expect(isUntouched({ ...blankQuestion(), picture: { alt: "A fox" } } as Question)).toBe(false);
    expect(isUntouched({ ...blankQuestion(), picture: null } as unknown as Question)).toBe(true);
  });

  it("refuses to pass the game's question limit, saying how many there are, and changes nothing", () => {
    const existing = Array.from({ length: 95 }, (_, i) => q(String(i)));
    const incoming = Array.from({ length: 6 }, (_, i) => q(`new ${i}`));
    expect(addImportedQuestions(existing, incoming)).toEqual({ ok: false, message: tooManyForGame(95, 6) });
    expect(inEnglish(tooManyForGame(95, 6))).toBe(
      `A game can have at most ${GAME_LIMITS.maxQuestions} questions. The editor has 95 questions and the file 6: remove some rows or questions first.`,
    );
    expect(addImportedQuestions(existing, incoming.slice(0, 5))).toMatchObject({ ok: true });
    // Irish counts take the noun's number form: 7 gceist, 3 cheist, 95 ceist.
    expect(translate("ga", tooManyForGame(95, 6))).toBe(
      `Ní féidir níos mó ná ${GAME_LIMITS.maxQuestions} ceist a bheith i gcluiche. Tá 95 ceist san eagarthóir agus 6 sa chomhad: bain roinnt rónna nó ceisteanna ar dtús.`,
    );
    expect(translate("ga", tooManyForGame(7, 94))).toContain("Tá 7 gceist san eagarthóir");
    expect(translate("ga", tooManyForGame(3, 98))).toContain("Tá 3 cheist san eagarthóir");
  });
});
