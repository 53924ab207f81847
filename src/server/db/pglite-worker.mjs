// @ts-check
/**
 * The embedded database's own thread (decision 025). PGlite runs PostgreSQL compiled to
 * WebAssembly, and every statement, with its file writes, runs synchronously on the thread
 * that owns it; here that is this worker, so the server's main thread keeps parsing and
 * answering requests on the other core while a statement runs.
 *
 * It speaks the small message protocol of pglite-in-worker.ts: each message names an
 * operation of PGlite's own API (query, exec, and a transaction's begin, statements, commit
 * and rollback) and gets one answer with the same id. Concurrency is PGlite's own: a
 * statement outside the open transaction waits for it, exactly as it would on the main thread.
 *
 * Plain JavaScript, so that it loads the same under `tsx`, Vitest and a bare `node`.
 */
import { Buffer } from "node:buffer";
import fs from "node:fs";
import { URL } from "node:url";
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

if (!parentPort) throw new Error("pglite-worker.mjs runs as a worker thread");
const port = parentPort;

/**
 * PostgreSQL's buffer cache, in PGlite's WebAssembly memory, which is never given back: initdb's
 * default of 128 MB is nearly all resident from the start (the server ~600 MB idle). A class's
 * database is a few MB, so 16 MB holds what the joins and answers use; a page not cached is read
 * from the OS's page cache (random reads and updates over a 55 MB table take the same time with
 * 16, 32 and 128 MB). wal_buffers follows it (1/32: 512 kB): only a transaction writing more WAL
 * than that (a migration) writes some before its commit, and pinning it at 4 MB costs ~30 MB
 * idle. Start parameters, so postgresql.conf in the data directory stays as initdb wrote it;
 * PGlite's own are kept. docs/PERFORMANCE.md has the measurements.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Bytes (bytea: a picture) in and out as PGlite's own serializer and parser give them, without
 * their loops over every byte: PGlite writes a parameter as hex text a byte at a time and reads a
 * value back the same way, ~115 ms and ~90 ms of this thread for a 400 KB picture. Returned as
 * it is, a parameter goes to PostgreSQL in binary (PGlite's bind sends any Uint8Array so; its
 * types say text): ~12 ms. A value still comes back as PostgreSQL's hex text (`\x…`), which
 * Buffer decodes at once: ~7 ms. Anything but bytes is refused with PGlite's own message.
 */
const serializers = {
  [types.BYTEA]: (/** @type {unknown} */ value) => {
    if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
    return value;
  },
};
const parsers = {
  [types.BYTEA]: (/** @type {string} */ text) => new Uint8Array(Buffer.from(text.slice(2), "hex")),
};

/**
 * PostgreSQL's WebAssembly, compiled once per process: the first database's thread compiles it and
 * hands the module to the main thread, which gives it to every later database's thread (the tests
 * open one for each server they start: ~2 s of a core each when compiled again). Compiled code is
 * shared between threads, including what V8 later optimises, so a later thread starts warm.
 */
/** @type {WebAssembly.Module} */
const pgliteWasmModule =
  workerData.pgliteWasmModule ??
  (await globalThis.WebAssembly.compile(
    fs.readFileSync(new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"))),
  ));
if (!workerData.pgliteWasmModule) port.postMessage({ compiled: pgliteWasmModule });

/** @type {PGlite} */
const pg = new PGlite(workerData.dataDir ?? undefined, {
  startParams,
  pgliteWasmModule,
  serializers: /** @type {import("@electric-sql/pglite").SerializerOptions} */ (/** @type {unknown} */ (serializers)),
  parsers,
});

/** Open transactions by id: the PGlite transaction, and how the main thread wants it to end. */
/** @type {Map<number, { tx: import("@electric-sql/pglite").Transaction, end: (how: "commit" | "rollback") => void, done: Promise<unknown> }>} */
const transactions = new Map();

const identity = (/** @type {unknown} */ value) => value;

/** The query options as PGlite takes them: the parsers the main thread named (all keep the text as it is). */
function queryOptions(/** @type {{ rowMode?: "array" | "object", textTypes?: number[] } | undefined} */ options) {
  if (!options) return undefined;
  const parsers = options.textTypes ? Object.fromEntries(options.textTypes.map((oid) => [oid, identity])) : undefined;
  return { rowMode: options.rowMode, parsers };
}

/** A transaction opened on PGlite and held open until the main thread commits or rolls it back. */
function begin(/** @type {number} */ id) {
  return new Promise((started, failed) => {
    let began = false;
    const done = pg.transaction(async (tx) => {
      /** @type {"commit" | "rollback"} */
      const how = await new Promise((end) => {
        transactions.set(id, { tx, end, done });
        began = true;
        started(undefined);
      });
      if (how === "rollback") await tx.rollback();
    });
    done.catch((error) => {
      if (!began) failed(error);
    });
  });
}

async function finish(/** @type {number} */ id, /** @type {"commit" | "rollback"} */ how) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  open.end(how);
  await open.done;
}

function openTransaction(/** @type {number} */ id) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  return open.tx;
}

/** @param {any} message */
async function run(message) {
  switch (message.op) {
    case "ready":
      return pg.waitReady;
    case "query":
      return pg.query(message.text, message.params, queryOptions(message.options));
    case "exec":
      return pg.exec(message.text);
    case "begin":
      return begin(message.tx);
    case "txQuery":
      return openTransaction(message.tx).query(message.text, message.params, queryOptions(message.options));
    case "txExec":
      return openTransaction(message.tx).exec(message.text);
    case "commit":
      return finish(message.tx, "commit");
    case "rollback":
      return finish(message.tx, "rollback");
    case "close":
      return pg.close();
    case "memory":
      return memory();
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/**
 * This thread's heap and PostgreSQL's WebAssembly memory (which only grows), for the server's
 * memory report (memory-report.ts). `mod` is PGlite's Emscripten module, not in its types.
 */
function memory() {
  const wasm = /** @type {{ mod?: { HEAPU8?: Uint8Array } }} */ (/** @type {unknown} */ (pg)).mod?.HEAPU8;
  return { heapUsed: getHeapStatistics().used_heap_size, wasmMemory: wasm?.byteLength ?? 0 };
}

/** An error as data: its message, name and every field PostgreSQL gave it (code, detail, constraint…). */
function errorData(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value !== "function" && typeof value !== "object") fields[key] = value;
  return { ...fields, message: error.message, name: error.name };
}

port.on("message", (message) => {
  run(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: errorData(error) }),
  );
});
