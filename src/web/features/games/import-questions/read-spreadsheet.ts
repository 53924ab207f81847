/**
 * A teacher's spreadsheet file → the questions in it (shared/spreadsheet-questions.ts).
 * .csv is read here; .xlsx by read-excel-file, loaded only when such a file is chosen, so
 * nobody who never imports downloads it (decision 018).
 */
import { parseCsv } from "../../../../shared/csv-parse.ts";
import { questionsFromSheet, type SheetCell, type SheetImport } from "../../../../shared/spreadsheet-questions.ts";

/** Far above a 100-question sheet (tens of KB), far below what a tablet struggles to read. */
export const MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;

export const readMessages = {
  wrongType: (name: string) =>
    `"${name}" is not a .csv or .xlsx file. In your spreadsheet program choose File → Save As (or Download) and pick Excel (.xlsx) or CSV.`,
  tooLarge: "This file is larger than 5 MB, far more than a game's 100 questions. Check that it is the right file.",
  readerNotLoaded: "The spreadsheet reader could not be loaded. Check your connection, then choose the file again.",
  unreadable: (name: string) => `"${name}" could not be read as a spreadsheet. Open it in your spreadsheet program and save it again as .xlsx or CSV.`,
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
