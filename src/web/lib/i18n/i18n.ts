/**
 * The page's one Lingui instance, and loading catalogues into it: a language's pupil part at
 * start, its teacher part when a teacher's page first needs it (catalogue-parts.ts).
 */
import { setupI18n } from "@lingui/core";
import type { CataloguePart } from "../../../shared/i18n/catalogue-parts.ts";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_LOCALES,
  type Language,
  languageFromPreferences,
} from "../../../shared/i18n/languages.ts";
import { type MessageText, messageText, parseMessage, type Text } from "../../../shared/i18n/messages.ts";
import { languageOfJoinLink } from "../../../shared/play/join-link.ts";

type Catalogue = { default: Record<string, unknown> };
const LOADERS: Record<Language, Record<CataloguePart, () => Promise<Catalogue>>> = {
  en: { pupil: () => import("virtual:catalogue/en/pupil"), teacher: () => import("virtual:catalogue/en/teacher") },
  ga: { pupil: () => import("virtual:catalogue/ga/pupil"), teacher: () => import("virtual:catalogue/ga/teacher") },
};

export const i18n = setupI18n();

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Loads one part of one language (once; fetched again twice if the Wi-Fi drops it). */
export function loadCatalogue(language: Language, part: CataloguePart): Promise<void> {
  const id = `${language}/${part}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    pending = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const catalogue = await LOADERS[language][part]();
          i18n.load(language, catalogue.default as never);
          loaded.add(id);
          return;
        } catch (error) {
          if (attempt === 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
        }
      }
    })().finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/**
 * The parts this page has asked for (the pupil part always). A switch of language loads each
 * of them in the new language before it shows, including a part still on its way when the
 * switch was pressed (a teacher who switches while the page loads).
 */
const wantedParts = new Set<CataloguePart>(["pupil"]);
export const partsWanted = (): CataloguePart[] => [...wantedParts];

/** A part in the page's language, whatever that is by the time it arrives: a switch may happen meanwhile. */
export async function loadPart(part: CataloguePart): Promise<void> {
  wantedParts.add(part);
  for (;;) {
    const language = currentLanguage();
    await loadCatalogue(language, part);
    if (language === currentLanguage()) return;
  }
}

/** Makes `language` the page's: its parts loaded as the current language's are, `<html lang>` set. */
export async function activateLanguage(language: Language, parts: readonly CataloguePart[]): Promise<void> {
  await Promise.all(parts.map((part) => loadCatalogue(language, part)));
  i18n.activate(language);
  // No document when the build draws the join page (app/prerender.tsx).
  if (typeof document !== "undefined") document.documentElement.lang = LANGUAGE_LOCALES[language];
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

const STORAGE_KEY = "cluehunt.language";
const CHOSEN_HERE_KEY = "cluehunt.language.chosenHere";

/**
 * The person at this tab pressed the switch. A session's language (the teacher's choice for the
 * class) then no longer overrides it: a child who switched to English keeps English. Kept for the
 * tab only, so the next child on a shared tablet starts with the session's language again.
 */
export function markLanguageChosenHere() {
  try {
    sessionStorage.setItem(CHOSEN_HERE_KEY, "1");
  } catch {
    // storage blocked: the session's language will apply again on the next page
  }
}

export function languageChosenHere(): boolean {
  try {
    return sessionStorage.getItem(CHOSEN_HERE_KEY) === "1";
  } catch {
    return false;
  }
}

/** The language this device chose last, if any (remembered on the device). */
export function rememberedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage blocked: the choice lasts for this page only
  }
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked or full: nothing to keep
  }
}

/**
 * The first language of a page: on a join link, the session's pupil language it names (decision
 * 029), as the server drew the page, unless the child at this tab chose one with the switch
 * (as useSessionLanguage does later); else the device's choice, else the browser's preference.
 * The link's language is not remembered: the next session brings its own.
 */
export function initialLanguage(): Language {
  const linked =
    window.location.pathname === "/join" && !languageChosenHere() ? languageOfJoinLink(window.location.search) : null;
  return linked ?? rememberedLanguage() ?? languageFromPreferences(navigator.languages ?? [navigator.language]);
}

declare const translated: unique symbol;
/** A text already in the reader's language: only translate() (and `t`) make one. */
export type Translated = string & { readonly [translated]: true };
/** What a hook hands a page to show through t(): a message, or a text translate() wrote. Never free text. */
export type ShownText = MessageText | Translated;

/** Texts already in the reader's language, one sentence after another. */
export const sentences = (...texts: Translated[]): Translated => texts.join(" ") as Translated;

/**
 * A text in the current language. A key (or `key|values`, see messages.ts) is translated;
 * any other string (a name, a question, a message from elsewhere) is shown as it is.
 */
export function translate(text: Text | string): Translated {
  const raw = messageText(text) as Translated;
  const message = parseMessage(raw);
  if (!message) return raw;
  // A value may itself be a message (a problem inside "Question 2: …"): translated first, one level deep.
  const inner = (value: string | number) => {
    const nested = typeof value === "string" ? parseMessage(value) : null;
    return nested && nested.key in (i18n.messages ?? {}) ? i18n._(nested.key, nested.values) : value;
  };
  const values =
    message.values && Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, inner(value)]));
  const shown = i18n._(message.key, values) as Translated;
  // Lingui answers an unknown id with the id itself: then this text was not a message after all.
  return shown === message.key && !(message.key in (i18n.messages ?? {})) ? raw : shown;
}
