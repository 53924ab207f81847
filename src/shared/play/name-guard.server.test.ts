import fs from "node:fs";
import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en.json" with { type: "json" };
import ga from "../i18n/locales/ga.json" with { type: "json" };
import { blockedNameMessage, nameHasBlockedWord, parseBlockedWords } from "./name-guard.server.ts";

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

  it("refuses a listed word typed with digits or signs for letters, a letter held down, or spelt out letter by letter", () => {
    const words = parseBlockedWords("poo\nfuck\nass\nwilly\ncac\n");
    for (const name of ["p00", "P0o", "fuuuuck", "pooooo", "PoOoOo", "p o o", "p.o.o", "P-O-O", "Aoife p o o", "@ss", "a$$", "wi11y", "w1lly", "c@c", "c a c", "ⓟⓞⓞ"]) {
      expect(nameHasBlockedWord(name, words), name).toBe(true);
    }
    // A sign standing for a missing letter is not guessed at: the list is short and kind, not a filter of everything.
    expect(nameHasBlockedWord("f*ck", words)).toBe(false);
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
    const shipped = parseBlockedWords(fs.readFileSync(new URL("../../../config/blocked-names.txt", import.meta.url), "utf8"));
    expect(shipped.size).toBeGreaterThan(10);
    expect(shipped.size).toBeLessThan(100);
    expect(shipped.has("poo")).toBe(true);
    expect(shipped.has("amadan")).toBe(true);
    // A common Irish name must not be refused by the shipped list.
    for (const name of ["Aoife", "Bodhrán", "Pádraig", "Caoimhe", "Oisín", "Tadhg", "Pitt", "Bodie", "Anna", "Ellie", "Lilly", "Cassie", "Bassam", "Dickon", "Pitter", "Ciara B", "Mary-Kate O Neill", "Seán Ó Briain", "Jo Jo", "Aoife 2", "Liam 3", "Buttons", "Tóinín", "Pupil 455", "Pupil 4551", "Aoife 2", "Group 4 5", "Room 101", "Liam 1"]) {
      expect(nameHasBlockedWord(name, shipped), name).toBe(false);
    }
  });

  it("never reads a number as letters: 'Pupil 0' to 'Pupil 9999' all pass the shipped list", () => {
    const shipped = parseBlockedWords(fs.readFileSync(new URL("../../../config/blocked-names.txt", import.meta.url), "utf8"));
    const refused = Array.from({ length: 10_000 }, (_, i) => `Pupil ${i}`).filter((name) => nameHasBlockedWord(name, shipped));
    expect(refused).toEqual([]);
  });
});
