/**
 * A teacher's spreadsheet file → the questions in it (shared/spreadsheets/spreadsheet-questions.web.ts). Runs
 * in a Web Worker (read-spreadsheet.worker.ts), so that no file can freeze the editor or take
 * the tab, and its unsaved questions, down with it. .csv is read here; .xlsx by
 * read-excel-file, but only after xlsx-guard has unpacked it within a budget and checked the
 * sheet's extent, because that reader trusts both (a 3 KB file with one cell at XFD1048576 ran
 * the tab out of memory).
 */
import { readSheet } from "read-excel-file/universal";
import { parseCsv } from "../../../../shared/spreadsheets/csv-parse.web.ts";
import {
  questionsFromSheet,
  type SheetCell,
  type SheetImport,
} from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import { extensionOf, readMessages, refusalBeforeReading, SPREADSHEET_LIMITS } from "./spreadsheet-limits.ts";
import { guardXlsx } from "./xlsx-guard.ts";

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

/** A CSV's rows up to its last non-empty one (Excel writes ",,,,," for formatted rows below the data). */
function rowsInUse(rows: string[][]): number {
  let last = rows.length;
  while (last > 0 && rows[last - 1]!.every((cell) => cell.trim() === "")) last--;
  return last;
}

function readCsv(name: string, data: ArrayBuffer): SheetImport {
  const rows = parseCsv(csvText(data));
  const used = rowsInUse(rows);
  // Each row can become a line of the preview: a sheet of 200,000 would bury the editor.
  if (used > SPREADSHEET_LIMITS.rows) return { ok: false, message: readMessages.sheetTooLong(name, used) };
  return questionsFromSheet(rows.slice(0, used));
}

async function readXlsx(name: string, data: ArrayBuffer): Promise<SheetImport> {
  const guarded = guardXlsx(new Uint8Array(data), SPREADSHEET_LIMITS);
  if (!("archive" in guarded)) {
    if (guarded.refused === "tooLarge") return { ok: false, message: readMessages.unpacksTooLarge(name) };
    if (guarded.refused === "extent") {
      const { extent } = guarded;
      return {
        ok: false,
        message:
          extent.problem === "tooManyRows"
            ? readMessages.sheetTooLong(name, extent.row)
            : readMessages.sheetTooWide(name, extent.cell),
      };
    }
    return { ok: false, message: readMessages.unreadable(name) };
  }
  try {
    const { archive } = guarded;
    return questionsFromSheet(
      (await readSheet(
        archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.byteLength) as ArrayBuffer,
      )) as unknown as SheetCell[][],
    );
  } catch {
    return { ok: false, message: readMessages.unreadable(name) };
  }
}

export async function readSpreadsheet(name: string, data: ArrayBuffer): Promise<SheetImport> {
  const refusal = refusalBeforeReading(name, data.byteLength);
  if (refusal) return { ok: false, message: refusal };
  return extensionOf(name) === "csv" ? readCsv(name, data) : readXlsx(name, data);
}
