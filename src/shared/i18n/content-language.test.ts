import { describe, expect, it } from "vitest";
import { defaultPupilLanguage, gameLanguage } from "./content-language.ts";

describe("a game's language", () => {
  it("is the one chosen, whatever the subject", () => {
    expect(gameLanguage({ language: "ga", aiLastUsedSubject: "Mathematics" })).toBe("ga");
    expect(gameLanguage({ language: "en", aiLastUsedSubject: "Irish" })).toBe("en");
  });
  it("is Irish for an older game whose AI subject was Irish, else English", () => {
    expect(gameLanguage({ language: null, aiLastUsedSubject: "Irish" })).toBe("ga");
    expect(gameLanguage({ language: null, aiLastUsedSubject: "History" })).toBe("en");
    expect(gameLanguage({ language: null, aiLastUsedSubject: null })).toBe("en");
  });
});

describe("the pupils' language at Start Session", () => {
  it("is Irish for an Irish game, else the teacher's", () => {
    expect(defaultPupilLanguage("ga", "en")).toBe("ga");
    expect(defaultPupilLanguage("en", "ga")).toBe("ga");
    expect(defaultPupilLanguage("en", "en")).toBe("en");
  });
});
