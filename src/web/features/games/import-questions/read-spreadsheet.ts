/**
 * A teacher's spreadsheet file → the questions in it (shared/spreadsheets/spreadsheet-questions.web.ts).
 * .csv is read here; .xlsx by read-excel-file, loaded only when such a file is chosen, so
 * nobody who never imports downloads it (decision 018).
 */
import { parseCsv } from "../../../../shared/spreadsheets/csv-parse.web.ts";
import { messageText, msg } from "../../../../shared/i18n/messages.ts";
import { questionsFromSheet, type SheetCell, type SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";

/** Far above a 100-question sheet (tens of KB), far below what a tablet struggles to read. */
export const MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;

/** Catalogue keys (issue 17), with the file's name as a value. */
export const readMessages = {
  wrongType: (name: string) => messageText(msg("games.import.wrongType", { name })),
  tooLarge: messageText(msg("games.import.tooLarge", { mb: MAX_SPREADSHEET_BYTES / (1024 * 1024) })),
  readerNotLoaded: "games.import.readerNotLoaded",
  unreadable: (name: string) => messageText(msg("games.import.unreadable", { name })),
} as const;

const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";

/**
 * Text of a CSV file: UTF-8 (with or without a byte-order mark), or Windows-1252 when it is not
 * valid UTF-8 (older Excel saves "CSV" that way; fadas then come through right).
 */
export function csvText(data: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

export async function readSpreadsheet(name: string, data: ArrayBuffer): Promise<SheetImport> {
  const extension = extensionOf(name);
  if (extension !== "csv" && extension !== "xlsx") return { ok: false, message: readMessages.wrongType(name) };
  if (data.byteLength > MAX_SPREADSHEET_BYTES) return { ok: false, message: readMessages.tooLarge };
  if (extension === "csv") return questionsFromSheet(parseCsv(csvText(data)));
  let reader: typeof import("read-excel-file/universal");
  try {
    reader = await import("read-excel-file/universal");
  } catch {
    // The reader's chunk did not arrive (classroom Wi-Fi): nothing is wrong with the file.
    return { ok: false, message: readMessages.readerNotLoaded };
  }
  try {
    return questionsFromSheet((await reader.readSheet(data)) as unknown as SheetCell[][]);
  } catch {
    return { ok: false, message: readMessages.unreadable(name) };
  }
}
