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

declare const encoded: unique symbol;
/** A Message with values as one string (`key|{json values}`): only messageText makes one. */
export type EncodedMessage = string & { readonly [encoded]: true };
/**
 * What an error or a notice carries where only a string fits (an ApiError's message, a zod
 * issue's): a catalogue key, or a Message encoded by messageText. Never free text, so no
 * English reaches a reader of Irish.
 */
export type MessageText = MessageKey | EncodedMessage;

export const msg = (key: MessageKey, values?: MessageValues): Message => (values ? { key, values } : { key });

const KEY_PATTERN = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/** A message as one string: its key alone, or `key|{json values}`. Any other string stays as it is. */
export function messageText(message: Text): MessageText;
export function messageText(message: Text | string): string;
export function messageText(message: Text | string): string {
  if (typeof message === "string") return message;
  return message.values && Object.keys(message.values).length > 0
    ? `${message.key}|${JSON.stringify(message.values)}`
    : message.key;
}

/**
 * A string from outside the types (a zod issue's message, a framework's error) as a MessageText
 * when it has a message's form (`key` or `key|{json values}`), else null: free text never passes.
 */
export function asMessageText(text: string | undefined): MessageText | null {
  return text !== undefined && parseMessage(text) ? (text as MessageText) : null;
}

/**
 * A zod issue's message, which zod types as any string: the schema's key, or "Invalid input."
 * where zod wrote its own English (a schema that gives no message).
 */
export const issueMessage = (issue: { message: string } | undefined): MessageText =>
  asMessageText(issue?.message) ?? "common.error.invalidInput";

/**
 * A domain's messages (`gameMessages`, `sessionMessages`…): keys, encoded messages, and functions
 * making one from its values. catalogues.test.ts checks that every one has its English and Irish.
 */
export type MessageTable = Record<string, MessageText | Message | ((...values: never[]) => MessageText | Message)>;

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
