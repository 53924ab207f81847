import { describe, expect, it } from "vitest";
import { formatDateTime, plural } from "./format.ts";

describe("formatDateTime", () => {
  it("formats in the Irish English locale", () => {
    const text = formatDateTime("2026-03-17T09:05:00Z");
    expect(text).toMatch(/17 Mar 2026/);
    expect(text).toMatch(/\d{2}:\d{2}/);
  });
  it("says N/A for a missing or invalid date", () => {
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDateTime(undefined)).toBe("N/A");
    expect(formatDateTime("")).toBe("N/A");
    expect(formatDateTime("not a date")).toBe("N/A");
  });
  it("pluralises counts", () => {
    expect(plural(1, "question")).toBe("1 question");
    expect(plural(3, "question")).toBe("3 questions");
  });
});
