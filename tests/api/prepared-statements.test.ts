/** Prepared statements pass every value through exactly, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { runStatement, statement } from "../../src/server/db/prepared.ts";
import { openTestDatabase, testDatabaseKinds } from "../support/databases.ts";

const ECHO = statement<"text" | "number" | "flag">("test_echo", "select :text::text as text, :number::int as number, :flag::boolean as flag, :text::text is null as was_null");

const TRICKY = [
  "O'Brien",
  "it''s",
  "back\\slash \\' and \\\\",
  "Seán Ó Súilleabháin",
  "😀 👩‍👩‍👧",
  "שלום عربى",
  "$1 :text ::int",
  "'; drop table users; --",
  "line\nbreak\ttab",
  "",
];

describe.each(testDatabaseKinds())("prepared statements on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("round-trips quotes, backslashes, fadas, emoji, right-to-left text and SQL-looking text", async () => {
    for (const text of TRICKY) {
      const [row] = await runStatement<{ text: string; number: number; flag: boolean }, "text" | "number" | "flag">(database.db, ECHO, { text, number: -7, flag: true });
      expect(row).toEqual({ text, number: -7, flag: true, was_null: false });
    }
  });

  it("passes null as NULL and is ready for concurrent first use", async () => {
    const rows = await Promise.all(Array.from({ length: 5 }, () => runStatement<{ was_null: boolean }, "text" | "number" | "flag">(database.db, ECHO, { text: null, number: 1, flag: false })));
    expect(rows.map(([row]) => row!.was_null)).toEqual([true, true, true, true, true]);
  });

  it("refuses a number that is not finite", async () => {
    await expect(runStatement(database.db, ECHO, { text: "x", number: Number.NaN, flag: false })).rejects.toThrow(/finite/);
  });
});
