import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { classLists } from "./class-list-cache.ts";

/** A database that answers the class-list read after a turn of the event loop, counting reads. */
function fakeDb(classList: string[] | null) {
  const db = {
    reads: 0,
    async execute() {
      db.reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { rows: [{ session_id: "s1", class_list: classList, live_ms: 3_600_000 }] };
    },
  };
  return db;
}
const events = { subscribe: () => () => {} };

describe("class lists", () => {
  it("reads a group's list once for a class that presses Join at the same moment", async () => {
    const db = fakeDb(["Aoife", "Seán"]);
    const lists = classLists(db as unknown as Db, events);
    const names = await Promise.all(
      Array.from({ length: 30 }, (_, i) => lists.nameFor("g1", "123456", i % 2 ? "aoife" : "SEAN")),
    );
    expect(db.reads).toBe(1);
    expect(names.filter((n) => n.name === "Aoife" && n.fromList)).toHaveLength(15);
    expect(names.filter((n) => n.name === "Seán" && n.fromList)).toHaveLength(15);
    // Remembered afterwards: no read at all.
    await lists.nameFor("g1", "123456", "Aoife");
    expect(db.reads).toBe(1);
  });

  it("does not share a read between codes: each code's answer is its own", async () => {
    const db = fakeDb(null);
    const lists = classLists(db as unknown as Db, events);
    await Promise.all([lists.nameFor("g1", "111111", "Aoife"), lists.nameFor("g1", "222222", "Aoife")]);
    expect(db.reads).toBe(2);
  });

  it("refuses a name off the list for every pupil waiting on the same read", async () => {
    const db = fakeDb(["Aoife"]);
    const lists = classLists(db as unknown as Db, events);
    const results = await Promise.allSettled([
      lists.nameFor("g1", "123456", "Aoife"),
      lists.nameFor("g1", "123456", "Nobody"),
    ]);
    expect(results[0]).toMatchObject({ status: "fulfilled", value: { name: "Aoife", fromList: true } });
    expect(results[1]).toMatchObject({ status: "rejected", reason: { code: "not_on_class_list" } });
    expect(db.reads).toBe(1);
  });
});
