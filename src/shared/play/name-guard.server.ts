/**
 * The name guard: words a pupil's name may not contain (a short list the server loads from
 * config/blocked-names.txt or BLOCKED_NAMES_FILE), matched after the same folding that decides
 * when two names are the same (`nameKey`: case, accents, look-alikes), and after undoing the
 * usual disguises (digits and signs for letters, a letter held down, letters spaced out or
 * dotted apart, "ph" and "v" for "f" and "u", Greek mu for "u", upside-down text).
 *
 * Most words are refused only as whole words, so that names holding them pass ("Cassandra",
 * "Dickon", "Pitt", "Kshitij", "Fartun"). A word the list writes as `*word*` is one no name
 * holds, and is refused inside longer words too ("Fuckface", "Poopy"). A name the guard
 * refuses all the same can still be given by the teacher on a class list.
 * Pure: the server checks every typed name at the join with it.
 */
import { nameKey } from "../text.ts";

/** Kind, and never repeats the word: a child reads it aloud. A catalogue key (issue 17). */
export const blockedNameMessage = "pupil.join.blockedName";

/** How the list marks a word refused inside longer words too: `*word*`. */
const INSIDE_MARK = /^\*(.+)\*$/u;

/**
 * One folded word per non-empty, non-comment line; a word refused inside longer words too is
 * kept with its marks (`*word*`), so that the list stays one set of strings.
 */
export function parseBlockedWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith("#")) continue;
    const inside = INSIDE_MARK.exec(trimmed);
    const word = nameKey(inside ? inside[1]! : trimmed);
    if (word === "") continue;
    words.add(inside ? `*${word}*` : word);
  }
  return words;
}

/** The list split once into whole words and words refused anywhere (the server's list never changes). */
type Matchers = { whole: ReadonlySet<string>; inside: readonly string[] };
const matchersOf = new WeakMap<ReadonlySet<string>, Matchers>();
function matchers(blocked: ReadonlySet<string>): Matchers {
  let found = matchersOf.get(blocked);
  if (!found) {
    const inside = [...blocked].filter((w) => INSIDE_MARK.test(w)).map((w) => w.slice(1, -1));
    found = { whole: blocked, inside };
    matchersOf.set(blocked, found);
  }
  return found;
}

/** Digits and signs typed for letters ("p00", "@ss", "$hit"), read as the letters they stand for; "1" is tried as "i" and as "l". */
const LETTER_LOOK_ALIKES: Record<string, string> = {
  "0": "o",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};
const LETTER_LOOK_ALIKE = /[034578@$!|]/g;
/** What separates a name's pieces: anything but a letter, a digit or a sign that stands for a letter ("Poo-Head", "poo_head", "fu.ck"). */
const SEPARATORS = /[^\p{L}\p{N}@$!|]+/u;

/**
 * Upside-down letters (U+0250 block, small capitals, the maths "turned" letters) and what they
 * are turned back; in upside-down text b/q, d/p and n/u are each other turned too. Dotless ı
 * and schwa ə are Turkish and Azerbaijani letters, so they only count as turned inside a name
 * that has another turned letter.
 */
const TURNED: Record<string, string> = {
  ɐ: "a",
  "∀": "a",
  Ɐ: "a",
  ɔ: "c",
  Ɔ: "c",
  ǝ: "e",
  Ǝ: "e",
  ə: "e",
  ɟ: "f",
  Ⅎ: "f",
  ƃ: "g",
  ᵷ: "g",
  "⅁": "g",
  ɥ: "h",
  ᴉ: "i",
  ı: "i",
  ɾ: "j",
  ʞ: "k",
  Ʞ: "k",
  "⅂": "l",
  "˥": "l",
  ɯ: "m",
  Ɯ: "m",
  ɹ: "r",
  ᴚ: "r",
  ʇ: "t",
  "⊥": "t",
  "┴": "t",
  "∩": "u",
  ʌ: "v",
  Ʌ: "v",
  ʍ: "w",
  ʎ: "y",
  "⅄": "y",
  Ԁ: "p",
  ᗡ: "d",
  ᗺ: "b",
  b: "q",
  q: "b",
  d: "p",
  p: "d",
  n: "u",
  u: "n",
  B: "q",
  Q: "b",
  D: "p",
  P: "d",
  N: "u",
  U: "n",
};
/** The letters that are only ever turned ones (not ı and ə, not b, d, n, p, q, u). */
const TURNED_ONLY = new Set(Object.keys(TURNED).filter((c) => !/[ıəbdnpquBDNPQU]/u.test(c)));
const turnedBack = (name: string) => [...name].map((c) => TURNED[c] ?? c).join("");

