import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.server.ts";
import { csvSeparator, parseCsv } from "./csv-parse.web.ts";

describe("parseCsv", () => {
  it("reads plain records with CRLF, LF or CR line ends, and no trailing line break", () => {
    expect(parseCsv("a,b\r\nc,d\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseCsv("a,b\nc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseCsv("a,b\rc,d\r")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("reads quoted fields holding separators, doubled quotes and line breaks (one record, one row)", () => {
    const rows = parseCsv('"Which word rhymes with ""cat""?","one, two","line one\nline two",x\r\nnext,row\r\n');
    expect(rows).toEqual([
      ['Which word rhymes with "cat"?', "one, two", "line one\nline two", "x"],
      ["next", "row"],
    ]);
  });

  it("drops the byte-order mark and keeps fadas and emoji", () => {
    expect(parseCsv("\uFEFFCeist,Freagra\r\nCé hí?,Máire 🦊\r\n")).toEqual([
      ["Ceist", "Freagra"],
      ["Cé hí?", "Máire 🦊"],
    ]);
  });

  it("keeps empty fields, an empty last field, and blank lines as records of one empty field", () => {
    expect(parseCsv("a,,c,\n\nd")).toEqual([["a", "", "c", ""], [""], ["d"]]);
  });

  it("reads semicolon-separated files (European Excel), commas inside fields kept", () => {
    expect(csvSeparator("Question;Option A;Option B\n1,5;2")).toBe(";");
    expect(parseCsv('Question;Option A\r\n"2,5 + 1?";3,5\r\n')).toEqual([
      ["Question", "Option A"],
      ["2,5 + 1?", "3,5"],
    ]);
    // Commas in the header's quoted cells do not count.
    expect(csvSeparator('"a,b,c";d;e\n')).toBe(";");
    expect(csvSeparator("a,b;c\n")).toBe(",");
  });

  it("keeps a quote inside an unquoted field as written", () => {
    expect(parseCsv('5" nails,b\n')).toEqual([['5" nails', "b"]]);
  });

  it("reads back what our own CSV writer writes", () => {
    const rows = [["Question", "x, y", 'say "hi"', "two\r\nlines", "Ó Súilleabháin"]];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("gives nothing for an empty file", () => {
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\uFEFF")).toEqual([]);
  });
});
