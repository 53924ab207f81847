/**
 * Both catalogues, compiled, for code that writes text itself: the server (which
 * answers in English and names each message by key, so a client shows it in its reader's
 * language; a CSV's headings and an email in their reader's language) and tests. Server and
 * tests only: it holds every message of both languages, which no page should download.
 */
import { setupI18n } from "@lingui/core";
import { compileCatalogue } from "./compile-catalogue.ts";
import type { Language } from "./languages.ts";
import en from "./locales/en.json" with { type: "json" };
import ga from "./locales/ga.json" with { type: "json" };
import { type Message, type MessageKey, messageText, parseMessage, type Text } from "./messages.ts";

/** One instance per language: the server answers readers of both at once. */
const instances: Record<Language, ReturnType<typeof setupI18n>> = {
  en: setupI18n({ locale: "en", messages: { en: compileCatalogue(en) } as never }),
  ga: setupI18n({ locale: "ga", messages: { ga: compileCatalogue(ga) } as never }),
};

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/**
 * A text (a key, `key|values`, or any other string) as a message of the catalogue, or null
 * when it is not one (then it is shown as it is).
 */
export function asMessage(text: Text | string): Message | null {
  const message = parseMessage(messageText(text));
  return message && isMessageKey(message.key) ? (message as Message) : null;
}

export function translate(language: Language, text: Text | string): string {
  const message = asMessage(text);
  if (!message) return messageText(text);
  // A value may itself be a message (a problem inside "Question 2: …"): translated first, one level deep.
  const inner = (value: string | number) => {
    const nested = typeof value === "string" ? asMessage(value) : null;
    return nested ? instances[language]._(nested.key, nested.values) : value;
  };
  const values =
    message.values && Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, inner(value)]));
  return instances[language]._(message.key, values);
}

export const inEnglish = (text: Text | string): string => translate("en", text);
