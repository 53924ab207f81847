/**
 * The shipped starter set (docs/STARTER-HUNTS.md): every file imports as the server reads it and
 * keeps the set's rules (rules.ts), every Mathematics answer is worked out again from its
 * question (check.ts) and is the file's right option, and every picture is already as the
 * server keeps it. `npm run starter:check` prints the same with the pictures' sizes.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cleanWebp } from "../../src/server/images/webp.ts";
import { type MathsOption, type MathsQuestion, mathsLevels } from "./build-maths.ts";
import { checkProblem, evaluate, mathsProblems, optionNumber } from "./check.ts";
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

  it("ships all 48 files: three hunts of every level, Junior Infants to 6th Class, in both languages", () => {
    expect(starterFiles()).toHaveLength(Object.keys(LEVELS).length * 3 * 2);
  });

  it("works every Mathematics answer of every level out again and finds it as the right option of both files", async () => {
    const levels = mathsLevels();
    expect(levels).toEqual(Object.keys(LEVELS));
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

describe("working a Mathematics answer out again", () => {
  const question = (check: MathsQuestion["check"], options: MathsOption[], answer: MathsOption): MathsQuestion => ({
    en: "?",
    ga: "?",
    options,
    answer,
    clue: { en: "", ga: "" },
    hidingPlace: { en: "", ga: "" },
    check,
  });

  it("evaluates + − × ÷ and brackets in their order, without eval", () => {
    expect(evaluate("2 * (6 + 4)")).toBe(20);
    expect(evaluate("3 / 4 * 20")).toBe(15);
    expect(evaluate("(19 - 4) / 3")).toBe(5);
    expect(evaluate("10 − 2 × 3")).toBe(4);
    expect(() => evaluate("2 + process.exit()")).toThrow();
  });

  it("reads an option's number with its unit, euro, percent or degrees", () => {
    expect(optionNumber("€5.25")).toBe(5.25);
    expect(optionNumber("3,700")).toBe(3700);
    expect(optionNumber("2/4")).toBe(0.5);
    expect(optionNumber("−3 °C")).toBe(-3);
    expect(optionNumber("36 cm²")).toBe(36);
    expect(optionNumber("half past 4")).toBeNull();
  });

  it("finds a wrong answer of each older class's kind", () => {
    expect(checkProblem(question({ arithmetic: "25 / 100 * 80" }, [25, 20, 40, 55], 20))).toBeNull();
    expect(checkProblem(question({ arithmetic: "25 / 100 * 80" }, [25, 20, 40, 55], 25))).toMatch(/gives 20/);
    expect(
      checkProblem(question({ round: { n: 3672, to: 100 } }, ["3,600", "3,700", "3,670", "4,000"], "3,600")),
    ).toMatch(/3,700/);
    expect(
      checkProblem(
        question({ time: { from: "2:15", minutes: 45, clock: 12 } }, ["3:00", "2:60", "3:15", "2:45"], "3:00"),
      ),
    ).toBeNull();
    expect(checkProblem(question({ minutesBetween: ["09:50", "11:15"] }, [85, 165, 125, 75], 125))).toMatch(/85/);
    expect(checkProblem(question({ prime: [21, 27, 29, 33] }, [21, 27, 29, 33], 21))).toMatch(/29/);
    expect(
      checkProblem(question({ largestValue: ["0.6", "5/8", "58%", "0.06"] }, ["0.6", "5/8", "58%", "0.06"], "5/8")),
    ).toBeNull();
    // The computed value must be one option only.
    expect(checkProblem(question({ arithmetic: "2 * 2" }, [4, "4", 5, 6], 4))).toMatch(/2 of the options/);
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
