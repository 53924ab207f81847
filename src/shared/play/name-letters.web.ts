/**
 * The class list as a child who cannot read yet finds their name in it: each name
 * shows its first letter big, in a colour that always belongs to that letter, so a child
 * learns "my name starts with the green A" (and the letter is there too: never colour alone).
 * Names are in alphabetical order with accents folded as `nameKey` folds them, so "Áine"
 * stands with the A names in the A colour. Pure, so it is unit-tested.
 */
import { nameKey } from "../text.ts";
import type { ClassListEntry } from "./play-responses.ts";

/**
 * Ten colours, each dark enough for white text on it and for itself on white (contrast at
 * least 4.5:1, checked by the test), and far enough apart in hue that neighbouring letters
 * never share one: A green, B blue, C purple, D red, E teal, F brown, G indigo, H magenta,
 * I olive, J orange, then round again from K.
 */
export const LETTER_COLOURS = [
  "#2e7d32",
  "#1565c0",
  "#7b1fa2",
  "#c62828",
  "#00695c",
  "#6d4c41",
  "#3949ab",
  "#ad1457",
  "#5d6b00",
  "#b34400",
] as const;

/** For a first letter outside A to Z (a name starting with a digit, say): a slate grey. */
export const OTHER_LETTER_COLOUR = "#455a64";

/** The letter a name is shown and sorted by: its own first letter (with its fada), and the colour of the letter it folds to. */
export function nameLetter(name: string): { letter: string; colour: string } {
  const first = [...name.trim()][0] ?? "";
  const folded = nameKey(first).charAt(0);
  const index = folded >= "a" && folded <= "z" ? folded.charCodeAt(0) - "a".charCodeAt(0) : -1;
  return {
    letter: first.toLocaleUpperCase("en-IE"),
    colour: index < 0 ? OTHER_LETTER_COLOUR : LETTER_COLOURS[index % LETTER_COLOURS.length]!,
  };
}

/** The list in alphabetical order, accents and case folded ("Áine" between "Aaron" and "Aoife"); same keys in the teacher's order. */
export function inLetterOrder<E extends Pick<ClassListEntry, "name">>(entries: readonly E[]): E[] {
  const keyed = entries.map((entry, index) => ({ entry, index, key: nameKey(entry.name) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  return keyed.map(({ entry }) => entry);
}
