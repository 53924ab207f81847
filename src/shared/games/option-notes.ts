/**
 * "Why a child might pick this": a short note a teacher (or the AI) keeps on a wrong option of a
 * four-option, choose-all or true-or-false question ("thinks a bigger bottom number means a bigger
 * fraction"). The results show it beside the option's count. Teacher's data only: no pupil's
 * screen, statement or response ever carries it.
 *
 * Shapes: the editor and the save request hold one string per option ("" for none; null is read
 * as none too); stored and read back, one entry per option with null for none and for every right
 * option, or null for the whole question when it has no note (the column `questions.option_notes`,
 * whose check constraint holds the same shape). True or false has two entries: 0 = True, 1 = False.
 * Pure, no imports but the kinds' rules: the editor, the server and the file reader all use these.
 */

import { messageText, msg } from "../i18n/messages.ts";
import { indicesOfMask, type QuestionKind } from "./question-kinds.ts";

/** A note's length, after trimming, as the editor's counter counts it. */
export const OPTION_NOTE_MAX = 120;

/** Catalogue keys: the English of each is in src/shared/i18n/locales/en.json. */
export const noteMessages = {
  notText: "games.note.notText",
  tooLong: messageText(msg("games.note.tooLong", { max: OPTION_NOTE_MAX })),
  controlCharacter: "games.note.controlCharacter",
  count: "games.note.count",
  onRightOption: "games.note.onRightOption",
  notForKind: "games.note.notForKind",
} as const;

/** The kinds whose wrong options may have a note: the ones a child answers by picking an option. */
export const kindHasOptionNotes = (kind: QuestionKind) => kind === "choice" || kind === "multi" || kind === "truefalse";

/** How many notes a question of this kind has, one per option: four, two (True, False), or none. */
export const noteCountOf = (kind: QuestionKind) =>
  kind === "choice" || kind === "multi" ? 4 : kind === "truefalse" ? 2 : 0;

/** A note's length as the server counts it: after trimming. */
export const noteLength = (note: string | null | undefined) => (note ?? "").trim().length;

/** Control characters (C0, DEL, C1; a tab and a line break too): a note is one short line, and one holding them is refused, not cleaned. */
export const hasControlCharacter = (s: string) => /\p{Cc}/u.test(s);

type Answered = { kind?: QuestionKind; correctAnswer?: number | undefined; correctAnswers?: readonly number[] | null };

/** The right options' indices: one for four options and true or false, the ticked ones for choose all. */
export function rightOptionsOf(q: Answered): number[] {
  const kind = q.kind ?? "choice";
  if (kind === "multi") return [...(q.correctAnswers ?? [])];
  if (kind === "choice" || kind === "truefalse") return typeof q.correctAnswer === "number" ? [q.correctAnswer] : [];
  return [];
}

/** The right options of a stored question: choose all's are a mask (decision 050). */
export const rightOptionsOfStored = (kind: QuestionKind, correctAnswer: number) =>
  kind === "multi" ? indicesOfMask(correctAnswer) : rightOptionsOf({ kind, correctAnswer });

/**
 * What is wrong with a question's notes, by where it is: too many or too few, a note on a kind
 * that has none, a note on a right option. (A note's own text, its length and characters, is
 * checked one note at a time where it is read.) Blank notes are no notes: a list of blanks fits any kind.
 */
export function optionNotesProblems(
  q: Answered & { optionNotes?: readonly (string | null)[] | null },
): { path: (string | number)[]; message: string }[] {
  const notes = q.optionNotes;
  if (!notes) return [];
  const kind = q.kind ?? "choice";
  const written = (k: number) => noteLength(notes[k]) > 0;
  if (!kindHasOptionNotes(kind))
    return notes.some((_, k) => written(k)) ? [{ path: ["optionNotes"], message: noteMessages.notForKind }] : [];
  if (notes.length !== noteCountOf(kind)) return [{ path: ["optionNotes"], message: noteMessages.count }];
  const right = rightOptionsOf(q);
  return notes.flatMap((_, k) =>
    written(k) && right.includes(k) ? [{ path: ["optionNotes", k], message: noteMessages.onRightOption }] : [],
  );
}

/** A checked question's notes as stored: trimmed, null for none, or null for the question when it has none. */
export function storedOptionNotes(
  kind: QuestionKind,
  notes: readonly (string | null)[] | null | undefined,
): (string | null)[] | null {
  if (!notes || !kindHasOptionNotes(kind)) return null;
  const kept = notes.map((note) => (noteLength(note) > 0 ? note!.trim() : null));
  return kept.some((note) => note !== null) ? kept : null;
}

/**
 * Notes read from anywhere (a stored question, a duplicate, a file, the AI) as the editor holds
 * them: one string per option of the kind, "" for none; nothing when the kind has none or no note is written.
 */
export function editorNotesOf(raw: unknown, kind: QuestionKind): { optionNotes?: string[] } {
  if (!Array.isArray(raw) || !kindHasOptionNotes(kind)) return {};
  const notes = Array.from({ length: noteCountOf(kind) }, (_, k) => (typeof raw[k] === "string" ? raw[k].trim() : ""));
  return notes.some((note) => note !== "") ? { optionNotes: notes } : {};
}

/**
 * The notes a save sends: none on a right option. In the editor a note stays in the draft while
 * its option is marked right (hidden), so a slip of the mouse on the round button loses nothing;
 * it is never saved there.
 */
export function notesForSave<Q extends Answered & { optionNotes?: readonly string[] | null }>(q: Q): Q {
  if (!q.optionNotes) return q;
  const right = rightOptionsOf(q);
  if (!right.some((k) => noteLength(q.optionNotes?.[k]) > 0)) return q;
  return { ...q, optionNotes: q.optionNotes.map((note, k) => (right.includes(k) ? "" : note)) };
}

/** The notes moved with their options: `order[k]` is the option that now stands at place k (a shuffle). */
export function notesInOrder<T>(notes: readonly T[] | null | undefined, order: readonly number[]): T[] | null {
  return notes ? order.map((from) => notes[from] as T) : null;
}
