import { describe, expect, it } from "vitest";
import { JOIN_CODE_PATTERN, sanitiseJoinCode } from "./join-rules.ts";

describe("join code field", () => {
  it("keeps digits only, six at most", () => {
    expect(sanitiseJoinCode("12a3-45 678")).toBe("123456");
    expect(sanitiseJoinCode("abc")).toBe("");
  });
  it("a code is six digits", () => {
    expect(JOIN_CODE_PATTERN.test("482913")).toBe(true);
    expect(JOIN_CODE_PATTERN.test("48291")).toBe(false);
    expect(JOIN_CODE_PATTERN.test("4829134")).toBe(false);
  });
});
