import { describe, expect, it } from "vitest";
import { answerText, givenAnswer, rightAnswer } from "../games/shown-answers.ts";
import { inEnglish, translate } from "../i18n/translator.ts";
import { clueWasShown } from "../play/progress-rules.ts";
import type { SessionDetail } from "../sessions/session-responses.ts";
import { csvCell, toCsv } from "../spreadsheets/csv.server.ts";
import type { FirstAnswers } from "./first-answers.ts";
import {
  averageScore,
  foldWrongAnswers,
  formatDuration,
  foundAfter,
  gameResults,
  hardestFirst,
  questionSummaries,
  type ResultAnswer,
  type ResultQuestion,
  type StudentResult,
  sessionDuration,
  studentStatus,
  studentSummary,
  timeTaken,
} from "./results.ts";

/** A four-option question's kind fields. */
const CHOICE = {
  kind: "choice" as const,
  correctAnswers: null,
  fadasCount: false,
  commonWrongAnswers: null,
  firstAnswers: [] as FirstAnswers[],
  optionNotes: null,
};

const answer = (
  questionIndex: number,
  isCorrect: boolean,
  wasEverIncorrect: boolean,
  attempts: number,
): ResultAnswer => ({
  questionIndex,
  selectedOption: 0,
  isCorrect,
  wasEverIncorrect,
  attempts,
  clueShown: false,
});
const student = (answers: ResultAnswer[], extra: Partial<StudentResult> = {}): StudentResult => ({
  progressId: "p",
  studentName: "S",
  groupIdentifier: "red-circle",
  gameId: "g",
  completedQuestionsCount: answers.filter((a) => a.isCorrect).length,
  firstAttemptCorrectCount: 0,
  helpRequested: false,
  startedAt: "2026-11-21T10:00:00Z",
  completedAt: null,
  answers,
  finds: [],
  tablet: null,
  ...extra,
});

describe("durations", () => {
  it.each([
    [0, "0 seconds"],
    [-5000, "0 seconds"],
    [999, "0 seconds"],
    [1000, "1 second"],
    [45_000, "45 seconds"],
    [60_000, "1 minute 0 seconds"],
    [3 * 60_000 + 20_000, "3 minutes 20 seconds"],
    [3600_000 + 5_000, "1 hour 0 minutes 5 seconds"],
    [2 * 3600_000 + 61_000, "2 hours 1 minute 1 second"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatDuration(ms, inEnglish)).toBe(text);
  });
  it("says 0 seconds for nothing", () => {
    expect(formatDuration(null, inEnglish)).toBe("0 seconds");
    expect(formatDuration(NaN, inEnglish)).toBe("0 seconds");
  });
  it("measures a session to its end, or to now while it runs", () => {
    expect(sessionDuration({ startTime: "2026-11-21T10:00:00Z", endTime: "2026-11-21T10:25:30Z" }, inEnglish)).toBe(
      "25 minutes 30 seconds",
    );
    expect(
      sessionDuration(
        { startTime: "2026-11-21T10:00:00Z", endTime: null },
        inEnglish,
        Date.parse("2026-11-21T10:00:09Z"),
      ),
    ).toBe("9 seconds");
  });
});

describe("a student's row", () => {
  it("is Completed when completedAt is set, else In Progress", () => {
    expect(inEnglish(studentStatus({ completedAt: "2026-11-21T10:05:00Z" }))).toBe("Completed");
    expect(inEnglish(studentStatus({ completedAt: null }))).toBe("In Progress");
  });
  it("takes the duration if completed, 'In Progress' if started, else 'Not Started'", () => {
    expect(timeTaken({ startedAt: "2026-11-21T10:00:00Z", completedAt: "2026-11-21T10:04:05Z" }, inEnglish)).toBe(
      "4 minutes 5 seconds",
    );
    expect(timeTaken({ startedAt: "2026-11-21T10:00:00Z", completedAt: null }, inEnglish)).toBe("In Progress");
    expect(timeTaken({ startedAt: null, completedAt: null }, inEnglish)).toBe("Not Started");
  });
});

describe("average score", () => {
  it("is the mean of correct counts, to one decimal", () => {
    expect(
      averageScore([{ completedQuestionsCount: 3 }, { completedQuestionsCount: 1 }, { completedQuestionsCount: 1 }]),
    ).toBe("1.7");
    expect(averageScore([{ completedQuestionsCount: 2 }, { completedQuestionsCount: 2 }])).toBe("2.0");
    expect(
      averageScore([
        { completedQuestionsCount: 1 },
        { completedQuestionsCount: 2 },
        { completedQuestionsCount: 2 },
        { completedQuestionsCount: 2 },
      ]),
    ).toBe("1.8");
    expect(averageScore([])).toBe("0.0");
  });
});

