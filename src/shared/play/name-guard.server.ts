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

/** Kind, and never repeats the word: a child reads it aloud. A catalogue key. */
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
/** Whether a name holds one of them: one regular expression, not a walk over the name's characters. */
const HAS_TURNED_ONLY = new RegExp(
  `[${[...TURNED_ONLY].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join("")}]`,
  "u",
);
const turnedBack = (name: string) => [...name].map((c) => TURNED[c] ?? c).join("");

/**
 * The name as it may be read: folded as it is; with Greek mu (which `nameKey` reads as "m",
 * as the capital looks) read as the "u" it looks like; and, when it has upside-down letters,
 * turned back, in the order typed and reversed (upside-down text is written last letter first).
 */
function foldedReadings(name: string): string[] {
  const readings = [nameKey(name)];
  if (/[µμ]/u.test(name)) readings.push(nameKey(name.replace(/[µμ]/gu, "u")));
  if (HAS_TURNED_ONLY.test(name)) {
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
/** How many characters (code points, as `[...s].length` counts them) a string has. */
function codePointCount(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++, count++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

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
    const length = codePointCount(piece);
    if (length === 1) singles += piece;
    else {
      if (codePointCount(singles) > 1) found.push(singles);
      singles = "";
    }
    if (length >= 1 && length <= 2) shorts.push(piece);
    else {
      const joined = shorts.join("");
      if (shorts.length > 1 && codePointCount(joined) >= 4) found.push(joined);
      shorts = [];
    }
  }
  return found;
}

/**
 * How a word may be read: as it is (signs dropped), and — when it has a letter — with digits
 * and signs read as the letters they stand for, "1" as "i" and as "l"; each also with "ph"
 * read as "f" and "v" as "u" ("phuck", "fvck"). A word of digits alone ("Pupil 455",
 * "Aoife 2") is a number, never letters. And each of those as it is, and with a letter typed
 * three or more times in a row cut to two and to one ("pooooo", "fuuuck"; no first name has a
 * letter three times running, so "Pitt" and "Anna" stay as they are).
 *
 * Every join runs this on every piece of the name, so it builds no lists: it checks each
 * distinct spelling once and stops at the first refused one (a spelling that a rule leaves
 * as it was is the same string, and is not checked twice).
 */
const SIGNS = /[@$!|]/g;
const HAS_LETTER = /\p{L}/u;
const HAS_LOOK_ALIKE = new RegExp(LETTER_LOOK_ALIKE.source);
const HELD_LETTER = /(\p{L})\1{2,}/gu;
const HAS_HELD_LETTER = /(\p{L})\1{2}/u;

function wordIsRefused(word: string, refused: (form: string) => boolean): boolean {
  const plain = word.replace(SIGNS, "");
  if (!HAS_LETTER.test(word)) return formIsRefused(plain, refused);
  const lettered = HAS_LOOK_ALIKE.test(word) ? word.replace(LETTER_LOOK_ALIKE, (c) => LETTER_LOOK_ALIKES[c]!) : word;
  const hasOne = lettered.includes("1");
  const asI = hasOne ? lettered.replace(/1/g, "i") : lettered;
  const asL = hasOne ? lettered.replace(/1/g, "l") : lettered;
  return (
    spellingIsRefused(plain, refused) ||
    (asI !== plain && spellingIsRefused(asI, refused)) ||
    (asL !== plain && asL !== asI && spellingIsRefused(asL, refused))
  );
}

/** The spelling itself, and with "ph" read as "f" and "v" as "u". */
function spellingIsRefused(spelt: string, refused: (form: string) => boolean): boolean {
  if (formIsRefused(spelt, refused)) return true;
  if (!spelt.includes("ph") && !spelt.includes("v")) return false;
  const sounded = spelt.replace(/ph/g, "f").replace(/v/g, "u");
  return sounded !== spelt && formIsRefused(sounded, refused);
}

/** The form itself, and with a letter held down cut to two and to one. */
function formIsRefused(form: string, refused: (form: string) => boolean): boolean {
  if (refused(form)) return true;
  if (!HAS_HELD_LETTER.test(form)) return false;
  return refused(form.replace(HELD_LETTER, "$1$1")) || refused(form.replace(HELD_LETTER, "$1"));
}

/** A form the list refuses: a whole listed word, or one that holds a word listed as `*word*`. */
const refusedBy =
  ({ whole, inside }: Matchers) =>
  (form: string): boolean => {
    if (whole.has(form)) return true;
    for (const word of inside) if (form.includes(word)) return true;
    return false;
  };
const refusedOf = new WeakMap<Matchers, (form: string) => boolean>();

/** The guard's tables, for the test that checks it against its first, list-building version. */
export const nameGuardTables = { INSIDE_MARK, LETTER_LOOK_ALIKES, LETTER_LOOK_ALIKE, SEPARATORS, TURNED, TURNED_ONLY };

/**
 * Whether the name carries a listed word: as a whole word (so "Pitt" or "Bodhrán" pass while
 * "pit" does not), or anywhere in it for a word listed as `*word*`, however it is typed.
 */
export function nameHasBlockedWord(name: string, blocked: ReadonlySet<string>): boolean {
  if (blocked.size === 0) return false;
  const found = matchers(blocked);
  let refused = refusedOf.get(found);
  if (!refused) {
    refused = refusedBy(found);
    refusedOf.set(found, refused);
  }
  for (const folded of foldedReadings(name))
    for (const word of candidates(folded)) if (wordIsRefused(word, refused)) return true;
  return false;
}
