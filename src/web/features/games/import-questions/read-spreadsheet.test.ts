/**
 * The spreadsheet reader on real files: the committed examples and fixtures
 * (scripts/make-import-examples.ts writes them with a real .xlsx writer), read by the real
 * read-excel-file, as the browser does.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../../shared/i18n/translator.ts";
import { readMessages, readSpreadsheet } from "./read-spreadsheet.ts";

const load = async (path: string) => {
  const b = await readFile(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

describe("readSpreadsheet", () => {
  it("reads the documented example as .xlsx and as .csv to the same questions", async () => {
    const xlsx = await readSpreadsheet("cluehunt-questions.xlsx", await load("docs/examples/cluehunt-questions.xlsx"));
    const csv = await readSpreadsheet("cluehunt-questions.csv", await load("docs/examples/cluehunt-questions.csv"));
    if (!xlsx.ok || !csv.ok) throw new Error("the examples must read");
    expect(xlsx.problems).toEqual([]);
    expect(xlsx.questions).toHaveLength(5);
    expect(xlsx.questions[1]!.question).toEqual({ questionText: "Cé mhéad lá atá i seachtain?", options: ["Cúig", "Sé", "Seacht", "Ocht"], correctAnswer: 2, clue: "" });
    expect(csv).toEqual(xlsx);
  });

  it("reads Kahoot!'s template as teachers fill it in, refusing what Cluehunt cannot play", async () => {
    const result = await readSpreadsheet("Kahoot Quiz.XLSX", await load("tests/fixtures/import/kahoot-template.xlsx"));
    if (!result.ok) throw new Error(result.message);
    expect(result.layout).toBe("kahoot");
    expect(result.questions.map((q) => [q.row, q.question.questionText, q.question.correctAnswer])).toEqual([
      [8, "Which planet is closest to the Sun?", 1],
      [9, "How many legs has a spider?", 1],
      [13, "What colour is grass?", 0],
    ]);
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      'Row 10: it marks several answers correct (1,2,3); a Cluehunt question has one right answer. Keep one number in "Correct answer(s)".',
      "Row 11: it has only 2 answers; a Cluehunt question needs four options. Fill in all four answers.",
      'Row 12: the "Correct answer(s)" column is empty: write the number (1 to 4) of the right answer.',
    ]);
  });

  it("names every bad row of a real .xlsx by the row number the spreadsheet shows", async () => {
    const result = await readSpreadsheet("bad-rows.xlsx", await load("tests/fixtures/import/bad-rows.xlsx"));
    if (!result.ok) throw new Error(result.message);
    expect(result.questions.map((q) => q.row)).toEqual([2, 9]);
    expect(result.questions[1]!.question).toEqual({ questionText: "Another good one", options: ["1", "2", "3", "4"], correctAnswer: 3, clue: "Numbers are fine" });
    expect(result.problems.map((p) => inEnglish(p.message))).toEqual([
      "Row 3: the question is blank.",
      "Row 4: option B is blank.",
      'Row 5: the "Correct" column is empty: write A, B, C or D.',
      'Row 6: the "Correct" column says "E": write A, B, C or D.',
      "Row 8: the clue is 201 characters long; at most 200.",
    ]);
  });

  it("reads a CSV saved as Windows-1252 with its fadas", async () => {
    const bytes = Uint8Array.from([..."Question,Option A,Option B,Option C,Option D,Correct (A–D)\r\n".replace("–", "-")].map((c) => c.charCodeAt(0)).concat([0x43, 0xe9, 0x3f, 0x2c, 0xe1, 0x2c, 0x62, 0x2c, 0x63, 0x2c, 0x64, 0x2c, 0x41]));
    const result = await readSpreadsheet("old.csv", bytes.buffer);
    if (!result.ok) throw new Error(result.message);
    expect(result.questions[0]!.question.questionText).toBe("Cé?");
    expect(result.questions[0]!.question.options[0]).toBe("á");
  });

  it("refuses other file types, huge files and files that are not spreadsheets, saying what to do", async () => {
    expect(await readSpreadsheet("quiz.xls", new ArrayBuffer(10))).toEqual({ ok: false, message: readMessages.wrongType("quiz.xls") });
    expect(await readSpreadsheet("quiz.ods", new ArrayBuffer(10))).toEqual({ ok: false, message: readMessages.wrongType("quiz.ods") });
    expect(await readSpreadsheet("quiz.csv", new ArrayBuffer(5 * 1024 * 1024 + 1))).toEqual({ ok: false, message: readMessages.tooLarge });
    expect(await readSpreadsheet("notes.xlsx", new TextEncoder().encode("just text").buffer as ArrayBuffer)).toEqual({ ok: false, message: readMessages.unreadable("notes.xlsx") });
  });

  it("reads a 100-question .xlsx well within a second (the browser test times it in Chromium)", async () => {
    const data = await load("tests/fixtures/import/hundred-questions.xlsx");
    const started = performance.now();
    const result = await readSpreadsheet("hundred-questions.xlsx", data);
    const ms = performance.now() - started;
    console.info(`[import] 100-question .xlsx read in Node: ${ms.toFixed(0)} ms`);
    expect(result.ok && result.questions.length).toBe(100);
    expect(ms).toBeLessThan(1000);
  });
});
