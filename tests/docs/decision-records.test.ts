/**
 * Every decision record says when it was taken and whether it still holds: a reader
 * of docs/decisions/ must tell a rule in force from one a later record amended or replaced.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../docs/decisions");
const records = fs
  .readdirSync(dir)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort()
  .map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), "utf8") }));

/** The Date and Status from the record's opening lines (before its first section). */
function header(text: string): { date?: string; status?: string } {
  const opening = text.split(/^## /m)[0]!.replace(/\s+/g, " ");
  return {
    date: /\bDate: (\d{4}-\d{2}-\d{2})\b/.exec(opening)?.[1],
    status: /\bStatus: ([a-z][^.·]*)/i.exec(opening)?.[1]?.trim(),
  };
}

const STATUSES = /^(proposed|accepted|superseded by decision \d{3}|deprecated)\b/;

describe("docs/decisions/", () => {
  it("has a template with a Date and a Status", () => {
    const template = records.find((record) => record.file === "000-template.md");
    expect(template, "docs/decisions/000-template.md").toBeDefined();
    expect(template!.text).toMatch(/^Date: .*Status: /m);
  });

  it("gives every record a real Date and a Status that says whether it holds", () => {
    const problems: string[] = [];
    for (const { file, text } of records.filter((record) => record.file !== "000-template.md")) {
      const { date, status } = header(text);
      if (!date || Number.isNaN(Date.parse(date))) problems.push(`${file}: no "Date: YYYY-MM-DD"`);
      if (!status) problems.push(`${file}: no "Status:"`);
      else if (!STATUSES.test(status))
        problems.push(
          `${file}: Status "${status}" is not proposed, accepted, superseded by decision NNN or deprecated`,
        );
    }
    expect(problems).toEqual([]);
    expect(records.length, "the records were read").toBeGreaterThan(28);
  });

  it("numbers each record once, in its title as in its file name", () => {
    const numbers = records.map((record) => record.file.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    const mismatched = records
      .filter((record) => record.file !== "000-template.md")
      .filter(({ file, text }) => !text.startsWith(`# ${file.slice(0, 3)}`))
      .map((record) => record.file);
    expect(mismatched).toEqual([]);
  });

  it("names only decisions that exist when it amends, revises or supersedes one", () => {
    const numbers = new Set(records.map((record) => record.file.slice(0, 3)));
    const dangling = records.flatMap(({ file, text }) =>
      [...text.matchAll(/\bdecisions? (\d{3})\b/g)]
        .filter(([, n]) => !numbers.has(n!))
        .map(([, n]) => `${file}: decision ${n}`),
    );
    expect(dangling).toEqual([]);
  });
});
