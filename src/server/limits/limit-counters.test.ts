/**
 * The limit counters on every database: the shared table (PostgreSQL's store; run on PGlite
 * too, where the app keeps them in process) and the in-process map behave alike.
 */

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../../tests/support/databases.ts";
import { type Database, queryRows } from "../db/client.ts";
import { databaseCounters, inProcessCounters, type LimitCounters } from "./limit-counters.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function behavesAsFixedWindows(make: () => LimitCounters) {
  it("counts, gives back and reads within a window, and starts again once it ends", async () => {
    const counters = make();
    // Long enough that the calls below all fall in one window on a loaded machine (at 400 ms,
    // one run on two busy cores saw a's window end between the first two calls).
    const w = 1500;
    expect(
      (
        await counters.add([
          { key: "a", windowMs: w, by: 1 },
          { key: "b", windowMs: w, by: 0 },
          { key: "c", windowMs: w, by: -1 },
        ])
      ).map((v) => v.count),
    ).toEqual([1, 0, 0]);
    const [a, b, c] = await counters.add([
      { key: "a", windowMs: w, by: 1 },
      { key: "b", windowMs: w, by: 1 },
      { key: "c", windowMs: w, by: 1 },
    ]);
    expect([a!.count, b!.count, c!.count]).toEqual([2, 1, 1]);
    expect(a!.resetInMs).toBeGreaterThan(0);
    expect(a!.resetInMs).toBeLessThanOrEqual(w);
    // A read or a give-back opened no window for b and c: they opened with their first use.
    expect(
      (
        await counters.add([
          { key: "a", windowMs: w, by: -1 },
          { key: "a2", windowMs: w, by: 0 },
        ])
      ).map((v) => v.count),
    ).toEqual([1, 0]);
    await pause(w + 50);
    const after = await counters.add([
      { key: "a", windowMs: w, by: 0 },
      { key: "b", windowMs: w, by: -1 },
      { key: "c", windowMs: w, by: 1 },
    ]);
    expect(after.map((v) => v.count)).toEqual([0, 0, 1]);
    expect(after[0]!.resetInMs).toBe(0);
  });

  it("loses no change when many arrive at once, and never goes below zero", async () => {
    const counters = make();
    const change = { key: "busy", windowMs: 60_000 };
    const counts = await Promise.all(
      Array.from({ length: 100 }, () => counters.add([{ ...change, by: 1 }]).then(([v]) => v!.count)),
    );
    expect(new Set(counts).size).toBe(100);
    expect(Math.max(...counts)).toBe(100);
    await Promise.all(Array.from({ length: 120 }, () => counters.add([{ ...change, by: -1 }])));
    expect((await counters.add([{ ...change, by: 0 }]))[0]!.count).toBe(0);
  });
}

describe("in-process counters", () => {
  behavesAsFixedWindows(() => inProcessCounters());

  it("forgets ended windows when swept", async () => {
    let now = 0;
    const counters = inProcessCounters(() => now);
    await counters.add([{ key: "k", windowMs: 10, by: 1 }]);
    now = 11;
    await counters.sweep();
    expect((await counters.add([{ key: "k", windowMs: 10, by: 0 }]))[0]).toEqual({ count: 0, resetInMs: 0 });
  });
});

describe.each(testDatabaseKinds())("the shared counters table on %s", (kind) => {
  let database: Database;
  // Creating a database and running the migrations takes longer than a unit test's default hook time.
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database?.close());

  behavesAsFixedWindows(() => databaseCounters(database.db));

  it("deletes the rows of ended windows when swept, and keeps the others", async () => {
    const counters = databaseCounters(database.db);
    await counters.add([
      { key: "ends-soon", windowMs: 50, by: 1 },
      { key: "stays", windowMs: 60_000, by: 1 },
    ]);
    await pause(80);
    await counters.sweep();
    const keys = await queryRows<{ key: string }>(
      database.db,
      sql`SELECT key FROM limit_counters WHERE key IN ('ends-soon', 'stays')`,
    );
    expect(keys.map((r) => r.key)).toEqual(["stays"]);
  });
});

describe.runIf(testDatabaseKinds().includes("postgres"))("the shared counters table, checks at once", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  }, 60_000);
  afterAll(() => database?.close());

  it("locks a check's rows in key order: checks naming the same keys in opposite orders never deadlock", async () => {
    const counters = databaseCounters(database.db);
    const keys = ["order:device", "order:address", "order:pending"];
    const checks = Array.from({ length: 300 }, (_, i) => {
      const named = i % 2 === 0 ? keys : [...keys].reverse();
      return counters.add(named.map((key) => ({ key, windowMs: 60_000, by: 1 })));
    });
    const outcomes = await Promise.allSettled(checks);
    expect(
      outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect((await counters.add(keys.map((key) => ({ key, windowMs: 60_000, by: 0 })))).map((v) => v.count)).toEqual([
      300, 300, 300,
    ]);
  });
});
