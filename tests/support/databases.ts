/**
 * Which databases the suite runs against: PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. Under CI it must be set: the PostgreSQL run may not be skipped.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";

export type DatabaseKind = "pglite" | "postgres";

export function testDatabaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === "true") {
    throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run under CI.");
  }
  return url ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The one database a browser test file runs on. A browser test proves what the pages do with
 * what the server answers; what the database does is proven by the API tests, on both. A file
 * that asks for PostgreSQL gets it whenever the run has it (always under CI), so the pages are
 * also driven against the database a scale-out deployment runs; otherwise PGlite.
 */
export function browserDatabaseKind(prefer: DatabaseKind): DatabaseKind {
  return prefer === "postgres" && testDatabaseKinds().includes("postgres") ? "postgres" : "pglite";
}

/**
 * A fresh PGlite database: a copy of the run's migrated template (tests/support/pglite-template.ts)
 * opened as a data directory, removed on close; in memory when there is no template.
 */
async function openPglite(): Promise<Database> {
  const template = inject("pgliteTemplate");
  if (!template) return openDatabase({ kind: "pglite", dataDir: undefined });
  const dataDir = path.join(path.dirname(template), `copy-${process.pid}-${randomBytes(6).toString("hex")}`);
  fs.cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ kind: "pglite", dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database: PGlite (see openPglite), or a new PostgreSQL database dropped on close, a copy
 * of the run's migrated template when there is one (tests/support/pglite-template.ts).
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") return openPglite();
  const template = inject("postgresTemplate") || undefined;
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluehunt_test", template);
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
