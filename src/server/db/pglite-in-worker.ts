/**
 * The embedded database, run on its own thread (decision 025): a client with the part of
 * PGlite's API that Drizzle and db/prepared.ts use (query, exec, transaction), each call a
 * message to pglite-worker.mjs. The main thread never runs PostgreSQL's WebAssembly or
 * its synchronous file writes, so it answers requests on one core while the database works
 * on the other.
 *
 * Drizzle hands PGlite parser functions for date and time types that keep the text as it is;
 * functions cannot cross to a thread, so their type ids cross instead and the worker makes the
 * same parsers there. Any other function in the options is refused, loudly, rather than dropped.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Results, Transaction } from "@electric-sql/pglite";
import { projectRoot } from "../project-root.ts";

type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
};
type WireOptions = { rowMode?: "array" | "object"; textTypes?: number[] };

/** An error raised in the worker, with PostgreSQL's fields (code, detail, constraint…) as they were. */
export class PgliteWorkerError extends Error {
  constructor(data: Record<string, unknown>) {
    super(String(data.message));
    Object.assign(this, data);
    this.name = typeof data.name === "string" ? data.name : "Error";
  }
}

/** The parsers Drizzle gives: type ids whose values stay text. A parser that changes its input is not one of them. */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options as QueryOptions & Record<string, unknown>;
  const others = Object.keys(rest).filter((key) => rest[key] !== undefined);
  if (others.length > 0)
    throw new TypeError(`The embedded database's thread does not take the query options ${others.join(", ")}`);
  const textTypes = parsers
    ? Object.entries(parsers).map(([oid, parse]) => {
        if (parse("2026-11-25 10:00:00+00", Number(oid)) !== "2026-11-25 10:00:00+00")
          throw new TypeError(`A parser for type ${oid} that changes the value cannot run on the database's thread`);
        return Number(oid);
      })
    : undefined;
  return { rowMode, textTypes };
}

/** PostgreSQL's WebAssembly as the first database's thread compiled it (pglite-worker.mjs). */
let compiledPglite: WebAssembly.Module | undefined;

export class PgliteInWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;
  readonly waitReady: Promise<void>;

  private closing = false;

  /**
   * `dataDir` undefined: a database in memory (tests). `onFailure` hears of the thread
   * stopping when nobody closed it (an exception inside PGlite): the server then stops too,
   * rather than answer every request with an error (main.ts).
   */
  constructor(dataDir: string | undefined, onFailure: (error: Error) => void = () => {}) {
    this.worker = new Worker(path.join(projectRoot, "src/server/db/pglite-worker.mjs"), {
      workerData: { dataDir, pgliteWasmModule: compiledPglite },
      execArgv: [],
    });
    this.worker.on(
      "message",
      (message: { id: number; result?: unknown; error?: Record<string, unknown>; compiled?: WebAssembly.Module }) => {
        if (message.compiled) {
          compiledPglite ??= message.compiled;
          return;
        }
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        if (message.error) call.reject(new PgliteWorkerError(message.error));
        else call.resolve(message.result);
      },
    );
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      if (!this.closing) onFailure(error);
    };
    this.worker.on("error", (error) =>
      fail(Object.assign(new Error(`The embedded database's thread stopped: ${error.message}`), { cause: error })),
    );
    this.worker.on("exit", (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    this.waitReady = this.call<void>({ op: "ready" });
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: "query", text, params, options: wireOptions(options) });
  }

  exec(text: string): Promise<Results[]> {
    return this.call({ op: "exec", text });
  }

  /**
   * A transaction held open on the worker while `run` sends it statements; committed when
   * `run` returns, rolled back when it throws or calls `rollback()`. Statements from outside
   * wait for it in the worker, as PGlite itself makes them wait.
   */
  async transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call({ op: "begin", tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => (
        open(), this.call<Results<R>>({ op: "txQuery", tx: id, text, params, options: wireOptions(options) })
      ),
      exec: async (text: string) => (open(), this.call<Results[]>({ op: "txExec", tx: id, text })),
      sql: () => Promise.reject(new Error("tx.sql is not used here")),
      listen: () => Promise.reject(new Error("LISTEN is not used on the embedded database")),
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: "rollback", tx: id });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call({ op: "rollback", tx: id });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: "commit", tx: id });
    }
    return result;
  }

  /** The thread's JavaScript heap and PostgreSQL's WebAssembly memory, in bytes (answered between statements). */
  memory(): Promise<{ heapUsed: number; wasmMemory: number }> {
    return this.call({ op: "memory" });
  }

  /** Closes the database (its files are complete on disk), then the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.failure) await this.call({ op: "close" });
    await this.worker.terminate();
  }
}
