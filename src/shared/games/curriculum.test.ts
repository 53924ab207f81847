import { describe, expect, it } from "vitest";
import {
  matchingTopics,
  TOPICS,
  TOPICS_BY_LANGUAGE,
  TOPICS_GA,
  topicSourceForLevel,
  topicsFor,
} from "../ai/topics.web.ts";
import { CLASS_LEVELS, GROUP_IDENTIFIERS, GROUPS, SUBJECT_GROUPS, SUBJECTS } from "./curriculum.ts";

describe("catalogue", () => {
  it("lists the subject groups and subjects of the spec, in order", () => {
    expect(SUBJECT_GROUPS.map((g) => g.label)).toEqual([
      "Core",
      "STEM and Arts",
      "Wellbeing",
      "Religious Education",
      "Modern Foreign Languages",
      "Other",
    ]);
    expect(SUBJECTS).toEqual([
      "English",
      "Irish",
      "Mathematics",
      "Science",
      "Geography",
      "History",
      "Visual Arts",
      "Music",
      "Drama",
      "Physical Education",
      "SPHE",
      "Religious Education",
      "Modern Foreign Languages",
      "Other",
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
      "Junior Infants",
      "Senior Infants",
      "1st Class",
      "2nd Class",
      "3rd Class",
      "4th Class",
      "5th Class",
      "6th Class",
      "Learning Support",
      "Other/Mixed",
    ]);
  });

  it("takes topics from the Juniors list up to 2nd Class, Learning Support and Other/Mixed; Seniors otherwise", () => {
    for (const level of [
      "Junior Infants",
      "Senior Infants",
      "1st Class",
      "2nd Class",
      "Learning Support",
      "Other/Mixed",
    ]) {
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
    expect(matchingTopics(topics, "AND")).toEqual([
      "Fractions, decimals and percentages",
      "Multiplication and division",
      "Area and perimeter",
      "Angles and 3D shapes",
      "Data and chance",
      "Place value and rounding",
    ]);
    expect(matchingTopics(topics, "angle")).toEqual(["Angles and 3D shapes"]);
    expect(matchingTopics(topics, "zzz")).toEqual([]);
  });

  describe("topics in Irish (issue 17)", () => {
    const irishSubject = (subject: string) => subject === "Irish";

    it("suggests, for every subject and level, as many Irish topics as English ones, none empty and all distinct", () => {
      for (const subject of SUBJECTS) {
        for (const level of CLASS_LEVELS) {
          const english = topicsFor(subject, level, "en");
          const irish = topicsFor(subject, level, "ga");
          expect(irish, `${subject}, ${level}`).toHaveLength(english.length);
          expect(english.length, `${subject}, ${level}`).toBeGreaterThan(0);
          expect(
            irish.every((t) => t.trim() !== "" && t === t.trim()),
            `${subject}, ${level}`,
          ).toBe(true);
          expect(new Set(irish).size, `${subject}, ${level}`).toBe(irish.length);
        }
      }
      expect(TOPICS_BY_LANGUAGE).toEqual({ en: TOPICS, ga: TOPICS_GA });
    });

    it("translates every topic except the subject Irish's, which are Irish in both languages", () => {
      for (const subject of SUBJECTS) {
        for (const list of ["juniors", "seniors"] as const) {
          const english = TOPICS[subject][list];
          const irish = TOPICS_GA[subject][list];
          if (irishSubject(subject)) expect(irish, subject).toEqual(english);
          else
            expect(
              irish.filter((t) => english.includes(t)),
              `${subject} ${list}`,
            ).toEqual([]);
        }
      }
      expect(topicsFor("Irish", "1st Class", "en")).toContain("Mé féin");
      expect(topicsFor("Science", "5th Class", "ga")).toContain("An corp daonna");
    });

    it("writes them in Irish: no common English word, and no common Irish word without its fada", () => {
      const all = SUBJECTS.flatMap((s) => [...TOPICS_GA[s].juniors, ...TOPICS_GA[s].seniors]);
      // Whole words only: letters with fadas count as letters ("féin" does not end in "in").
      expect(all.filter((t) => /(?<!\p{L})(the|my|and|of|our|to|with)(?!\p{L})/iu.test(t))).toEqual([]);
      const withoutFada =
        /(?<!\p{L})(fein|eire|eireann|heireann|eirinn|ait|aiteanna|scealta|cluichi|sabhailteacht|traidisiunta|ealain|ceolta|slainte|slaintiuil)(?!\p{L})/iu;
      expect(all.filter((t) => withoutFada.test(t))).toEqual([]);
      expect(withoutFada.test("Scealta fado"), "the check can fail").toBe(true);
    });

    it("keeps the order of the English lists, so the example and the first five are the same topics", () => {
      expect(topicsFor("Mathematics", "Junior Infants", "ga").slice(0, 3)).toEqual([
        "Comhaireamh go 20",
        "Cruthanna déthoiseacha",
        "Comparáid agus ordú",
      ]);
      expect(topicsFor("Mathematics", "6th Class", "ga")[1]).toBe("Iolrú agus roinnt");
    });

    it("matches what the teacher types against the Irish topics, case and fadas aside", () => {
      const seniors = topicsFor("Geography", "6th Class", "ga");
      expect(matchingTopics(seniors, "", "ga")).toEqual(seniors.slice(0, 5));
      expect(matchingTopics(seniors, "ÉIREANN", "ga")).toEqual([
        "Contaetha agus cúigí na hÉireann",
        "Aibhneacha agus sléibhte na hÉireann",
      ]);
      // Typed without fadas (a keyboard without them), it still finds the topic.
      expect(matchingTopics(seniors, "eireann", "ga")).toEqual([
        "Contaetha agus cúigí na hÉireann",
        "Aibhneacha agus sléibhte na hÉireann",
      ]);
      expect(matchingTopics(seniors, "cuigi", "ga")).toEqual(["Contaetha agus cúigí na hÉireann"]);
      expect(matchingTopics(topicsFor("Science", "1st Class", "ga"), "abhair", "ga")).toEqual([
        "Ábhair: ag snámh agus ag dul faoi",
      ]);
      expect(matchingTopics(seniors, "Bolcá", "ga")).toEqual(["Bolcáin agus creathanna talún"]);
      // A prefix, with fadas typed where the topic has them, or not.
      expect(matchingTopics(["Eolaíocht", "Eolas ginearálta", "Ealaín"], "eolai", "ga")).toEqual(["Eolaíocht"]);
      expect(matchingTopics(["Eolaíocht", "Eolas ginearálta", "Ealaín"], "EOLAÍ", "ga")).toEqual(["Eolaíocht"]);
      expect(matchingTopics(["Eolaíocht"], "eolaiocht", "ga")).toEqual(["Eolaíocht"]);
      expect(matchingTopics(seniors, "zzz", "ga")).toEqual([]);
    });

    it("finds the subject Irish's topics typed without fadas on an English page too", () => {
      expect(matchingTopics(topicsFor("Irish", "Senior Infants", "en"), "fein")).toEqual(["Mé féin"]);
      expect(matchingTopics(topicsFor("Irish", "Senior Infants", "en"), "OCAIDI")).toEqual(["Ócáidí speisialta"]);
    });
  });

  it("gives each of the six groups a colour, a shape symbol and a name", () => {
    expect(GROUP_IDENTIFIERS).toEqual([
      "yellow-square",
      "red-circle",
      "blue-triangle",
      "green-rectangle",
      "purple-oval",
      "orange-octagon",
    ]);
    expect(GROUP_IDENTIFIERS.map((g) => GROUPS[g].displayName)).toEqual([
      "Yellow Square",
      "Red Circle",
      "Blue Triangle",
      "Green Rectangle",
      "Purple Oval",
      "Orange Octagon",
    ]);
    expect(new Set(GROUP_IDENTIFIERS.map((g) => GROUPS[g].symbol)).size).toBe(6);
  });
});
