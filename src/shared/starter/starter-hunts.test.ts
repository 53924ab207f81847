import { describe, expect, it } from "vitest";
import { filterStarterHunts, STARTER_LEVELS, starterFilterShown } from "./starter-hunts.ts";

const hunts = [
  { id: "a", classLevel: "3rd Class", subject: "Mathematics", language: "en" as const },
  { id: "b", classLevel: "3rd Class", subject: "Mathematics", language: "ga" as const },
  { id: "c", classLevel: "Junior Infants", subject: "Science", language: "en" as const },
];
const ids = (filter: Parameters<typeof filterStarterHunts>[1]) => filterStarterHunts(hunts, filter).map((h) => h.id);

describe("starter hunts", () => {
  it("are for Junior Infants to 6th Class", () => {
    expect(STARTER_LEVELS).toEqual([
      "Junior Infants",
      "Senior Infants",
      "1st Class",
      "2nd Class",
      "3rd Class",
      "4th Class",
      "5th Class",
      "6th Class",
    ]);
  });

  it("are filtered by class level, subject and language, absent or empty meaning any", () => {
    expect(ids({})).toEqual(["a", "b", "c"]);
    expect(ids({ level: "3rd Class", language: "ga" })).toEqual(["b"]);
    expect(ids({ level: "", subject: "Science", language: "" })).toEqual(["c"]);
    expect(ids({ subject: "History" })).toEqual([]);
  });

  it("show at first the teacher's interface language and her saved class's level, until she chooses", () => {
    expect(starterFilterShown({}, { language: "ga", classLevel: "5th Class" })).toEqual({
      level: "5th Class",
      subject: "",
      language: "ga",
    });
    // A saved class of a level no starter hunt is for, or none: every level.
    expect(starterFilterShown({}, { language: "en", classLevel: "Learning Support" }).level).toBe("");
    expect(starterFilterShown({}, { language: "en", classLevel: null }).level).toBe("");
    // What she chose stays, "any" included.
    expect(
      starterFilterShown(
        { level: "", language: "", subject: "Mathematics" },
        { language: "ga", classLevel: "5th Class" },
      ),
    ).toEqual({ level: "", subject: "Mathematics", language: "" });
  });
});