describe("per-student grid summary", () => {
  it("counts each outcome and lists one per question", () => {
    const s = student([answer(0, true, false, 1), answer(1, true, true, 3), answer(2, false, true, 2)]);
    expect(studentSummary(s, 4)).toEqual({
      correctFirst: 1,
      correctEventually: 1,
      incorrect: 1,
      notAttempted: 1,
      outcomes: ["correct_first", "correct_eventual", "incorrect", "unanswered"],
    });
  });
});

describe("per-question summary", () => {
  // Q1 and Q3 have clues; Q2 and Q4 have none.
  const questions = [0, 1, 2, 3].map((index) => ({
    gameId: "g",
    index,
    questionText: `Q${index + 1}`,
    options: ["a", "b", "c", "d"],
    correctAnswer: 0,
    ...CHOICE,
    clue: index % 2 === 0 ? `Hint ${index + 1}` : null,
    picture: null,
    optionPictures: null,
    recordingId: null,
    clueRecordingId: null,
    optionRecordingIds: null,
    station: null,
  }));
  const class3 = [
    student([answer(0, true, false, 1), answer(1, true, true, 2), answer(2, false, true, 4)]),
    student([answer(0, true, false, 1), answer(1, true, false, 1)]),
    student([answer(0, true, true, 3)]),
  ];
  it("counts first try, eventually, still wrong, not attempted and average attempts", () => {
    expect(questionSummaries(questions, class3)).toEqual([
      {
        index: 0,
        questionText: "Q1",
        firstTry: 2,
        eventually: 1,
        stillWrong: 0,
        notAttempted: 0,
        averageAttempts: 1.7,
        clueShown: 1,
        found: 0,
      },
      {
        index: 1,
        questionText: "Q2",
        firstTry: 1,
        eventually: 1,
        stillWrong: 0,
        notAttempted: 1,
        averageAttempts: 1.5,
        clueShown: 0,
        found: 0,
      },
      {
        index: 2,
        questionText: "Q3",
        firstTry: 0,
        eventually: 0,
        stillWrong: 1,
        notAttempted: 2,
        averageAttempts: 4,
        clueShown: 1,
        found: 0,
      },
      {
        index: 3,
        questionText: "Q4",
        firstTry: 0,
        eventually: 0,
        stillWrong: 0,
        notAttempted: 3,
        averageAttempts: null,
        clueShown: 0,
        found: 0,
      },
    ]);
  });
  it("around the room, counts who found each station, and a station not found is not attempted", () => {
    const found = (questionIndex: number, seconds: number) => ({
      questionIndex,
      foundAt: new Date(Date.parse("2026-11-21T10:00:00Z") + seconds * 1000).toISOString(),
    });
    const hunters = [
      student([answer(1, true, false, 1)], { finds: [found(1, 30), found(2, 95)] }),
      student([], { finds: [found(2, 40)] }),
      student([]),
    ];
    const summaries = questionSummaries(questions, hunters);
    expect(summaries.map((q) => [q.found, q.notAttempted])).toEqual([
      [0, 3],
      [1, 2],
      [2, 3],
      [0, 3],
    ]);
    expect(foundAfter(hunters[0]!, 2, inEnglish)).toBe("1 minute 35 seconds");
    expect(foundAfter(hunters[0]!, 0, inEnglish)).toBeNull();
  });
  it("counts a clue as shown when the question has one and the pupil's answer was ever wrong", () => {
    const withClue = { clue: "Look at the picture." };
    expect(clueWasShown(withClue, { wasEverIncorrect: true })).toBe(true);
    expect(clueWasShown(withClue, { wasEverIncorrect: false })).toBe(false);
    expect(clueWasShown(withClue, undefined)).toBe(false);
    expect(clueWasShown({ clue: null }, { wasEverIncorrect: true })).toBe(false);
    expect(clueWasShown({ clue: "" }, { wasEverIncorrect: true })).toBe(false);
  });
  it("orders hardest first, unreached questions last", () => {
    expect(hardestFirst(questionSummaries(questions, class3)).map((q) => q.index)).toEqual([2, 1, 0, 3]);
  });
});

