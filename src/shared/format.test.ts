import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime, formatWeekday } from "./format.ts";

describe("formatDateTime", () => {
  it("formats in the Irish English locale", () => {
    const text = formatDateTime("2026-03-17T09:05:00Z");
    expect(text).toMatch(/17 Mar 2026/);
    expect(text).toMatch(/\d{2}:\d{2}/);
  });
  it("writes Irish out in full, the same on every platform (Chromium builds have no ga-IE date data)", () => {
    const evening = new Date(2026, 10, 24, 19, 3);
    expect(formatDateTime(evening, "ga-IE")).toBe("24 Samhain 2026, 19:03");
    expect(formatDateTime(new Date(2026, 8, 1, 8, 30), "ga-IE")).toBe("1 Meán Fómhair 2026, 08:30");
    expect(formatDate(new Date(2026, 2, 17), "ga-IE")).toBe("17 Márta 2026");
    expect(formatDateTime(evening, "en-IE")).toMatch(/^24 Nov 2026, 19:03$/);
    expect(formatDateTime(null, "ga-IE")).toBe("N/B");
  });
  it("says N/A for a missing or invalid date", () => {
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDateTime(undefined)).toBe("N/A");
    expect(formatDateTime("")).toBe("N/A");
    expect(formatDateTime("not a date")).toBe("N/A");
  });
});

describe("formatWeekday and formatTime (a homework closing time, issue 32)", () => {
  it("name the day in words and the time on the 24-hour clock, in English and in Irish", () => {
    const friday = new Date(2026, 11, 4, 15, 0);
    expect(formatWeekday(friday, "en-IE")).toBe("Friday 4 December");
    expect(formatWeekday(friday, "ga-IE")).toBe("Dé hAoine 4 Nollaig");
    expect(formatWeekday(new Date(2026, 11, 3, 9, 5), "ga-IE")).toBe("Déardaoin 3 Nollaig");
    expect(formatTime(friday, "en-IE")).toBe("15:00");
    expect(formatTime(new Date(2026, 11, 3, 9, 5), "ga-IE")).toBe("09:05");
  });
  it("say N/A (N/B in Irish) for a missing or invalid date", () => {
    expect(formatWeekday(null)).toBe("N/A");
    expect(formatWeekday("not a date", "ga-IE")).toBe("N/B");
    expect(formatTime(undefined)).toBe("N/A");
  });
});
