import fs from "node:fs";
import { describe, expect, it } from "vitest";
import en from "./i18n/locales/en.json" with { type: "json" };
import ga from "./i18n/locales/ga.json" with { type: "json" };
import { blockedNameMessage, nameHasBlockedWord, parseBlockedWords } from "./name-guard.ts";

const list = parseBlockedWords("# comment\npoo\n\n  Amadán \ncac\n");

describe("name guard", () => {
  it("reads one word per line, folded, without comments or blanks", () => {
    expect([...list].sort()).toEqual(["amadan", "cac", "poo"]);
  });

  it("refuses a listed word however it is written: case, accents, look-alike letters, as part of a longer name", () => {
    for (const name of ["poo", "POO", "Pöo", "Рoo", "Aoife Poo", "poo-head", "poo_head", "amadán", "AMADAN", "Cac"]) {
      expect(nameHasBlockedWord(name, list), name).toBe(true);
    }
  });

  it("lets real names through, even when a listed word is inside them", () => {
    for (const name of ["Aoife", "Pooja", "Cacilia", "Amadou", "Seán Ó Bodhráin", "Niamh B"]) {
      expect(nameHasBlockedWord(name, list), name).toBe(false);
    }
    expect(nameHasBlockedWord("poo", new Set())).toBe(false);
  });

  it("says so kindly and never repeats the word", () => {
    expect(en[blockedNameMessage]).toBe("Please choose a different name. Use your first name, as your teacher calls you.");
    for (const catalogue of [en, ga]) expect(catalogue[blockedNameMessage]).not.toMatch(/poo|cac|amad/i);
  });

  it("the shipped list parses, is short, and holds English and Irish words", () => {
    const shipped = parseBlockedWords(fs.readFileSync(new URL("../../config/blocked-names.txt", import.meta.url), "utf8"));
    expect(shipped.size).toBeGreaterThan(10);
    expect(shipped.size).toBeLessThan(100);
    expect(shipped.has("poo")).toBe(true);
    expect(shipped.has("amadan")).toBe(true);
    // A common Irish name must not be refused by the shipped list.
    for (const name of ["Aoife", "Bodhrán", "Pádraig", "Caoimhe", "Oisín", "Tadhg", "Pitt", "Bodie"]) expect(nameHasBlockedWord(name, shipped), name).toBe(false);
  });
});
