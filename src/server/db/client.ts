/**
 * Opens the database: PGlite in DATA_DIR by default, or PostgreSQL when DATABASE_URL is set.
 * Both give the same Drizzle API over the same schema and migrations.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { PgliteInWorker } from "./pglite-in-worker.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * What runs a query: the database, or one of its transactions (Drizzle's transaction is a
 * database too). A command's steps take an Executor, so they run inside the caller's
 * transaction with no cast.
 */
export type Executor = Db | Tx;

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * Receive NOTIFY payloads on a channel. `onReconnect` runs after a lost listening
   * connection is back (PostgreSQL restarted): notifications may have been missed meanwhile.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's thread: its JavaScript heap and PostgreSQL's WebAssembly memory, in bytes (absent on PostgreSQL). */
  memory?(): Promise<{ heapUsed: number; wasmMemory: number }>;
};

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Creating a PGlite database (initdb) grows its WebAssembly memory to ~860 MB, and that memory
 * is never given back. Doing it in a short-lived child process lets the server itself start
 * on the finished directory with its usual memory (docs/PERFORMANCE.md), on the first
 * start as on every other.
 */
function initialisePgliteInChildProcess(dir: string): Promise<void> {
  const script =
    "import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();";
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not create the database in ${dir}: ${stderr.trim()}`)),
    );
  });
}

const migrationsFolder = path.join(projectRoot, "drizzle");

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | undefined } // undefined: in memory (tests)
  | { kind: "postgres"; url: string };

/**
 * `keepConnections`: the PostgreSQL pool keeps all its connections open once made (a
 * server; main.ts prepares statements on each), instead of closing those idle for 10 s (tests,
 * which start many servers on one PostgreSQL). `onEmbeddedFailure`: PGlite's thread stopped
 * without being closed (decision 025).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { keepConnections?: boolean; onEmbeddedFailure?: (error: Error) => void } = {},
): Promise<Database> {
  if (target.kind === "postgres") {
    // JIT compilation is for analytics: its cost estimate trips on our small JSON queries and
    // adds ~25 ms to each (measured), so every connection turns it off.
    // A PostgreSQL that accepts connections but never answers (hung, a network black hole) must
    // not hold requests for ever: connecting gives up after 10 s and a query after 30 s, and
    // both count as "database unavailable" (503, db/unavailable.ts).
    const max = 10;
    const pool = new pg.Pool({
      connectionString: target.url,
      max,
      min: options.keepConnections ? max : 0,
      options: "-c jit=off",
      connectionTimeoutMillis: 10_000,
      query_timeout: 30_000,
    });
    // A dropped connection (server restart) must not crash the process; the pool reconnects.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<PgListener>();
    return {
      kind: "postgres",
      db: db as unknown as Db,
      async listen(channel, onPayload, onReconnect) {
        const listener = new PgListener(target.url, channel, onPayload, onReconnect);
        listeners.add(listener);
        await listener.start();
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((l) => l.stop()));
        await pool.end();
      },
    };
  }

  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const pgliteDir = target.dataDir ? path.join(target.dataDir, "pglite") : undefined;
    if (pgliteDir && !fs.existsSync(path.join(pgliteDir, "PG_VERSION")))
      await initialisePgliteInChildProcess(pgliteDir);
    // On its own thread (decision 025): the main thread answers requests while it works.
    const client = new PgliteInWorker(pgliteDir, options.onEmbeddedFailure);
    await client.waitReady;
    // The hot statements are prepared once (db/prepared.ts) and run with new values each time.
    // Left to choose, PostgreSQL re-planned the answer and play-state statements on every call once
    // their verdict became a `case` on the question's kind (decision 050): ~0.4 ms a call on PGlite.
    // Their generic plans serve every value (scripts/bench/answer-statement.ts, interleaved rounds:
    // the answer 2.36 → 2.08 ms, the live results 12.3 → 4.9 ms). PGlite is one session: set once.
    await client.exec("set plan_cache_mode = force_generic_plan");
    // Drizzle's driver calls only query, exec and transaction, which the thread's client has.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      kind: "pglite",
      db: db as unknown as Db,
      // The data directory is locked to this one process, so no one else could NOTIFY: the
      // event bus delivers within the process and never listens to the embedded database.
      async listen() {
        return async () => {};
      },
      close: async () => {
        await client.close();
        release();
      },
      memory: () => client.memory(),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A dedicated connection that LISTENs on one channel and comes back by itself when the
 * PostgreSQL server goes away and returns (with growing pauses, up to 5 s).
 */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly url: string;
  private readonly channel: string;
  private readonly onPayload: (payload: string) => void;
  private readonly onReconnect?: () => void;

  constructor(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
    this.url = url;
    this.channel = channel;
    this.onPayload = onPayload;
    this.onReconnect = onReconnect;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    // Until it listens, a failure belongs to the caller (reconnectSoon counts its attempts).
    const ignore = () => {};
    client.on("error", ignore);
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await client.end().catch(ignore);
      throw error;
    }
    client.off("error", ignore);
    client.on("error", () => this.reconnectSoon(client, 0));
    client.on("end", () => this.reconnectSoon(client, 0));
    this.client = client;
  }

  private reconnectSoon(failed: pg.Client, attempt: number) {
    if (this.stopped || (this.client !== failed && this.client !== null)) return;
    this.client = null;
    failed.removeAllListeners("end");
    failed.end().catch(() => {});
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      async () => {
        if (this.stopped) return;
        try {
          await this.start();
          this.onReconnect?.();
        } catch {
          this.reconnectSoon(failed, attempt + 1);
        }
      },
      Math.min(5000, 250 * 2 ** attempt),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      client.removeAllListeners("error");
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
  }
}
