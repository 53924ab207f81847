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

  it("refuses a name with more than 3 marks on one letter, as the join does, and keeps real names with marks", () => {
    expect(classListProblem(["Aoife", `A${"\u0301".repeat(29)}`])).toBe(classListMessages.tooManyMarks);
    expect(classListProblem(parseClassList(`Niamh\nSe\u00e1\u0301\u0301\u0301n`))).toBe(classListMessages.tooManyMarks);
    expect(classListProblem(parseClassList("Se\u0301an\nNguyệt\nप्रियंका\nསྒྲོལ་མ\nလှိုင်"))).toBeNull();
  });

  it("finds a name however it is cased or accented, in the list's own spelling", () => {
    expect(nameOnClassList(["Seán", "Aoife"], "sean")).toBe("Seán");
    expect(nameOnClassList(["Seán", "Aoife"], "Siobhán")).toBeNull();
  });
});
