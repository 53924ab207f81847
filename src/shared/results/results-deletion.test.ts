import { describe, expect, it } from "vitest";
import { inEnglish, translate } from "../i18n/translator.ts";
import { deletionNotice, resultsDeletionDate } from "./results-deletion.ts";

describe("retention", () => {
  it("deletes results the set number of days after the session ended", () => {
    expect(resultsDeletionDate("2026-11-23T10:00:00.000Z", 30)?.toISOString()).toBe("2026-12-23T10:00:00.000Z");
    expect(resultsDeletionDate("2026-11-23T10:00:00.000Z", 1)?.toISOString()).toBe("2026-11-24T10:00:00.000Z");
  });

  it("has no date while the session runs, or for a broken end time", () => {
    expect(resultsDeletionDate(null, 30)).toBeNull();
    expect(resultsDeletionDate("not a date", 30)).toBeNull();
  });

  it("says the date in Irish English, or the delay while the session runs", () => {
    expect(inEnglish(deletionNotice("2026-12-23T10:00:00.000Z", 30))).toBe(
      "These results will be deleted on 23 December 2026.",
    );
    expect(inEnglish(deletionNotice(null, 30))).toBe("These results will be deleted 30 days after the session ends.");
    expect(inEnglish(deletionNotice(null, 1))).toBe("These results will be deleted 1 day after the session ends.");
    expect(translate("ga", deletionNotice("2026-12-23T10:00:00.000Z", 30, "ga-IE"))).toBe(
      "Scriosfar na torthaí seo ar 23 Nollaig 2026.",
    );
  });
});