describe("results game by game (issue 30)", () => {
  const game = (id: string, questionCount: number) => ({ id, title: `Game ${id}`, questionCount });
  const question = (gameId: string, index: number) => ({
    gameId,
    index,
    questionText: `${gameId}${index + 1}`,
    options: ["a", "b", "c", "d"],
    correctAnswer: 0,
    ...CHOICE,
    clue: null,
    picture: null,
    optionPictures: null,
    recordingId: null,
    clueRecordingId: null,
    optionRecordingIds: null,
    station: null,
  });
  const session = (games: ReturnType<typeof game>[]) => ({ games }) as unknown as SessionDetail;
  const questions = [question("A", 0), question("A", 1), question("A", 2), question("B", 0), question("B", 1)];
  const aoife = student([answer(0, true, false, 1), answer(1, true, true, 2)], { studentName: "Aoife", gameId: "A" });
  const cian = student([answer(0, false, true, 2)], { studentName: "Cian", gameId: "B" });
  const dara = student([answer(0, true, false, 1), answer(1, true, false, 1)], { studentName: "Dara", gameId: "B" });

  it("splits the questions and pupils per game, in the order of the session's games", () => {
    const split = gameResults({
      session: session([game("B", 2), game("A", 3)]),
      questions,
      students: [aoife, cian, dara],
    });
    expect(
      split.map((g) => [g.game.id, g.questions.map((q) => q.questionText), g.students.map((s) => s.studentName)]),
    ).toEqual([
      ["B", ["B1", "B2"], ["Cian", "Dara"]],
      ["A", ["A1", "A2", "A3"], ["Aoife"]],
    ]);
  });

  it("gives each game's summaries from its own pupils only: per question, and the average out of its own count", () => {
    const [a, b] = gameResults({
      session: session([game("A", 3), game("B", 2)]),
      questions,
      students: [aoife, cian, dara],
    });
    expect(averageScore(a!.students)).toBe("2.0");
    expect(averageScore(b!.students)).toBe("1.0");
    expect(questionSummaries(b!.questions, b!.students).map((q) => [q.firstTry, q.stillWrong, q.notAttempted])).toEqual(
      [
        [1, 1, 0],
        [1, 0, 1],
      ],
    );
    // Aoife's answer to her game's question 1 is not counted for game B's question 1.
    expect(questionSummaries(a!.questions, a!.students).map((q) => [q.firstTry, q.eventually, q.notAttempted])).toEqual(
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    );
    expect(studentSummary(dara, b!.game.questionCount).notAttempted).toBe(0);
  });

  it("is one game holding everything for a session of one game", () => {
    const one = gameResults({ session: session([game("A", 3)]), questions: questions.slice(0, 3), students: [aoife] });
    expect(one).toHaveLength(1);
    expect(one[0]!.questions).toHaveLength(3);
    expect(one[0]!.students).toEqual([aoife]);
  });
});

