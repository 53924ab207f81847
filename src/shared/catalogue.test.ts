import { describe, expect, it } from "vitest";
import { CLASS_LEVELS, GROUP_IDENTIFIERS, GROUPS, matchingTopics, SUBJECT_GROUPS, SUBJECTS, TOPICS, topicSourceForLevel, topicsFor } from "./catalogue.ts";

describe("catalogue", () => {
  it("lists the subject groups and subjects of the spec, in order", () => {
    expect(SUBJECT_GROUPS.map((g) => g.label)).toEqual(["Core", "STEM and Arts", "Wellbeing", "Religious Education", "Modern Foreign Languages", "Other"]);
    expect(SUBJECTS).toEqual([
      "English", "Irish", "Mathematics", "Science", "Geography", "History", "Visual Arts", "Music", "Drama",
      "Physical Education", "SPHE", "Religious Education", "Modern Foreign Languages", "Other",
    ]);
  });

  it("has 6 Juniors and 6 Seniors topics per subject, and 3 each for Other, all distinct", () => {
    for (const subject of SUBJECTS) {
      const expected = subject === "Other" ? 3 : 6;
      expect(TOPICS[subject].juniors, subject).toHaveLength(expected);
      expect(TOPICS[subject].seniors, subject).toHaveLength(expected);
      expect(new Set(TOPICS[subject].juniors).size).toBe(expected);
      expect(new Set(TOPICS[subject].seniors).size).toBe(expected);
    }
  });

  it("writes the Irish topics in Irish", () => {
    expect(TOPICS.Irish.juniors).toContain("Mé féin");
    expect([...TOPICS.Irish.juniors, ...TOPICS.Irish.seniors].every((t) => !/\b(the|my|and)\b/i.test(t))).toBe(true);
  });

  it("has the class levels of the spec", () => {
    expect(CLASS_LEVELS).toEqual([
      "Junior Infants", "Senior Infants", "1st Class", "2nd Class", "3rd Class", "4th Class", "5th Class", "6th Class", "Learning Support", "Other/Mixed",
    ]);
  });

  it("takes topics from the Juniors list up to 2nd Class, Learning Support and Other/Mixed; Seniors otherwise", () => {
    for (const level of ["Junior Infants", "Senior Infants", "1st Class", "2nd Class", "Learning Support", "Other/Mixed"]) {
      expect(topicSourceForLevel(level), level).toBe("juniors");
    }
    for (const level of ["3rd Class", "4th Class", "5th Class", "6th Class", "Transition Year", ""]) {
      expect(topicSourceForLevel(level), level).toBe("seniors");
    }
    expect(topicsFor("Mathematics", "2nd Class")).toBe(TOPICS.Mathematics.juniors);
    expect(topicsFor("Mathematics", "5th Class")).toBe(TOPICS.Mathematics.seniors);
  });

  it("suggests nothing until both subject and level are chosen", () => {
    expect(topicsFor("", "1st Class")).toEqual([]);
    expect(topicsFor("Mathematics", "")).toEqual([]);
  });

  it("shows up to 5 suggestions for an empty field, and every substring match otherwise", () => {
    const topics = TOPICS.Mathematics.seniors;
    expect(matchingTopics(topics, "")).toEqual(topics.slice(0, 5));
    expect(matchingTopics(topics, "  ")).toHaveLength(5);
    expect(matchingTopics(topics, "AND")).toEqual(["Fractions, decimals and percentages", "Multiplication and division", "Area and perimeter", "Angles and 3D shapes", "Data and chance", "Place value and rounding"]);
    expect(matchingTopics(topics, "angle")).toEqual(["Angles and 3D shapes"]);
    expect(matchingTopics(topics, "zzz")).toEqual([]);
  });

  it("gives each of the six groups a colour, a shape symbol and a name", () => {
    expect(GROUP_IDENTIFIERS).toEqual(["yellow-square", "red-circle", "blue-triangle", "green-rectangle", "purple-oval", "orange-octagon"]);
    expect(GROUP_IDENTIFIERS.map((g) => GROUPS[g].displayName)).toEqual(["Yellow Square", "Red Circle", "Blue Triangle", "Green Rectangle", "Purple Oval", "Orange Octagon"]);
    expect(new Set(GROUP_IDENTIFIERS.map((g) => GROUPS[g].symbol)).size).toBe(6);
  });
});
