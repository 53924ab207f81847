/**
 * Reading CSV (RFC 4180) as spreadsheets save it: quoted fields holding commas, quotes ("")
 * and line breaks; CRLF, LF or CR line ends; a UTF-8 byte-order mark; and the semicolon that
 * Excel uses as the separator where the comma is the decimal mark (much of Europe). Pure: the
 * import preview calls it in the browser, the tests call it directly.
 */

/** The separator of a file: ';' when its first record has more semicolons than commas outside quotes, else ','. */
export function csvSeparator(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c === ",") commas++;
    else if (!quoted && c === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * The records of a CSV text, each a list of fields. Record n (from 1) is the row a
 * spreadsheet shows as row n, even when a quoted field inside it spans several lines.
 * A quote inside an unquoted field is kept as written (as Excel does).
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const separator = csvSeparator(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === separator) {
      record.push(field);
      field = "";
      fieldStarted = false;
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      fieldStarted = false;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  // The last record, unless the text ended with a line break.
  if (fieldStarted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
