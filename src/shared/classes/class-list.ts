/**
 * A teacher's class list: pasted on Start Session, one first name per line; pupils
 * then choose their name from it instead of typing. Pure rules, shared by the form and the server.
 */
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";
import { STUDENT_NAME_MAX_LENGTH } from "../play/join-rules.ts";
import { hasStackedMarks, MAX_MARKS_PER_CHARACTER, nameKey, withoutAnyControlCharacters } from "../text.ts";

export const CLASS_LIST_MAX_NAMES = 60;

/** Catalogue keys. */
export const classListMessages = {
  tooMany: messageText(msg("sessions.classList.tooMany", { max: CLASS_LIST_MAX_NAMES })),
  nameTooLong: messageText(msg("sessions.classList.nameTooLong", { max: STUDENT_NAME_MAX_LENGTH })),
  tooManyMarks: messageText(msg("sessions.classList.tooManyMarks", { max: MAX_MARKS_PER_CHARACTER })),
  notOnList: "pupil.join.notOnList",
} as const satisfies MessageTable;

/** One name per line, cleaned and trimmed; blank lines and repeats (as `nameKey` compares names) dropped. */
export function parseClassList(text: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const name = withoutAnyControlCharacters(line).trim();
    const key = nameKey(name);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** What is wrong with a list, or null. */
export function classListProblem(names: readonly string[]): string | null {
  if (names.length > CLASS_LIST_MAX_NAMES) return classListMessages.tooMany;
  if (names.some((name) => [...name].length > STUDENT_NAME_MAX_LENGTH)) return classListMessages.nameTooLong;
  // The rule a typed name meets at the join: a list's names are shown on the same screens.
  if (names.some(hasStackedMarks)) return classListMessages.tooManyMarks;
  return null;
}

/** The list's own spelling of the name, if it is on the list. */
export function nameOnClassList(names: readonly string[], name: string): string | null {
  const key = nameKey(name);
  return names.find((listed) => nameKey(listed) === key) ?? null;
}
