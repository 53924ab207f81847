/**
 * A group's join link (decision 029): `/join?code=482913&lang=ga`. The link names the session's
 * pupil language as well as the code, so the join page's first screen is in that language
 * before anything is looked up: the server draws it so (server/http/web-app.ts) and the app
 * starts in it (web/lib/i18n). The code alone could not tell the server the language without
 * a lookup that would answer code guesses outside the join's guessing limits (decision 012).
 */
import { isLanguage, type Language } from "../i18n/languages.ts";

/** The query parameter that names the pupils' language. */
export const JOIN_LINK_LANGUAGE = "lang";

/** The link a QR code, a copied link and a click open. */
export const joinLink = (baseUrl: string, code: string, pupilLanguage: Language) =>
  `${typedJoinLink(baseUrl, code)}&${JOIN_LINK_LANGUAGE}=${pupilLanguage}`;

/**
 * The link as it is printed, to be read out and typed: without the language, which a child
 * would have to type too. A typed link gets the session's language from the second step.
 */
export const typedJoinLink = (baseUrl: string, code: string) => `${baseUrl}/join?code=${code}`;

/** The language a join page's address names (`search`: its query string), or null: none, or one we do not have. */
export function languageOfJoinLink(search: string): Language | null {
  const named = new URLSearchParams(search).get(JOIN_LINK_LANGUAGE);
  return isLanguage(named) ? named : null;
}
