/**
 * Messages by key. A text that crosses from shared code, or from the server, to a
 * screen is a `MessageKey` (`"pupil.join.enterCode"`) or, when it has parameters, a `Message`.
 * Where only a string fits (a zod issue's message, an ApiError's message), a Message travels
 * encoded as `key|{"values":…}`: `messageText` writes it and `parseMessage` reads it back.
 */
import type en from "./locales/en.json";

export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;
export type Message = { key: MessageKey; values?: MessageValues };

/** A text shown to a person: a key, a key with values, or (user content, a message from elsewhere) text as it is. */
export type Text = MessageKey | Message;

export const msg = (key: MessageKey, values?: MessageValues): Message => (values ? { key, values } : { key });

const KEY_PATTERN = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/** A message as one string: its key alone, or `key|{json values}`. */
export function messageText(message: Text | string): string {
  if (typeof message === "string") return message;
  return message.values && Object.keys(message.values).length > 0
    ? `${message.key}|${JSON.stringify(message.values)}`
    : message.key;
}

/** A string that holds a message written by messageText; null for any other text (which is shown as it is). */
export function parseMessage(text: string): { key: string; values?: MessageValues } | null {
  const bar = text.indexOf("|");
  const key = bar === -1 ? text : text.slice(0, bar);
  if (!KEY_PATTERN.test(key)) return null;
  if (bar === -1) return { key };
  try {
    const values = JSON.parse(text.slice(bar + 1)) as unknown;
    if (typeof values !== "object" || values === null || Array.isArray(values)) return null;
    const clean: MessageValues = {};
    for (const [name, value] of Object.entries(values))
      if (typeof value === "string" || typeof value === "number") clean[name] = value;
    return { key, values: clean };
  } catch {
    return null;
  }
}
