/**
 * The embedded database on its own thread (decision 025): the same answers, errors and
 * transactions as PGlite on the main thread, through real worker threads and a real PGlite.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterEach, describe, expect, inject, it } from "vitest";
import { PgliteInWorker, PgliteWorkerError } from "./pglite-in-worker.ts";
import { runStatement, statement } from "./prepared.ts";

/** Copied data directories (~40 MB each, in memory on /dev/shm), removed after each test. */
const copies: string[] = [];
/**
 * A PostgreSQL data directory of its own: a copy of the run's template (tests/support/pglite-template.ts).
 * Opening one is ~0.4 s of a core; a database in memory runs initdb first (~2.6 s).
 */
function copiedDataDir(): string {
  const template = inject("pgliteTemplate");
  if (!template) throw new Error("No PGlite template: this file runs under the unit project's globalSetup.");
  const dir = path.join(path.dirname(template), `worker-test-${randomBytes(6).toString("hex")}`);
  fs.cpSync(path.join(template, "pglite"), dir, { recursive: true });
  copies.push(dir);
  return dir;
}

const open: PgliteInWorker[] = [];
/** A copy of the template unless `where` names a directory or asks for memory. */
async function database(where: string | "in memory" = copiedDataDir()) {
  const client = new PgliteInWorker(where === "in memory" ? undefined : where);
  open.push(client);
  await client.waitReady;
  await client.exec(
    "create table if not exists t (id integer primary key, name text not null, at timestamptz not null default '2026-11-25 10:00:00+00')",
  );
  return client;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => {})));
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each test starts PGlite: seconds on a slow machine, not 5.
describe("PGlite on its own thread", { timeout: 60_000 }, () => {
  it("answers Drizzle's queries, keeping timestamps as text as Drizzle asks", async () => {
    const client = await database();
    const db = drizzle(client as unknown as PGlite);
    await db.execute(sql`insert into t (id, name) values (1, ${"Aoife"})`);
    const result = (await db.execute(sql`select id, name, at from t`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ id: 1, name: "Aoife", at: "2026-11-25 10:00:00+00" }]);
  });

  it("runs prepared statements with their parameters", async () => {
    const client = await database();
    await client.exec("insert into t (id, name) values (1, 'Aoife'), (2, 'Seán')");
    const byId = statement<"id">("pglite_worker_test_by_id", "select name from t where id = :id::integer");
    const db = drizzle(client as unknown as PGlite);
    expect(await runStatement(db as never, byId, { id: 2 })).toEqual([{ name: "Seán" }]);
    expect(await runStatement(db as never, byId, { id: 1 })).toEqual([{ name: "Aoife" }]);
  });

  it("passes PostgreSQL's error fields back (a unique violation is 23505 with its constraint)", async () => {
    const client = await database();
    await client.exec("insert into t (id, name) values (1, 'Aoife')");
    const error = await client.query("insert into t (id, name) values (1, 'Niamh')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PgliteWorkerError);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey" });
    // The database goes on working after an error.
    expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("commits a transaction, and rolls one back when it throws, holding other statements until it ends", async () => {
    const client = await database();
    const db = drizzle(client as unknown as PGlite);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, name) values (1, 'Aoife')`);
      await tx.execute(sql`insert into t (id, name) values (2, 'Seán')`);
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (3, 'Niamh')`);
        await held;
        throw new Error("changed my mind");
      })
      .catch((e: Error) => e.message);
    // A statement from outside the open transaction waits for it, and never sees its row.
    const outside = client.query<{ n: number }>("select count(*)::int as n from t");
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await failing).toBe("changed my mind");
    expect((await outside).rows).toEqual([{ n: 2 }]);
    expect((await client.query("select id from t order by id")).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("keeps bytes exactly as given, each of the 256 values, and refuses text where bytes belong", async () => {
    const client = await database();
    await client.exec("create table b (id integer primary key, bytes bytea not null)");
    const every = Uint8Array.from({ length: 256 * 3 }, (_, i) => (i * 7) % 256);
    const picture = randomBytes(400 * 1024);
    for (const [id, bytes] of [every, picture, new Uint8Array(0)].entries())
      await client.query("insert into b (id, bytes) values ($1, $2)", [id, bytes]);
    const rows = (await client.query<{ bytes: Uint8Array }>("select bytes from b order by id")).rows;
    expect(rows.map((row) => Buffer.from(row.bytes).toString("hex"))).toEqual(
      [every, picture, new Uint8Array(0)].map((bytes) => Buffer.from(bytes).toString("hex")),
    );
    // As PostgreSQL itself reads them, not only as they come back.
    expect((await client.query("select md5(bytes) as md5 from b where id = 1")).rows).toEqual([
      { md5: createHash("md5").update(picture).digest("hex") },
    ]);
    await expect(client.query("insert into b (id, bytes) values (3, $1)", ["\\x00"])).rejects.toThrow(
      "Invalid input for bytea type",
    );
  });

  it("refuses a parser that would change values, rather than dropping it", async () => {
    const client = await database();
    await expect(client.query("select 1", [], { parsers: { 1184: (v: string) => new Date(v) } })).rejects.toThrow(
      /changes the value/,
    );
  });

  it("starts with a 16 MB buffer cache and PGlite's own settings, leaving postgresql.conf as initdb wrote it (issue 33)", async () => {
    const dir = copiedDataDir();
    const conf = fs.readFileSync(path.join(dir, "postgresql.conf"), "utf8");
    const client = await database(dir);
    const setting = async (name: string) =>
      (await client.query<{ v: string }>(`select current_setting('${name}') v`)).rows[0]!.v;
    expect(await setting("shared_buffers")).toBe("16MB");
    expect(await setting("search_path")).toBe("public");
    expect(await setting("max_worker_processes")).toBe("0");
    await client.close();
    expect(fs.readFileSync(path.join(dir, "postgresql.conf"), "utf8")).toBe(conf);
  });

  it("keeps what was written in its data directory, for the next start", async () => {
    const dir = copiedDataDir();
    const first = await database(dir);
    await first.exec("insert into t (id, name) values (1, 'Aoife')");
    await first.close();
    const second = await database(dir);
    expect((await second.query("select name from t")).rows).toEqual([{ name: "Aoife" }]);
    await second.close();
  });

  it("says so when its thread is gone, instead of leaving calls waiting (a database in memory)", async () => {
    const client = await database("in memory");
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow(/embedded database's thread stopped/);
  });

  it("tells its owner when the thread stops without being closed, and rejects the calls in flight", async () => {
    const failures: string[] = [];
    const client = new PgliteInWorker(copiedDataDir(), (error) => failures.push(error.message));
    open.push(client);
    await client.waitReady;
    const inFlight = client.query("select pg_sleep(0.5)");
    // What an exception inside PGlite does to its thread, done from outside.
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(inFlight).rejects.toThrow(/embedded database's thread stopped/);
    expect(failures).toEqual([expect.stringMatching(/embedded database's thread stopped/)]);
    // A close is not a failure.
    const closed = new PgliteInWorker(copiedDataDir(), (error) => failures.push(error.message));
    await closed.waitReady;
    await closed.close();
    expect(failures).toHaveLength(1);
  });
});
