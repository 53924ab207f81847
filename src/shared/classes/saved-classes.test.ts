import { describe, expect, it } from "vitest";
import { defaultClassLevel } from "./saved-classes.ts";

describe("defaultClassLevel", () => {
  it("is the level of the class saved or edited last, among those with a level", () => {
    expect(
      defaultClassLevel([
        { level: "2nd Class", updatedAt: "2026-11-20T10:00:00.000Z" },
        { level: null, updatedAt: "2026-11-26T10:00:00.000Z" },
        { level: "4th Class", updatedAt: "2026-11-24T10:00:00.000Z" },
      ]),
    ).toBe("4th Class");
  });

  it("is null without classes or when none has a level", () => {
    expect(defaultClassLevel([])).toBeNull();
    expect(defaultClassLevel([{ level: null, updatedAt: "2026-11-26T10:00:00.000Z" }])).toBeNull();
  });
});
