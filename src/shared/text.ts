/**
 * What stored text may contain. Typed text keeps every real character (fadas, emoji,
 * right-to-left scripts) exactly; these rules only remove or refuse what no one means to
 * show and what can deceive a reader:
 * - control characters (PostgreSQL refuses U+0000 in text; the others break lines and terminals);
 * - bidirectional controls (a right-to-left override shows "Aoife\u202Eevil" backwards) and
 *   invisible characters (zero-width spaces and joiners, word joiners, the byte-order mark,
 *   soft hyphens, Hangul fillers that make a "blank" name). A zero-width joiner inside an
 *   emoji sequence (👩‍🏫) is part of that emoji and stays. Right-to-left scripts need none of
 *   these to display correctly: the browser lays them out by itself.
 * Half of a surrogate pair is not a character at all (it would be stored as U+FFFD): refused.
 */
import { messageText, msg } from "./i18n/messages.ts";

// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- removing them is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /\p{Cs}/u;

/** Bidirectional formatting: marks, embeddings, overrides, isolates and the Arabic letter mark. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Invisible characters: zero-width space and non-joiner, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator, Hangul fillers. */
// Two of them combine with a neighbour, so they stand outside the class.
const INVISIBLE = /[\u00ad\u115f\u180e\u200b\u200c\u2060-\u2064\u3164\ufeff\uffa0]|\u034f|\u1160/g;
/** A zero-width joiner that does not join two emoji. */
const STRAY_JOINER =
  /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/gu;

/** Bidi controls and invisible characters removed (see above); everything a reader sees is kept. */
export const withoutInvisibleCharacters = (s: string) =>
  s.replace(BIDI_CONTROLS, "").replace(INVISIBLE, "").replace(STRAY_JOINER, "");

/** Multi-line text (titles, questions, descriptions): control characters other than tab, CR and LF removed, and invisible ones. */
export const withoutControlCharacters = (s: string) =>
  withoutInvisibleCharacters(s.replace(CONTROL_EXCEPT_LINE_BREAKS_AND_TABS, ""));

/** A name shown on one line: every control character removed, and invisible ones. */
export const withoutAnyControlCharacters = (s: string) => withoutInvisibleCharacters(s.replace(ANY_CONTROL, ""));

/** Whether the text holds half of a surrogate pair (not valid Unicode). */
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

/** A catalogue key. */
export const brokenCharacterMessage = "common.error.brokenCharacter";

/**
 * How many accents and other marks a name may draw on one character. Nonspacing and enclosing
 * marks (Unicode Mn, Me) are drawn in their character's own space, each one above or below the
 * last, so "A" under 29 of them is a smear that runs over the lines above and below it on the
 * codes page and the projector. They are counted as drawn: a letter's own accents too, whether
 * typed as one character (é, ệ) or as a letter and its marks, so "É" and three accents more is
 * four. Three is the most a real name needs on one character in the scripts a name may be
 * written in: a Latin letter carries at most two (Vietnamese ệ and ự, Yoruba ẹ́, Lithuanian ą̃,
 * pinyin ǚ; a fada is one), and three occur in Tibetan (Dolma, སྒྲོལ), Devanagari (ज़ैं: nukta,
 * vowel sign, anusvara), Burmese (Hlaing, လှိုင်), pointed Hebrew (שָּׂ) and polytonic Greek (ᾅ).
 */
export const MAX_MARKS_PER_CHARACTER = 3;

/**
 * A run of more than MAX_MARKS_PER_CHARACTER nonspacing or enclosing marks. Spacing marks (Mc,
 * which take their own room beside the letter: the ा of प्रियंका, the three of Burmese ကျော်) and
 * invisible characters (variation selectors, tags) neither count nor end the run, so neither
 * can split one stack into several that a browser draws on the same letter.
 */
const STACKED_MARKS = new RegExp(
  `(?:(?!\\p{Default_Ignorable_Code_Point})[\\p{Mn}\\p{Me}][\\p{Mc}\\p{Default_Ignorable_Code_Point}]*){${MAX_MARKS_PER_CHARACTER + 1}}`,
  "u",
);

/** Whether some character of the text draws more marks than any real name needs (its own accents counted: NFD). */
export const hasStackedMarks = (s: string) => STACKED_MARKS.test(s.normalize("NFD"));

/**
 * Cyrillic and Greek letters that look like Latin ones (after lower-casing), so that
 * "Аoife" with a Cyrillic А counts as the "Aoife" already in the class.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ӏ: "l",
  ԁ: "d",
  һ: "h",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  ζ: "z",
  η: "h",
  ι: "i",
  κ: "k",
  μ: "m",
  ν: "n",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "y",
  χ: "x",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "g");

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SPACES = / {2,}/g;

/**
 * The key two names are compared by, not a name to show: case, accents, width, spacing,
 * invisible characters and look-alike letters folded, so "Aoife", "AOIFE", "Aoífe",
 * "Ａｏｉｆｅ" and "Аoife" (Cyrillic А) are one name.
 */
export function nameKey(name: string): string {
  // Printable ASCII (most names typed in a class) has nothing to remove, decompose or
  // fold but case and spaces: the same key, without the seven passes below.
  if (PRINTABLE_ASCII.test(name)) return name.toLowerCase().replace(SPACES, " ").trim();
  return nameKeyOfAnyText(name);
}

/** nameKey for any text: what it does for every name (exported for the test that compares the two). */
export function nameKeyOfAnyText(name: string): string {
  return withoutAnyControlCharacters(name)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .replace(/\s+/gu, " ")
    .trim();
}

/** A pupil's name another device in the session already uses (a catalogue message with the name). */
export const nameTakenMessage = (name: string) => messageText(msg("pupil.join.nameTaken", { name }));
