/**
 * The databases every test opens, made once per run (a Vitest globalSetup): the embedded one,
 * and PostgreSQL's when the run has one.
 *
 * Creating a PGlite database runs initdb in WebAssembly and then our migrations: ~4 s of one
 * core each time on a quiet two-core machine, and the suite opens one for each server it starts
 * (about 60 a run). Here it is made once, migrated, in a directory on tmpfs (/dev/shm, memory
 * like PGlite's in-memory databases); each test database is a copy of that directory, opened as
 * the server opens DATA_DIR in production (its lock, its files, the migrations found applied).
 * Measured under load on this machine: 31–39 s to open in memory, 9–10 s to copy and open.
 *
 * PostgreSQL the same way: one database migrated once per run, which each test's new database is
 * created from (CREATE DATABASE … TEMPLATE copies its files), instead of running every migration on
 * each of the ~80 databases a run makes. Measured, create and open: 532 → 423 ms on a quiet
 * machine, 1,170 → 752 ms at a load average of ~10 (medians of 8 and 6). The migrations from
 * nothing still run here, once a run, and in the tests of `npm start` on an empty database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { openDatabase } from "../../src/server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory test databases are copied from ("" when there is none). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database test databases are created from ("" when there is none). */
    postgresTemplate: string;
  }
}

type Shared = {
  template?: Promise<string>;
  postgres?: Promise<{ name: string; drop(): Promise<void> } | undefined>;
  users?: number;
};
// Each project runs its own globalSetup in the one main process: the template is made once for all.
const shared = globalThis as typeof globalThis & { __cluehuntPgliteTemplate?: Shared };

async function makeTemplate(): Promise<string> {
  const base = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "cluehunt-test-pglite-"));
  const dataDir = path.join(base, "template");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.close();
  return dataDir;
}

/** A PostgreSQL database with every migration applied, when the run has PostgreSQL (TEST_DATABASE_URL). */
async function makePostgresTemplate(): Promise<{ name: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const scratch = await createScratchDatabase(adminUrl, "cluehunt_template");
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  // Closed before use: PostgreSQL copies a template only while nobody is connected to it.
  await database.close();
  return { name: new URL(scratch.url).pathname.slice(1), drop: scratch.drop };
}

export default async function setup(project: TestProject) {
  const state = (shared.__cluehuntPgliteTemplate ??= {});
  state.template ??= makeTemplate();
  state.postgres ??= makePostgresTemplate();
  state.users = (state.users ?? 0) + 1;
  const [dataDir, postgres] = await Promise.all([state.template, state.postgres]);
  project.provide("pgliteTemplate", dataDir);
  project.provide("postgresTemplate", postgres?.name ?? "");
  return async () => {
    // The copies live beside the template: one teardown removes them all, even a crashed test's.
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    // The PostgreSQL template once the last project using it is done.
    state.users = (state.users ?? 1) - 1;
    if (state.users === 0) await postgres?.drop();
  };
}
