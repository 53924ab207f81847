/**
 * The name guard: words a pupil's name may not contain (a short list the server loads from
 * config/blocked-names.txt or BLOCKED_NAMES_FILE), matched as whole words after the same
 * folding that decides when two names are the same (`nameKey`: case, accents, look-alikes).
 * Pure: the server checks every join with it.
 */
import { nameKey } from "./text.ts";

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

/** The name's words, folded; anything not a letter or digit separates words ("Poo-Head", "poo_head", "poo.head"). */
const wordsOf = (name: string) => nameKey(name).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether any whole word of the name is on the list (so "Pitt" or "Bodhrán" pass while "pit" does not). */
export function nameHasBlockedWord(name: string, blocked: ReadonlySet<string>): boolean {
  if (blocked.size === 0) return false;
  return wordsOf(name).some((word) => blocked.has(word));
}
