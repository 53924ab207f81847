/**
 * docs/DPIA.md is checked against the code: a data-protection officer reading it
 * must find each claim enforced by a test that exists and says what the DPIA says it does.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "../..");
const dpia = fs.readFileSync(path.join(root, "docs/DPIA.md"), "utf8");

/** Every cell of every table row. */
const cells = dpia
  .split("\n")
  .filter((line) => line.startsWith("|"))
  .flatMap((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe("docs/DPIA.md", () => {
  it("names only test files that exist, and test titles that are in them", () => {
    let titles = 0;
    const problems: string[] = [];
    for (const cell of cells) {
      const files = backticked(cell).filter((ref) => /\.test\.ts$/.test(ref));
      if (files.length === 0) continue;
      const sources = files.map((file) => {
        const full = path.join(root, file);
        if (!fs.existsSync(full)) problems.push(`no such test file: ${file}`);
        return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
      });
      for (const [, title] of cell.matchAll(/"([^"]+)"/g)) {
        titles++;
        if (!sources.some((source) => source.includes(`"${title}"`)))
          problems.push(`"${title}" is not a test title in ${files.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
    expect(titles, "the DPIA quotes the tests it relies on").toBeGreaterThan(40);
  });

  it("names only code files that exist", () => {
    const files = cells
      .flatMap(backticked)
      .filter((ref) => /^(src|tests|config|docs|scripts)\/[\w./-]+\.\w+$/.test(ref));
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it("lists every sentence of the privacy page with its test", () => {
    const section5 = dpia.slice(dpia.indexOf("## 5."), dpia.indexOf("## 6."));
    const listed = new Set(backticked(section5));
    // Headings, the introduction (the school's role) and the way back are not claims.
    const claims = Object.keys(en).filter(
      (key) =>
        key.startsWith("privacy.") && !key.endsWith(".title") && key !== "privacy.back" && key !== "privacy.lead",
    );
    expect(claims.length).toBeGreaterThan(15);
    expect(claims.filter((key) => !listed.has(key))).toEqual([]);
  });
});
