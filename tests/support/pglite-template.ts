/**
 * The embedded database every test opens, made once per run (a Vitest globalSetup).
 *
 * Creating a PGlite database runs initdb in WebAssembly and then our migrations: ~4 s of one
 * core each time on a quiet two-core machine, and the suite opens one for each server it starts
 * (about 60 a run). Here it is made once, migrated, in a directory on tmpfs (/dev/shm, memory
 * like PGlite's in-memory databases); each test database is a copy of that directory, opened as
 * the server opens DATA_DIR in production (its lock, its files, the migrations found applied).
 * Measured under load on this machine: 31–39 s to open in memory, 9–10 s to copy and open.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory test databases are copied from ("" when there is none). */
    pgliteTemplate: string;
  }
}

type Shared = { template?: Promise<string> };
// Each project runs its own globalSetup in the one main process: the template is made once for all.
const shared = globalThis as typeof globalThis & { __cluehuntPgliteTemplate?: Shared };

async function makeTemplate(): Promise<string> {
  const base = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "cluehunt-test-pglite-"));
  const dataDir = path.join(base, "template");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.close();
  return dataDir;
}

export default async function setup(project: TestProject) {
  const state = (shared.__cluehuntPgliteTemplate ??= {});
  state.template ??= makeTemplate();
  const dataDir = await state.template;
  project.provide("pgliteTemplate", dataDir);
  // The copies live beside the template: one teardown removes them all, even a crashed test's.
  return () => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}
