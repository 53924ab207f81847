import { describe, expect, it } from "vitest";
import { inLetterOrder, LETTER_COLOURS, nameLetter, OTHER_LETTER_COLOUR } from "./name-letters.web.ts";

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const ALPHABET = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

describe("nameLetter", () => {
  it("gives every letter a fixed colour, the same for upper and lower case and with or without a fada", () => {
    expect(nameLetter("Aoife")).toEqual({ letter: "A", colour: LETTER_COLOURS[0] });
    expect(nameLetter("aoife").colour).toBe(LETTER_COLOURS[0]);
    expect(nameLetter("Áine")).toEqual({ letter: "Á", colour: LETTER_COLOURS[0] });
    expect(nameLetter("Órla")).toEqual({ letter: "Ó", colour: nameLetter("Oisín").colour });
    expect(nameLetter("éabha")).toEqual({ letter: "É", colour: nameLetter("Eoin").colour });
    expect(nameLetter("  Seán ")).toEqual({ letter: "S", colour: nameLetter("Saoirse").colour });
    // A look-alike (Cyrillic А) folds as nameKey folds it.
    expect(nameLetter("Аoife").colour).toBe(LETTER_COLOURS[0]);
  });

  it("never gives neighbouring letters the same colour", () => {
    const colours = ALPHABET.map((l) => nameLetter(l).colour);
    for (let i = 1; i < colours.length; i++)
      expect(colours[i], `${ALPHABET[i - 1]} and ${ALPHABET[i]}`).not.toBe(colours[i - 1]);
    expect(new Set(colours).size).toBe(LETTER_COLOURS.length);
  });

  it("has colours a white letter reads on, and that read on white: contrast at least 4.5:1", () => {
    for (const colour of [...LETTER_COLOURS, OTHER_LETTER_COLOUR]) {
      expect(contrast(colour, "#ffffff"), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
  });

  it("gives a name that does not start with a letter the grey, and still shows what it starts with", () => {
    expect(nameLetter("3B")).toEqual({ letter: "3", colour: OTHER_LETTER_COLOUR });
    expect(nameLetter("")).toEqual({ letter: "", colour: OTHER_LETTER_COLOUR });
  });
});

describe("inLetterOrder", () => {
  it("sorts with fadas and case folded, so Áine stands with the A names", () => {
    const names = ["Seán", "Oisín", "Áine", "aaron", "Aoife", "Éabha", "Bríd", "Eoin", "Zoë", "Órla", "Cian"];
    expect(inLetterOrder(names.map((name) => ({ name, taken: false }))).map((e) => e.name)).toEqual([
      "aaron",
      "Áine",
      "Aoife",
      "Bríd",
      "Cian",
      "Éabha",
      "Eoin",
      "Oisín",
      "Órla",
      "Seán",
      "Zoë",
    ]);
  });

  it("keeps each entry whole (taken stays with its name) and does not change the list it was given", () => {
    const list = [
      { name: "Tadhg", taken: true },
      { name: "Aoife", taken: false },
    ];
    expect(inLetterOrder(list)).toEqual([
      { name: "Aoife", taken: false },
      { name: "Tadhg", taken: true },
    ]);
    expect(list[0]!.name).toBe("Tadhg");
  });
});
