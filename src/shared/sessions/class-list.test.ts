import { describe, expect, it } from "vitest";
import { classListMessages, classListProblem, nameOnClassList, parseClassList } from "./class-list.ts";

describe("class list", () => {
  it("reads one name per line, trimmed, without blanks or repeats", () => {
    expect(parseClassList("Aoife\n\n  Seán \r\nAOIFE\nOisín\n\u0007Bríd")).toEqual(["Aoife", "Seán", "Oisín", "Bríd"]);
  });

  it("refuses too many names or a name too long", () => {
    expect(classListProblem(Array.from({ length: 61 }, (_, i) => `Name ${i}`))).toBe(classListMessages.tooMany);
    expect(classListProblem(["x".repeat(200)])).toBe(classListMessages.nameTooLong);
    expect(classListProblem(["Aoife", "Seán"])).toBeNull();
  });

  it("finds a name however it is cased or accented, in the list's own spelling", () => {
    expect(nameOnClassList(["Seán", "Aoife"], "sean")).toBe("Seán");
    expect(nameOnClassList(["Seán", "Aoife"], "Siobhán")).toBeNull();
  });
});
