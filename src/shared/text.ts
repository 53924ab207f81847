/**
 * What stored text may contain. Typed text keeps every real character (fadas, emoji,
 * right-to-left scripts, zero-width joiners) exactly; these rules only remove or refuse
 * what no one can type and the database cannot keep: PostgreSQL refuses U+0000 in text, and
 * half of a surrogate pair is not a character at all (it would be stored as U+FFFD).
 */

// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- removing them is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /\p{Cs}/u;

/** Multi-line text (titles, questions, descriptions): control characters other than tab, CR and LF removed. */
export const withoutControlCharacters = (s: string) => s.replace(CONTROL_EXCEPT_LINE_BREAKS_AND_TABS, "");

/** A name shown on one line: every control character removed. */
export const withoutAnyControlCharacters = (s: string) => s.replace(ANY_CONTROL, "");

/** Whether the text holds half of a surrogate pair (not valid Unicode). */
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

export const brokenCharacterMessage = "Some text contains a broken character (half of an emoji, perhaps). Please type it again.";
