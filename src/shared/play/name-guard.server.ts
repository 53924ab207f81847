/**
 * The name guard: words a pupil's name may not contain (a short list the server loads from
 * config/blocked-names.txt or BLOCKED_NAMES_FILE), matched as whole words after the same
 * folding that decides when two names are the same (`nameKey`: case, accents, look-alikes).
 * Pure: the server checks every join with it.
 */
import { nameKey } from "../text.ts";

/** Kind, and never repeats the word: a child reads it aloud. A catalogue key (issue 17). */
export const blockedNameMessage = "pupil.join.blockedName";

/** One folded word per non-empty, non-comment line. */
export function parseBlockedWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const word = nameKey(line);
    if (word === "" || word.startsWith("#")) continue;
    words.add(word);
  }
  return words;
}

/** Digits and signs typed for letters ("p00", "@ss", "$hit"), read as the letters they stand for; "1" is tried as "i" and as "l". */
const LETTER_LOOK_ALIKES: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", $: "s", "!": "i", "|": "l" };
const LETTER_LOOK_ALIKE = /[034578@$!|]/g;

/** The name's words, folded; anything but a letter, a digit or a sign that stands for a letter separates words ("Poo-Head", "poo_head", "poo.head"). */
const wordsOf = (folded: string) => folded.split(/[^\p{L}\p{N}@$!|]+/u).filter(Boolean);

/**
 * How a word may be read: as it is (signs dropped), and — when it has a letter — with digits
 * and signs read as the letters they stand for, "1" as "i" and as "l". A word of digits alone
 * ("Pupil 455", "Aoife 2") is a number, never letters.
 */
function spellings(word: string): string[] {
  const plain = word.replace(/[@$!|]/g, "");
  if (!/\p{L}/u.test(word)) return [plain];
  const lettered = word.replace(LETTER_LOOK_ALIKE, (c) => LETTER_LOOK_ALIKES[c]!);
  return [plain, lettered.replace(/1/g, "i"), lettered.replace(/1/g, "l")];
}

/**
 * What a word may be hiding: itself, and with a letter typed three or more times in a row cut
 * to two and to one ("pooooo", "fuuuck"; no first name has a letter three times running, so
 * "Pitt" and "Anna" stay as they are).
 */
const readings = (word: string) => [word, word.replace(/(\p{L})\1{2,}/gu, "$1$1"), word.replace(/(\p{L})\1{2,}/gu, "$1")];

/**
 * Whether the name carries a listed word: as a whole word (so "Pitt" or "Bodhrán" pass while
 * "pit" does not), however it is typed — digits or signs for letters, a letter held down, or
 * the word spelt out with spaces or dots between its letters ("p o o", "p.o.o").
 */
export function nameHasBlockedWord(name: string, blocked: ReadonlySet<string>): boolean {
  if (blocked.size === 0) return false;
  const words = wordsOf(nameKey(name));
  const candidates = [...words];
  // Letters spelt out one by one: the single-character runs put back together.
  let run = "";
  for (const word of [...words, ""]) {
    if ([...word].length === 1) run += word;
    else {
      if ([...run].length > 1) candidates.push(run);
      run = "";
    }
  }
  return candidates.some((word) => spellings(word).some((spelt) => readings(spelt).some((form) => blocked.has(form))));
}
