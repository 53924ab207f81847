/**
 * How much spreadsheet the editor reads, and what it says when a file is more. A
 * game holds at most 100 questions: each bound is far above a 100-question sheet (tens of KB,
 * a hundred-odd rows, seven or eight columns) and far below what a tablet struggles with.
 * Kept apart from the reader so the editor can show these messages without loading it.
 */
import { type MessageTable, type MessageText, messageText, msg } from "../../../../shared/i18n/messages.ts";

export const SPREADSHEET_LIMITS = {
  /** The file as chosen. */
  fileBytes: 5 * 1024 * 1024,
  /** What an .xlsx unpacks to (the parts read for its first sheet): a 100-question sheet is under 1 MB. */
  unpackedBytes: 20 * 1024 * 1024,
  /** Rows of the first sheet (or of a CSV): a hundred times a full game. */
  rows: 10_000,
  /** Columns of the first sheet: CV; Kahoot!'s template uses eight. */
  columns: 100,
  /** A read that takes longer than this is stopped; the largest file allowed takes a few seconds on a tablet. */
  readMilliseconds: 20_000,
} as const;

/** "CV" for 100. */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const MB = 1024 * 1024;

/** Catalogue keys, with the file's name as a value. */
export const readMessages = {
  wrongType: (name: string) => messageText(msg("games.import.wrongType", { name })),
  tooLarge: messageText(msg("games.import.tooLarge", { mb: SPREADSHEET_LIMITS.fileBytes / MB })),
  readerNotLoaded: "games.import.readerNotLoaded",
  unreadable: (name: string) => messageText(msg("games.import.unreadable", { name })),
  unpacksTooLarge: (name: string) =>
    messageText(msg("games.import.unpacksTooLarge", { name, mb: SPREADSHEET_LIMITS.unpackedBytes / MB })),
  sheetTooLong: (name: string, row: number) =>
    messageText(msg("games.import.sheetTooLong", { name, row, max: SPREADSHEET_LIMITS.rows })),
  sheetTooWide: (name: string, cell: string) =>
    messageText(msg("games.import.sheetTooWide", { name, cell, max: columnLetters(SPREADSHEET_LIMITS.columns) })),
  tooSlow: (name: string) =>
    messageText(msg("games.import.tooSlow", { name, seconds: SPREADSHEET_LIMITS.readMilliseconds / 1000 })),
} as const satisfies MessageTable;

export const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";

/** Why a file is refused from its name and size alone, before a byte of it is read; null if it may be read. */
export function refusalBeforeReading(name: string, bytes: number): MessageText | null {
  const extension = extensionOf(name);
  if (extension !== "csv" && extension !== "xlsx") return readMessages.wrongType(name);
  if (bytes > SPREADSHEET_LIMITS.fileBytes) return readMessages.tooLarge;
  return null;
}
