/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel shows fadas correctly),
 * CRLF line ends, and cells that a spreadsheet would run as a formula defused with a
 * leading apostrophe (OWASP's advice on CSV injection). Spreadsheets read the full-width
 * ＝＋－＠ (typed on Japanese, Chinese and Korean keyboards) as the ASCII ones, so those too.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
