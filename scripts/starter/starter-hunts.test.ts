/**
 * The shipped starter set (docs/STARTER-HUNTS.md): every file imports as the server reads it and
 * keeps the set's rules (rules.ts), every Mathematics answer is worked out again from its
 * question (check.ts) and is the file's right option, and every picture is already as the
 * server keeps it. `npm run starter:check` prints the same with the pictures' sizes.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cleanWebp } from "../../src/server/images/webp.ts";
import { mathsLevels } from "./build-maths.ts";
import { mathsProblems } from "./check.ts";
import { isLevel, LEVELS, STARTER_DIR } from "./hunt-file.ts";
import { gaCount, numberOptions } from "./maths/builders.ts";
import { checkStarterSet, clueGivesAway, starterFiles } from "./rules.ts";

describe("the starter set", () => {
  it("has every file importable and within the set's rules, each with its pair", async () => {
    const checked = await checkStarterSet();
    expect(checked.length).toBeGreaterThan(0);
    const problems = checked.flatMap((c) => c.problems.map((p) => `${c.file.slice(STARTER_DIR.length + 1)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("has the three hunts of each level it ships in both languages", () => {
    const files = starterFiles().map((f) => f.slice(STARTER_DIR.length + 1));
    const levels = [...new Set(files.map((f) => f.split("/")[0]!))].filter(isLevel);
    for (const level of levels)
      for (const subject of ["maths", "language", "sese"])
        for (const lang of ["en", "ga"]) expect(files).toContain(`${level}/${subject}.${lang}.cluehunt.json`);
  });

  it("works every Mathematics answer out again and finds it as the right option of both files", async () => {
    const levels = mathsLevels();
    expect(levels).toEqual(expect.arrayContaining(["junior-infants", "senior-infants", "1st-class"]));
    for (const level of levels) expect(await mathsProblems(level)).toEqual([]);
  });

  it("keeps its pictures as the server keeps them: still WebP, no metadata, no colour profile", () => {
    for (const file of starterFiles()) {
      const images = (JSON.parse(fs.readFileSync(file, "utf8")) as { game: { images?: string[] } }).game.images ?? [];
      for (const base64 of images) {
        const bytes = new Uint8Array(Buffer.from(base64, "base64"));
        const cleaned = cleanWebp(bytes);
        expect(cleaned.ok).toBe(true);
        if (cleaned.ok) expect(Buffer.from(cleaned.bytes).equals(Buffer.from(bytes))).toBe(true);
      }
    }
  });
});

describe("a clue that gives the answer away", () => {
  const q = (questionText: string, options: string[], correctAnswer: number, clue: string) => ({
    questionText,
    options,
    correctAnswer,
    clue,
  });

  it("is one that says the right option, whatever its case and fadas", () => {
    expect(clueGivesAway(q("Cén dath?", ["buí", "dearg", "gorm", "glas"], 0, "Tá sé BUI."), "ga")).toMatch(/says/);
    expect(
      clueGivesAway(q("Which?", ["in autumn", "in spring", "in summer", "in winter"], 0, "Autumn leaves."), "en"),
    ).toMatch(/autumn/);
  });

  it("is one that says the answer's number as a digit or a word", () => {
    expect(clueGivesAway(q("How many?", ["2", "3", "4", "5"], 1, "It is 3."), "en")).toMatch(/answer/);
    expect(clueGivesAway(q("How many?", ["2", "3", "4", "5"], 1, "Count to three."), "en")).toMatch(/word/);
    expect(clueGivesAway(q("Cé mhéad?", ["2", "3", "4", "5"], 1, "Comhair go dtí a trí."), "ga")).toMatch(/word/);
  });

  it("is not one that says what the question or every option already says", () => {
    expect(
      clueGivesAway(
        q(
          "What time is it?",
          ["4 o'clock", "half past 4", "half past 5", "6 o'clock"],
          1,
          "Half past means the long hand is on 6.",
        ),
        "en",
      ),
    ).toBeNull();
    expect(
      clueGivesAway(
        q("Which one rhymes with 'cat'?", ["cup", "hat", "dog", "sun"], 1, "Say cat, then each word."),
        "en",
      ),
    ).toBeNull();
    expect(clueGivesAway(q("How many?", ["1", "2", "3", "4"], 0, "Which one is it? Count them."), "en")).toBeNull();
    expect(clueGivesAway(q("Cé mhéad?", ["5", "6", "7", "8"], 1, "Tá sé cruinn."), "ga")).toBeNull();
  });
});

describe("the Mathematics builders", () => {
  it("write an Irish count as it is said: lenited after 2–6, eclipsed after 7–10", () => {
    expect(gaCount(1, "ponc")).toBe("1 ponc");
    expect(gaCount(3, "ponc")).toBe("3 phonc");
    expect(gaCount(8, "ponc")).toBe("8 bponc");
    expect(gaCount(7, "úll")).toBe("7 n-úll");
    expect(gaCount(4, "réalta")).toBe("4 réalta");
    expect(gaCount(5, "sicín")).toBe("5 shicín");
    expect(gaCount(12, "ponc")).toBe("12 ponc");
  });

  it("refuse options that are not four different whole numbers", () => {
    expect(() => numberOptions(3, [2, 3, 4])).toThrow(/differ/);
    expect(() => numberOptions(3, [2, 4])).toThrow(/Four/);
    expect(numberOptions(3, [5, 1, 4])).toEqual([1, 3, 4, 5]);
  });

  it("know every level's names and limits", () => {
    for (const info of Object.values(LEVELS)) expect(info.questionWords).toBeGreaterThan(0);
  });
});
