/**
 * English keeps SPEC.md's texts word for word. The catalogue is checked against the
 * list in spec-texts.ts always; the list itself against SPEC.md where the specification sits
 * beside the repository (../shared/SPEC.md, as on the team's machines).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "./locales/en.json" with { type: "json" };
import { SPEC_TEXTS } from "./spec-texts.ts";

const specPath = join(import.meta.dirname, "..", "..", "..", "..", "shared", "SPEC.md");
const catalogue = en as Record<string, string>;

describe("SPEC.md's English texts in the catalogue", () => {
  it.each(Object.entries(SPEC_TEXTS))("%s is SPEC's text word for word", (key, text) => {
    expect(catalogue[key]).toBe(text);
  });

  it.skipIf(!existsSync(specPath))("lists only texts that SPEC.md has", () => {
    const spec = readFileSync(specPath, "utf8");
    expect(Object.values(SPEC_TEXTS).filter((text) => !spec.includes(text!))).toEqual([]);
  });
});
