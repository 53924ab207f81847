/** The sheet-extent scan: the tags read-excel-file acts on, however they are written, and the same answer however the text arrives. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnNumber, ExtentScan, extentProblem } from "./sheet-extent.ts";

const LIMIT = { rows: 10_000, columns: 100 };

describe("extentProblem", () => {
  it("counts columns as a spreadsheet names them", () => {
    expect([columnNumber("A"), columnNumber("Z"), columnNumber("AA"), columnNumber("CV"), columnNumber("XFD")]).toEqual(
      [1, 26, 27, 100, 16_384],
    );
  });

  it("passes a sheet within the extent, and names the first row or cell beyond it", () => {
    expect(extentProblem(`<sheetData><row r="10000"><c r="CV10000"><v>1</v></c></row></sheetData>`, LIMIT)).toBeNull();
    expect(extentProblem(`<row r="10001"></row>`, LIMIT)).toEqual({ problem: "tooManyRows", row: 10_001 });
    expect(extentProblem(`<row r="3"><c r="CW3"/></row>`, LIMIT)).toEqual({ problem: "tooManyColumns", cell: "CW3" });
    expect(extentProblem(`<row r="3"><c r="XFD1048576"/></row>`, LIMIT)).toEqual({
      problem: "tooManyRows",
      row: 1_048_576,
    });
    // The advisory <dimension> is the reader's to ignore, and so ours.
    expect(
      extentProblem(`<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1"/></row></sheetData>`, LIMIT),
    ).toBeNull();
  });

  it("reads the tag names the reader reads: any prefix, any XML space, self-closing", () => {
    for (const tag of [
      `<x:c r="XFD2">`,
      `<:c r="XFD2"/>`,
      `<c\tr="XFD2">`,
      `<c\nr='XFD2'/>`,
      `<ns0:row r="20000">`,
      `<c s="1" r="XFD2" t="n">`,
    ]) {
      expect(extentProblem(tag, LIMIT), tag).not.toBeNull();
    }
    // Names that are not c or row to the reader (`a:b:c` is `b:c` to it).
    for (const tag of [
      `<cell r="XFD2">`,
      `<a:b:c r="XFD2">`,
      `<col min="1" max="16384"/>`,
      `<cols r="XFD2">`,
      `</c>`,
    ]) {
      expect(extentProblem(tag, LIMIT), tag).toBeNull();
    }
  });

  it("refuses a reference it cannot read plainly rather than guess what the reader makes of it", () => {
    for (const tag of [
      `<c r="&#88;FD2">`,
      `<c r="xfd2">`,
      `<c r="A1e9">`,
      `<row r="1e9">`,
      `<row r=" 5">`,
      `<c r="">`,
      `<c r=XFD2>`,
      `<c r = "A2">`,
      `<c foo=">" r="XFD2">`,
      `<c r="A2"`,
    ]) {
      expect(extentProblem(tag, LIMIT), tag).toEqual({ problem: "unreadable" });
    }
    // Every attribute named r counts, prefixed or repeated: the reader keeps the last.
    expect(extentProblem(`<c r="A2" x:r="XFD2">`, LIMIT)).toEqual({ problem: "tooManyColumns", cell: "XFD2" });
    expect(extentProblem(`<c r="A2" r="A20000">`, LIMIT)).toEqual({ problem: "tooManyRows", row: 20_000 });
  });
});

describe("ExtentScan", () => {
  const sheet = [
    `<?xml version="1.0"?><worksheet><dimension ref="A1:H9"/><sheetData>`,
    ...Array.from(
      { length: 40 },
      (_, i) => `<row r="${i + 1}" spans="1:8"><c r="A${i + 1}" t="s"><v>${i}</v></c><x:c r="H${i + 1}"/></row>`,
    ),
  ];
  const cases = [
    sheet.join("") + "</sheetData></worksheet>",
    sheet.join("") + `<row r="41"><c r="XFD41"/></row></sheetData>`,
    sheet.join("") + `<row r="20000"/>`,
    sheet.join("") + `<c r="&#65;1"/>`,
    sheet.join("") + `<row r="41"><c r="A41"`,
  ];

  it("answers as the whole-text scan does, wherever the text is cut", () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.array(fc.nat(), { maxLength: 12 }), (xml, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (xml.length + 1)))].sort((a, b) => a - b);
        const scan = new ExtentScan(LIMIT);
        let answer = null;
        let from = 0;
        for (const point of [...points, xml.length]) {
          answer ??= scan.push(xml.slice(from, point));
          from = point;
        }
        answer ??= scan.end();
        expect(answer).toEqual(extentProblem(xml, LIMIT));
      }),
    );
  });
});
