import { describe, expect, it } from "vitest";
import { csvCell } from "./csv.server.ts";

describe("CSV cells a spreadsheet would run as a formula", () => {
  it("defuses ASCII and full-width formula starts alike", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20"]) {
      const cell = csvCell(`${start}HYPERLINK("http://evil.example")`);
      expect(cell.replace(/^"/, "").startsWith(`'${start}`), JSON.stringify(cell)).toBe(true);
    }
  });

  it("leaves ordinary text and numbers alone", () => {
    expect(csvCell("Aoife")).toBe("Aoife");
    expect(csvCell("Ｗ full-width letter")).toBe("Ｗ full-width letter");
    expect(csvCell(-3)).toBe("-3");
  });
});