describe("CSV", () => {
  it("starts with a byte-order mark, keeps fadas, and ends lines with CRLF", () => {
    const csv = toCsv([
      ["Name", "Group"],
      ["Siobhán Ó Súilleabháin", "Red Circle"],
    ]);
    expect(csv).toBe("\uFEFFName,Group\r\nSiobhán Ó Súilleabháin,Red Circle\r\n");
  });
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
  it.each(["=1+1", "+353", "-2", "@SUM(A1)", "\tx", '=HYPERLINK("http://evil")'])(
    "defuses the formula-like name %j",
    (name) => {
      expect(csvCell(name).replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );
  it("leaves numbers alone, negative ones included", () => {
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(3)).toBe("3");
  });
});

describe("durations in Irish (issue 17)", () => {
  const inIrish = (text: Parameters<typeof inEnglish>[0]) => translate("ga", text);
  it("take Irish counted nouns: 1, 2, 3–6, 7–10 and 11+ each their own form", () => {
    expect(formatDuration(1_000, inIrish)).toBe("1 soicind");
    expect(formatDuration(2_000, inIrish)).toBe("2 shoicind");
    expect(formatDuration(5_000, inIrish)).toBe("5 shoicind");
    expect(formatDuration(8_000, inIrish)).toBe("8 soicind");
    expect(formatDuration(3 * 3600_000 + 2 * 60_000 + 12_000, inIrish)).toBe("3 huaire 2 nóiméad 12 soicind");
    expect(formatDuration(7 * 3600_000, inIrish)).toBe("7 n-uaire 0 nóiméad 0 soicind");
    expect(timeTaken({ startedAt: null, completedAt: null }, inIrish)).toBe("Gan tosú");
  });
});

describe("a typed question's wrong answers", () => {
  it("folds the answers the marking cannot tell apart into one, shown as its most common spelling, most common first", () => {
    expect(
      foldWrongAnswers([
        { text: "Dog ", count: 1 },
        { text: "dgo", count: 4 },
        { text: "dog", count: 2 },
        { text: "dog.", count: 1 },
        { text: "  DGO!", count: 1 },
        { text: "7.0", count: 1 },
        { text: " 07", count: 2 },
        { text: "madra", count: 1 },
      ]),
    ).toEqual([
      { answer: "dgo", count: 5 },
      { answer: "dog", count: 4 },
      { answer: "07", count: 3 },
      { answer: "madra", count: 1 },
    ]);
  });

  it("keeps fadas apart (a wrong fada is its own answer), drops empty answers, and lists at most five", () => {
    expect(
      foldWrongAnswers([
        { text: "Sean", count: 1 },
        { text: "Seán", count: 1 },
        { text: " . ", count: 3 },
      ]),
    ).toEqual([
      { answer: "Sean", count: 1 },
      { answer: "Seán", count: 1 },
    ]);
    const many = ["a", "b", "c", "d", "e", "f", "g"].map((text, k) => ({ text, count: 10 - k }));
    expect(foldWrongAnswers(many).map((w) => w.answer)).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("an answer as the teacher reads it, by kind", () => {
  const question = (over: Partial<ResultQuestion>): ResultQuestion => ({
    gameId: "g",
    index: 0,
    questionText: "Q",
    options: ["Cat", "Dog", "Cow", "Hen"],
    correctAnswer: 1,
    ...CHOICE,
    clue: null,
    picture: null,
    optionPictures: null,
    recordingId: null,
    clueRecordingId: null,
    optionRecordingIds: null,
    station: null,
    ...over,
  });
  const text = (shown: ReturnType<typeof givenAnswer>, language: "en" | "ga" = "en") =>
    shown ? answerText(shown, (t) => translate(language, t)) : null;

  it("gives four options' chosen option, True or False in the reader's language, the typed text as typed", () => {
    expect(text(givenAnswer(question({}), { selectedOption: 2 }))).toBe("Cow");
    expect(text(rightAnswer(question({})))).toBe("Dog");
    const tf = question({ kind: "truefalse", options: [], correctAnswer: 1 });
    expect(text(givenAnswer(tf, { selectedOption: 0 }))).toBe("True");
    expect(text(givenAnswer(tf, { selectedOption: 0 }), "ga")).toBe("Fíor");
    expect(text(rightAnswer(tf), "ga")).toBe("Bréagach");
    const typed = question({ kind: "typed", options: ["dog", "hound"], correctAnswer: 0 });
    expect(givenAnswer(typed, { selectedOption: -1, typedAnswer: " dgo " })).toEqual({ kind: "typed", text: " dgo " });
    expect(text(rightAnswer(typed))).toBe("dog / hound");
    expect(givenAnswer(typed, { selectedOption: -1 })).toBeNull();
  });

  it("gives an order as its items with arrows, and choose all's options from their mask", () => {
    const order = question({ kind: "order", options: ["one", "two", "three"], correctAnswer: 0 });
    expect(text(givenAnswer(order, { selectedOption: -1, givenOrder: [1, 0, 2] }))).toBe("two → one → three");
    expect(text(rightAnswer(order))).toBe("one → two → three");
    // An order that does not fit the question's items (none stored, or a place past its end) is no answer.
    expect(givenAnswer(order, { selectedOption: -1, givenOrder: [0, 1, 5] })).toBeNull();
    expect(givenAnswer(order, { selectedOption: -1, givenOrder: null })).toBeNull();
    const multi = question({ kind: "multi", correctAnswer: 0, correctAnswers: [0, 3] });
    expect(text(givenAnswer(multi, { selectedOption: 0b0110 }))).toBe("Dog · Cow");
    expect(text(rightAnswer(multi))).toBe("Cat · Hen");
    // A game saved before kinds existed (no kind) is four options.
    const { kind: _kind, ...older } = question({});
    expect(text(givenAnswer(older, { selectedOption: 3 }))).toBe("Hen");
  });
});
