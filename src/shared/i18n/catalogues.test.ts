/**
 * The catalogues' bars: no key missing in either language, every message valid
 * ICU, the same placeholders in both, Irish plural forms complete, keys sorted (merges stay clean).
 */
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { partOfKey } from "./catalogue-parts.ts";
import { compileCatalogue } from "./compile-catalogue.ts";
import en from "./locales/en.json" with { type: "json" };
import ga from "./locales/ga.json" with { type: "json" };

const catalogues = { en: en as Record<string, string>, ga: ga as Record<string, string> };

/** The names a message takes, and for each plural, the forms it gives. */
function placeholders(compiled: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of compiled) {
    if (typeof token === "string") continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === "object" && !Array.isArray(format)) {
      for (const [choice, sub] of Object.entries(format))
        if (choice !== "offset" && Array.isArray(sub)) placeholders(sub as CompiledMessage, into);
    }
  }
  return into;
}

function pluralForms(compiled: CompiledMessage): string[][] {
  const found: string[][] = [];
  for (const token of compiled) {
    if (typeof token === "string") continue;
    const [, type, format] = token;
    if (type === "plural" && format && typeof format === "object")
      found.push(Object.keys(format).filter((k) => k !== "offset"));
  }
  return found;
}

describe("the catalogues", () => {
  it("have the same keys in English and Irish", () => {
    expect(Object.keys(catalogues.ga).filter((k) => !(k in catalogues.en))).toEqual([]);
    expect(Object.keys(catalogues.en).filter((k) => !(k in catalogues.ga))).toEqual([]);
  });

  it("keep their keys sorted, so two branches adding keys merge cleanly", () => {
    for (const catalogue of Object.values(catalogues))
      expect(Object.keys(catalogue)).toEqual(Object.keys(catalogue).sort());
  });

  it("hold valid ICU messages with the same placeholders in both languages", () => {
    for (const key of Object.keys(catalogues.en)) {
      const english = compileMessageOrThrow(catalogues.en[key]!);
      const irish = compileMessageOrThrow(catalogues.ga[key] ?? "");
      expect([...placeholders(irish)].sort(), key).toEqual([...placeholders(english)].sort());
    }
  });

  it("give Irish plurals every form Irish has (one, two, few, many, other)", () => {
    const irishForms = new Intl.PluralRules("ga-IE").resolvedOptions().pluralCategories;
    expect([...irishForms].sort()).toEqual(["few", "many", "one", "other", "two"]);
    for (const [key, message] of Object.entries(catalogues.ga)) {
      for (const forms of pluralForms(compileMessageOrThrow(message))) {
        const covered = forms.filter((f) => !f.startsWith("="));
        expect([...covered].sort(), key).toEqual(expect.arrayContaining([...irishForms].sort()));
      }
    }
  });

  it("have no untranslated Irish: an Irish text differs from its English unless it is a name or a number", () => {
    const sameOnPurpose = /^[\d\s{}#.,:%()\-–/]*$|^Cluehunt$|^(OK|CSV|JSON|QR)$/;
    const same = Object.keys(catalogues.en).filter(
      (k) => catalogues.en[k] === catalogues.ga[k] && !sameOnPurpose.test(catalogues.en[k]!),
    );
    expect(same).toEqual([]);
  });

  it("keep fadas: no Irish text spells a common word without its fada", () => {
    // Whole words only (letters with fadas count as letters), placeholders left out.
    const withoutFada =
      /(?<!\p{L})(failte|ta|nil|ait|fein|muinteoir|mhuinteoir|daltai|cod|gcod|chod|seisiun|sabhail|ceisteanna cearta)(?!\p{L})/iu;
    const missing = Object.entries(catalogues.ga).filter(([, text]) =>
      withoutFada.test(text.replace(/\{[^}]*\}/g, "")),
    );
    expect(missing).toEqual([]);
    expect(withoutFada.test("Ta an cod ceart"), "the check can fail").toBe(true);
    expect(withoutFada.test("Tá an cód ceart, a dhaltaí"), "and passes good Irish").toBe(false);
  });

  it("split into a pupil part (common, pupil, the landing page) and a teacher part; the emails' texts in neither", () => {
    expect(partOfKey("common.loading")).toBe("pupil");
    expect(partOfKey("pupil.join.title")).toBe("pupil");
    expect(partOfKey("landing.lead")).toBe("pupil");
    expect(partOfKey("dashboard.title")).toBe("teacher");
    expect(partOfKey("email.reset.subject")).toBe("server");
    const emails = (keys: string[]) => keys.filter((key) => key.startsWith("email."));
    expect(emails(Object.keys(compileCatalogue(en, "teacher")))).toEqual([]);
    expect(emails(Object.keys(compileCatalogue(en, "pupil")))).toEqual([]);
    expect(emails(Object.keys(compileCatalogue(en))).length).toBeGreaterThan(0);
  });
});
