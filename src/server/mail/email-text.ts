/**
 * An email's sentences in its reader's language: the teacher's saved language,
 * English when they have none. Each sentence is a catalogue message (`email.*`, the server's
 * part: no page downloads it); the text and the HTML versions say the same thing.
 */
import { LANGUAGE_LOCALES, type Language } from "../../shared/i18n/languages.ts";
import { type MessageKey, type MessageValues, msg } from "../../shared/i18n/messages.ts";
import { translate } from "../i18n.ts";

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const MARK = "\u0001";

export function emailWords(language: Language | null) {
  const lang = language ?? "en";
  const text = (key: MessageKey, values?: MessageValues) => translate(lang, msg(key, values));
  /** The sentence as HTML: escaped, with the value named `strong` (if any) in bold. */
  const html = (key: MessageKey, values: MessageValues = {}, strong?: string) => {
    const marked = strong ? { ...values, [strong]: `${MARK}${strong}${MARK}` } : values;
    const escaped = escapeHtml(text(key, marked));
    return strong
      ? escaped.replace(`${MARK}${strong}${MARK}`, `<strong>${escapeHtml(String(values[strong]))}</strong>`)
      : escaped;
  };
  /** The HTML body, marked with its language so a reader's screen reader pronounces it right. */
  const body = (paragraphs: string) => `<div lang="${LANGUAGE_LOCALES[lang]}">\n${paragraphs}\n</div>`;
  return { text, html, body };
}
