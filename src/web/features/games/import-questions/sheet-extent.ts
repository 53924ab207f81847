/**
 * How far a sheet's XML reaches, read before the spreadsheet reader sees it. read-excel-file
 * builds the sheet as a dense grid: one cell at XFD1048576 makes it pad a million rows to
 * 16,384 columns, and the tab runs out of memory. What decides the grid is each `<row r="…">`
 * and `<c r="…">`; the sheet's `<dimension>` is advisory and the reader ignores it, so this
 * does too.
 *
 * The scan is deliberately wider than the reader: it looks at every `<` in the text (inside
 * comments and attribute values too), at any attribute named `r` or `something:r`, and refuses
 * a `<c>` or `<row>` tag it cannot read cleanly. It may refuse a strange file the reader would
 * have managed; it never lets through a tag the reader would act on.
 */

export type Extent = { rows: number; columns: number };

export type ExtentProblem =
  | { problem: "tooManyRows"; row: number }
  | { problem: "tooManyColumns"; cell: string }
  /** A `<c>`/`<row>` tag this scan cannot read, or a reference that is not plain `B7` / `7`. */
  | { problem: "unreadable" };

/**
 * A start tag whose local name is `c` or `row`: the reader drops a prefix up to the first colon
 * from names (`x:c` is `c`, `a:b:c` is `b:c`), and a name runs on while its characters are
 * name characters. Other tags are passed over by the regular expression engine itself.
 */
const CELL_OR_ROW_TAG = /<(?:[A-Za-z_][A-Za-z0-9_.-]*:|:)?(c|row)(?![A-Za-z0-9_:.-])/g;
const XML_SPACE = "[ \\t\\n\\v\\f\\r]";
/** The whole inside of a well-formed start tag after its name: `name="value"` pairs, then maybe `/`. */
const ATTRIBUTES = new RegExp(`^(?:${XML_SPACE}+[A-Za-z_:][A-Za-z0-9_:.-]*=(?:"[^"]*"|'[^']*'))*${XML_SPACE}*/?$`);
const ATTRIBUTE = /([A-Za-z_:][A-Za-z0-9_:.-]*)=(?:"([^"]*)"|'([^']*)')/g;
const CELL_REFERENCE = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/;
const ROW_NUMBER = /^[1-9][0-9]{0,6}$/;

/** "A" → 1, "Z" → 26, "AA" → 27, "XFD" → 16384. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/** The reader drops a prefix up to the first colon from element and attribute names (`x:c` is `c`). */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The first reference in this XML beyond the extent, or a tag that cannot be read; null when all is within. */
export function extentProblem(xml: string, limit: Extent): ExtentProblem | null {
  // The end of each tag is found by a pointer that only moves forward: one pass over the text
  // however many `<` it holds.
  let tagEnd = -1;
  for (const match of xml.matchAll(CELL_OR_ROW_TAG)) {
    const name = match[1]!;
    const start = match.index + match[0].length;
    if (tagEnd < start) tagEnd = xml.indexOf(">", start);
    if (tagEnd === -1) return { problem: "unreadable" };
    const attributes = xml.slice(start, tagEnd);
    if (!ATTRIBUTES.test(attributes)) return { problem: "unreadable" };
    for (const [, attribute, double, single] of attributes.matchAll(ATTRIBUTE)) {
      if (localName(attribute!) !== "r") continue;
      const value = double ?? single ?? "";
      if (name === "row") {
        if (!ROW_NUMBER.test(value)) return { problem: "unreadable" };
        if (Number(value) > limit.rows) return { problem: "tooManyRows", row: Number(value) };
        continue;
      }
      const cell = CELL_REFERENCE.exec(value);
      if (!cell) return { problem: "unreadable" };
      if (Number(cell[2]) > limit.rows) return { problem: "tooManyRows", row: Number(cell[2]) };
      if (columnNumber(cell[1]!) > limit.columns) return { problem: "tooManyColumns", cell: value };
    }
  }
  return null;
}

/**
 * The same scan over text that arrives in pieces (a part as it unpacks), so that a sheet of
 * 200,000 rows is refused at row 10,001 without unpacking the rest. Text is scanned up to the
 * last `>` seen: every tag that starts before it also ends by it.
 */
export class ExtentScan {
  private unscanned = "";
  constructor(private readonly limit: Extent) {}

  push(piece: string): ExtentProblem | null {
    const lastEnd = piece.lastIndexOf(">");
    if (lastEnd === -1) {
      this.unscanned += piece;
      return null;
    }
    const text = this.unscanned + piece.slice(0, lastEnd + 1);
    this.unscanned = piece.slice(lastEnd + 1);
    return extentProblem(text, this.limit);
  }

  end(): ExtentProblem | null {
    const text = this.unscanned;
    this.unscanned = "";
    return extentProblem(text, this.limit);
  }
}
