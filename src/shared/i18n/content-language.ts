/**
 * Which language a game's questions are in, and which language its pupils' screens start in.
 * Pure rules, shared by the server (the play state), Start Session and the editor.
 */
import type { Language } from "./languages.ts";

/** The subject whose questions the AI writes in Irish (SPEC: "Irish questions are in Irish"). */
export const IRISH_SUBJECT = "Irish";

/** A game's question language: chosen in the editor or the AI section; for older games, Irish when their AI subject was Irish. */
export function gameLanguage(game: { language: string | null; aiLastUsedSubject: string | null }): Language {
  if (game.language === "en" || game.language === "ga") return game.language;
  return game.aiLastUsedSubject === IRISH_SUBJECT ? "ga" : "en";
}

/**
 * Start Session's default for the pupils' language: the game's when its questions are in
 * Irish (a Gaelscoil's Irish game, or an English-medium school's Irish lesson), else the teacher's.
 */
export const defaultPupilLanguage = (questions: Language, teacher: Language): Language =>
  questions === "ga" ? "ga" : teacher;
