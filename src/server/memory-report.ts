/**
 * MEMORY_REPORT_MS: a line on stderr every so often with this process's memory, for the memory
 * bench (scripts/bench/memory.ts) and for anyone who wants to watch a long day. Off unless set;
 * nothing of it is served over HTTP.
 */
import type { Database } from "./db/client.ts";

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The line's fields, in MB: `memory rss=… heap=… heapTotal=… external=… dbHeap=… dbWasm=…`. */
export async function memoryLine(database: Database): Promise<string> {
  const usage = process.memoryUsage();
  const db = await database.memory?.().catch(() => undefined);
  return (
    `memory rss=${mb(usage.rss)} heap=${mb(usage.heapUsed)} heapTotal=${mb(usage.heapTotal)} ` +
    `external=${mb(usage.external)} arrayBuffers=${mb(usage.arrayBuffers)}` +
    (db ? ` dbHeap=${mb(db.heapUsed)} dbWasm=${mb(db.wasmMemory)}` : "")
  );
}

/** Starts the report; returns its stop. */
export function startMemoryReport(database: Database, everyMs: number): () => void {
  const timer = setInterval(() => {
    void memoryLine(database).then((line) => process.stderr.write(`${line}\n`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
