/**
 * Reads spreadsheets in a Web Worker (read-spreadsheet.worker.ts). The editor starts it when
 * the import panel opens, so it has loaded by the time a file is chosen, and keeps it for the
 * next file. A read that has not answered within the time limit, or whose worker fails, ends
 * the worker (and the reader's memory with it) and the teacher is told why; a read the editor
 * no longer wants (another file chosen, the page left) ends it through `signal`.
 */
import type { SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import type { ReadReply, ReadRequest } from "./read-spreadsheet.worker.ts";
import { readMessages, SPREADSHEET_LIMITS } from "./spreadsheet-limits.ts";

type Outcome = ReadReply | { kind: "failed"; afterLoading: boolean };

export class SpreadsheetReader {
  private worker: Worker | null = null;
  private loaded = false;
  private answer: ((outcome: Outcome) => void) | null = null;

  /** Starts loading the reader, if it is not loaded or loading already. */
  warmUp(): void {
    if (this.worker) return;
    try {
      this.worker = new Worker(new URL("./read-spreadsheet.worker.ts", import.meta.url), {
        type: "module",
        name: "spreadsheet-reader",
      });
    } catch {
      return;
    }
    this.loaded = false;
    this.worker.onmessage = ({ data: reply }: MessageEvent<ReadReply>) => {
      if (reply.kind === "ready") this.loaded = true;
      else this.answer?.(reply);
    };
    this.worker.onerror = (event) => {
      // Handled here: the teacher is told, and the page's console stays clean.
      event.preventDefault();
      const answer = this.answer;
      const afterLoading = this.loaded;
      // Gone: the next file starts a new one (the connection may be back by then).
      this.stop();
      answer?.({ kind: "failed", afterLoading });
    };
  }

  /** Ends the worker and whatever it is reading. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.answer = null;
  }

  /** The questions or a refusal; never rejects. Null when `signal` stopped the read. */
  read(name: string, data: ArrayBuffer, signal: AbortSignal): Promise<SheetImport | null> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(null);
      this.warmUp();
      const worker = this.worker;
      if (!worker) return resolve({ ok: false, message: readMessages.readerNotLoaded });
      const finish = (result: SheetImport | null) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", cancel);
        this.answer = null;
        resolve(result);
      };
      const cancel = () => {
        this.stop();
        finish(null);
      };
      const timer = setTimeout(() => {
        this.stop();
        finish({ ok: false, message: readMessages.tooSlow(name) });
      }, SPREADSHEET_LIMITS.readMilliseconds);
      signal.addEventListener("abort", cancel, { once: true });
      this.answer = (outcome) => {
        if (outcome.kind === "read") finish(outcome.result);
        // Before "ready", the reader's script did not arrive (classroom Wi-Fi); after, the file broke it.
        else if (outcome.kind === "failed")
          finish({
            ok: false,
            message: outcome.afterLoading ? readMessages.unreadable(name) : readMessages.readerNotLoaded,
          });
      };
      const request: ReadRequest = { name, data };
      // The file's bytes move to the worker rather than being copied.
      worker.postMessage(request, [data]);
    });
  }
}
