import { describe, expect, it } from "vitest";
import { effectiveTitle, GAME_LIMITS, type TitleNames } from "../games/games.ts";
import { BASED_ON_LIMITS, GenerateQuestionsSchema } from "./ai-suggestions.ts";
import {
  basedOnTexts,
  titleWithoutLevel,
  type VersionSource,
  versionQuestionCount,
  versionRequest,
  versionTitleFields,
} from "./class-level-version.web.ts";

const english: TitleNames = (_kind, value) => value;
const irish: TitleNames = (kind, value) =>
  ({ "4th Class": "Rang a 4", "3rd Class": "Rang a 3", Mathematics: "Mata" })[value] ?? `${kind}:${value}`;

const game = (overrides: Partial<VersionSource> = {}): VersionSource => ({
  title: "Halves and quarters",
  language: "en",
  aiLastUsedSubject: null,
  aiLastUsedLevel: null,
  aiLastUsedTopic: null,
  questions: [{ questionText: "What is half of 8?" }, { questionText: "What is a quarter of 12?" }],
  ...overrides,
});

describe("the request for a version at another class level", () => {
  it("asks for the same number of questions, in the game's language, shown the game's questions", () => {
    const request = versionRequest(game({ language: "ga" }), "4th Class");
    expect(request).toEqual({
      subject: "Other",
      level: "4th Class",
      topic: "Halves and quarters",
      numQuestions: 2,
      language: "ga",
      basedOn: ["What is half of 8?", "What is a quarter of 12?"],
    });
    // The server takes it as it is.
    expect(GenerateQuestionsSchema.parse(request).numQuestions).toBe(2);
  });

  it("asks for a mix of the kinds of question when the game has any other than four options", () => {
    expect(versionRequest(game(), "4th Class")).not.toHaveProperty("kinds");
    const mixed = game({
      questions: [{ questionText: "What is half of 8?" }, { questionText: "Type half of 12.", kind: "typed" }],
    });
    const request = versionRequest(mixed, "4th Class");
    expect(request.kinds).toBe("mix");
    expect(GenerateQuestionsSchema.parse(request).kinds).toBe("mix");
  });

  it("uses the game's own subject and topic when it has them", () => {
    const request = versionRequest(
      game({ aiLastUsedSubject: "Mathematics", aiLastUsedLevel: "3rd Class", aiLastUsedTopic: "Fractions" }),
      "5th Class",
    );
    expect(request).toMatchObject({ subject: "Mathematics", level: "5th Class", topic: "Fractions" });
  });

  it("takes the topic from a version's title without its level, and from a question when there is no title", () => {
    expect(versionRequest(game({ title: "Halves (4th Class)" }), "5th Class").topic).toBe("Halves");
    expect(versionRequest(game({ title: "" }), "5th Class").topic).toBe("What is half of 8?");
  });

  it("sends at most what one generation writes, each question on one line, blank ones left out", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ questionText: `Question\n${i + 1}` }));
    const texts = basedOnTexts({ questions: [{ questionText: "  " }, ...many] });
    expect(texts).toHaveLength(BASED_ON_LIMITS.questions);
    expect(texts[0]).toBe("Question 1");
    expect(versionQuestionCount(20)).toBe(BASED_ON_LIMITS.questions);
    expect(versionQuestionCount(7)).toBe(7);
    const request = versionRequest(game({ questions: many }), "2nd Class");
    expect(request.numQuestions).toBe(BASED_ON_LIMITS.questions);
    expect(() => GenerateQuestionsSchema.parse(request)).not.toThrow();
  });

  it("keeps a long topic within the limit without cutting a character in two", () => {
    const title = `${"é".repeat(GAME_LIMITS.topic - 1)}😀😀`;
    const { topic } = versionRequest(game({ title }), "1st Class");
    expect(topic.length).toBeLessThanOrEqual(GAME_LIMITS.topic);
    expect(() => GenerateQuestionsSchema.parse(versionRequest(game({ title }), "1st Class"))).not.toThrow();
  });
});

describe("the new version's title", () => {
  it("is the title with the level after it, and no AI fields to add to it", () => {
    const fields = versionTitleFields(game(), "4th Class", english);
    expect(fields).toEqual({ customTitle: "Halves and quarters (4th Class)", subject: "", level: "", topic: "" });
    expect(effectiveTitle(fields)).toBe("Halves and quarters (4th Class)");
  });

  it("names the level as the teacher reads it", () => {
    expect(versionTitleFields(game(), "4th Class", irish).customTitle).toBe("Halves and quarters (Rang a 4)");
  });

  it("replaces the level of a version rather than adding a second one", () => {
    expect(versionTitleFields(game({ title: "Halves (3rd Class)" }), "4th Class", english).customTitle).toBe(
      "Halves (4th Class)",
    );
    expect(versionTitleFields(game({ title: "Halves (Rang a 3)" }), "4th Class", irish).customTitle).toBe(
      "Halves (Rang a 4)",
    );
    expect(titleWithoutLevel("(4th Class)")).toBe("(4th Class)");
  });

  it("makes a title of the game's AI fields again with the new level, keeping the fields", () => {
    const made = game({
      title: "Mathematics - 3rd Class - Fractions",
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Fractions",
    });
    const fields = versionTitleFields(made, "4th Class", english);
    expect(fields).toEqual({ customTitle: "", subject: "Mathematics", level: "4th Class", topic: "Fractions" });
    expect(effectiveTitle(fields)).toBe("Mathematics - 4th Class - Fractions");

    const withPart = versionTitleFields({ ...made, title: "Friday - Mata - Rang a 3 - Fractions" }, "4th Class", irish);
    expect(effectiveTitle(withPart, irish)).toBe("Friday - Mata - Rang a 4 - Fractions");
  });

  it("keeps a game's own title when its AI fields are not in it", () => {
    const imported = game({
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Halves",
    });
    expect(effectiveTitle(versionTitleFields(imported, "6th Class", english))).toBe("Halves and quarters (6th Class)");
  });

  it("stays within the title limit", () => {
    const long = game({ title: "x".repeat(GAME_LIMITS.title) });
    const { customTitle } = versionTitleFields(long, "Learning Support", english);
    expect(customTitle.length).toBeLessThanOrEqual(GAME_LIMITS.title);
    expect(customTitle.endsWith(" (Learning Support)")).toBe(true);
    expect(versionTitleFields(game({ title: "" }), "2nd Class", english).customTitle).toBe("2nd Class");
  });
});
