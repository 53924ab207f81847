/**
 * Opens the database: PGlite in DATA_DIR by default, or PostgreSQL when DATABASE_URL is set.
 * Both give the same Drizzle API over the same schema and migrations.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";
import { lockDataDir } from "./data-dir-lock.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  close(): Promise<void>;
};

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | undefined } // undefined: in memory (tests)
  | { kind: "postgres"; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A dropped connection (server restart) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { kind: "postgres", db: db as unknown as Db, close: () => pool.end() };
  }

  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const client = new PGlite(target.dataDir ? path.join(target.dataDir, "pglite") : undefined);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      kind: "pglite",
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
