import { describe, expect, it } from "vitest";
import { CLASS_LEVELS, SUBJECTS } from "./curriculum.ts";
import { customTitlePart, filterGames, noGameFilter, usedValues } from "./game-library.ts";
import { effectiveTitle } from "./games.ts";

const game = (title: string, aiLastUsedSubject: string | null = null, aiLastUsedLevel: string | null = null) => ({
  title,
  aiLastUsedSubject,
  aiLastUsedLevel,
});
const library = [
  game("Mathematics - 2nd Class - Addition", "Mathematics", "2nd Class"),
  game("Friday Quiz"),
  game("Gaeilge - 3rd Class - An Aimsir", "Irish", "3rd Class"),
  game("Fadás - Mathematics - 3rd Class - Fractions", "Mathematics", "3rd Class"),
];

describe("finding games", () => {
  it("shows every game with no filter", () => {
    expect(filterGames(library, noGameFilter)).toEqual(library);
  });

  it("matches every word typed in the title, ignoring case and fadas", () => {
    expect(filterGames(library, { ...noGameFilter, search: "friday" }).map((g) => g.title)).toEqual(["Friday Quiz"]);
    expect(filterGames(library, { ...noGameFilter, search: "  aimsir   gaeilge " }).map((g) => g.title)).toEqual([
      "Gaeilge - 3rd Class - An Aimsir",
    ]);
    expect(filterGames(library, { ...noGameFilter, search: "fadas" }).map((g) => g.title)).toEqual([
      "Fadás - Mathematics - 3rd Class - Fractions",
    ]);
    expect(filterGames(library, { ...noGameFilter, search: "science" })).toEqual([]);
  });

  it("filters by subject and class level together", () => {
    expect(filterGames(library, { ...noGameFilter, subject: "Mathematics" })).toHaveLength(2);
    expect(
      filterGames(library, { ...noGameFilter, subject: "Mathematics", level: "3rd Class" }).map((g) => g.title),
    ).toEqual(["Fadás - Mathematics - 3rd Class - Fractions"]);
    expect(filterGames(library, { search: "addition", subject: "Irish", level: "" })).toEqual([]);
  });

  it("offers only the subjects and levels the games use, in catalogue order", () => {
    expect(usedValues(library, { subjects: SUBJECTS, levels: CLASS_LEVELS })).toEqual({
      subjects: ["Irish", "Mathematics"],
      levels: ["2nd Class", "3rd Class"],
    });
  });
});

describe("the editor's Game Title for a stored game", () => {
  const parts = { subject: "Mathematics", level: "3rd Class", topic: "Fractions" };
  it("is what the teacher typed before the automatic title, so saving unchanged keeps the title", () => {
    for (const custom of ["", "Fadás", "Week 3 - revision"]) {
      const title = effectiveTitle({ ...parts, customTitle: custom });
      expect(customTitlePart(title, parts)).toBe(custom);
      expect(effectiveTitle({ ...parts, customTitle: customTitlePart(title, parts) })).toBe(title);
    }
  });

  it("finds the automatic title in either language it may have been made in", () => {
    const irish = (kind: "subject" | "level", value: string) =>
      (
        ({ subject: { Mathematics: "Mata" }, level: { "3rd Class": "Rang a 3" } }) as Record<
          string,
          Record<string, string>
        >
      )[kind]![value] ?? value;
    const english = (_kind: "subject" | "level", value: string) => value;
    expect(customTitlePart("Seachtain 3 - Mata - Rang a 3 - Fractions", parts, irish, english)).toBe("Seachtain 3");
    expect(customTitlePart("Week 3 - Mathematics - 3rd Class - Fractions", parts, irish, english)).toBe("Week 3");
    expect(customTitlePart("Mata - Rang a 3 - Fractions", parts, irish, english)).toBe("");
  });

  it("is the whole title when there are no AI fields, or the title was not made from them", () => {
    expect(customTitlePart("Friday Quiz", {})).toBe("Friday Quiz");
    expect(customTitlePart("Friday Quiz", parts)).toBe("Friday Quiz");
  });
});