/**
 * The name as it may be read: folded as it is; with Greek mu (which `nameKey` reads as "m",
 * as the capital looks) read as the "u" it looks like; and, when it has upside-down letters,
 * turned back, in the order typed and reversed (upside-down text is written last letter first).
 */
function foldedReadings(name: string): string[] {
  const readings = [nameKey(name)];
  if (/[µμ]/u.test(name)) readings.push(nameKey(name.replace(/[µμ]/gu, "u")));
  if ([...name].some((c) => TURNED_ONLY.has(c))) {
    const turned = turnedBack(name);
    readings.push(nameKey(turned), nameKey([...turned].reverse().join("")));
  }
  return readings;
}

/**
 * The strings a folded name is checked as: each piece; each space-free part with its dots or
 * dashes taken out ("fu.ck"); letters spelt out one by one put back together ("p o o"); and
 * short pieces of at most two letters put back together when they make four letters or more
 * ("fu ck"; "Bo D" stays a name and an initial).
 */
function candidates(folded: string): string[] {
  const pieces = folded.split(SEPARATORS).filter(Boolean);
  const found = [...pieces];
  for (const part of folded.split(" ")) {
    const joined = part.split(SEPARATORS).join("");
    if (joined !== part) found.push(joined);
  }
  let singles = "";
  let shorts: string[] = [];
  for (const piece of [...pieces, ""]) {
    const length = [...piece].length;
    if (length === 1) singles += piece;
    else {
      if ([...singles].length > 1) found.push(singles);
      singles = "";
    }
    if (length >= 1 && length <= 2) shorts.push(piece);
    else {
      const joined = shorts.join("");
      if (shorts.length > 1 && [...joined].length >= 4) found.push(joined);
      shorts = [];
    }
  }
  return found;
}

/**
 * How a word may be read: as it is (signs dropped), and — when it has a letter — with digits
 * and signs read as the letters they stand for, "1" as "i" and as "l"; each also with "ph"
 * read as "f" and "v" as "u" ("phuck", "fvck"). A word of digits alone ("Pupil 455",
 * "Aoife 2") is a number, never letters.
 */
function spellings(word: string): string[] {
  const plain = word.replace(/[@$!|]/g, "");
  if (!/\p{L}/u.test(word)) return [plain];
  const lettered = word.replace(LETTER_LOOK_ALIKE, (c) => LETTER_LOOK_ALIKES[c]!);
  const spelt = [plain, lettered.replace(/1/g, "i"), lettered.replace(/1/g, "l")];
  return [...spelt, ...spelt.map((s) => s.replace(/ph/g, "f").replace(/v/g, "u"))];
}

/**
 * What a word may be hiding: itself, and with a letter typed three or more times in a row cut
 * to two and to one ("pooooo", "fuuuck"; no first name has a letter three times running, so
 * "Pitt" and "Anna" stay as they are).
 */
const readings = (word: string) => [
  word,
  word.replace(/(\p{L})\1{2,}/gu, "$1$1"),
  word.replace(/(\p{L})\1{2,}/gu, "$1"),
];

/**
 * Whether the name carries a listed word: as a whole word (so "Pitt" or "Bodhrán" pass while
 * "pit" does not), or anywhere in it for a word listed as `*word*`, however it is typed.
 */
export function nameHasBlockedWord(name: string, blocked: ReadonlySet<string>): boolean {
  if (blocked.size === 0) return false;
  const { whole, inside } = matchers(blocked);
  const refused = (form: string) => whole.has(form) || inside.some((word) => form.includes(word));
  return foldedReadings(name).some((folded) =>
    candidates(folded).some((word) => spellings(word).some((spelt) => readings(spelt).some(refused))),
  );
}
