/**
 * Reads a spreadsheet in a Web Worker (read-spreadsheet.worker.ts), one worker per file, ended
 * once it answers: the reader's memory goes with it. A read that has not answered within the
 * time limit, or whose worker fails, is stopped and the teacher told why; one the editor no
 * longer wants (another file chosen, the page left) is stopped through `signal`.
 */
import type { SheetImport } from "../../../../shared/spreadsheet-questions.ts";
import type { ReadReply, ReadRequest } from "./read-spreadsheet.worker.ts";
import { SPREADSHEET_LIMITS, readMessages } from "./spreadsheet-limits.ts";

/** Resolves with the questions or a refusal; never rejects. Resolves with null when `signal` stopped it. */
export function readSpreadsheetInWorker(name: string, data: ArrayBuffer, signal: AbortSignal): Promise<SheetImport | null> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    let worker: Worker;
    try {
      worker = new Worker(new URL("./read-spreadsheet.worker.ts", import.meta.url), { type: "module", name: "spreadsheet-reader" });
    } catch {
      resolve({ ok: false, message: readMessages.readerNotLoaded });
      return;
    }
    let loaded = false;
    const finish = (result: SheetImport | null) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
      worker.terminate();
      resolve(result);
    };
    const stop = () => finish(null);
    const timer = setTimeout(() => finish({ ok: false, message: readMessages.tooSlow(name) }), SPREADSHEET_LIMITS.readMilliseconds);
    signal.addEventListener("abort", stop, { once: true });
    worker.onmessage = ({ data: reply }: MessageEvent<ReadReply>) => {
      if (reply.kind === "ready") loaded = true;
      else finish(reply.result);
    };
    worker.onerror = (event) => {
      // Handled here: the teacher is told, and the page's console stays clean.
      event.preventDefault();
      // Before "ready", the reader's script did not arrive (classroom Wi-Fi); after, the file broke it.
      finish({ ok: false, message: loaded ? readMessages.unreadable(name) : readMessages.readerNotLoaded });
    };
    const request: ReadRequest = { name, data };
    // The file's bytes move to the worker rather than being copied.
    worker.postMessage(request, [data]);
  });
}
