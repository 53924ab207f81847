/**
 * The spreadsheet reader's own thread: the editor hands it a file and gets back the
 * questions or a refusal, and can stop it at any time. Whatever a file does here, the editor
 * stays responsive and keeps what the teacher typed.
 */
import type { SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import { readSpreadsheet } from "./read-spreadsheet.ts";

export type ReadRequest = { name: string; data: ArrayBuffer };
export type ReadReply = { kind: "ready" } | { kind: "read"; result: SheetImport };

/** The worker's global scope, as far as this file uses it (the project's types are the DOM's). */
const scope = self as unknown as {
  postMessage(reply: ReadReply): void;
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
};

scope.onmessage = async ({ data: { name, data } }) => {
  scope.postMessage({ kind: "read", result: await readSpreadsheet(name, data) });
};
// Tells the editor the reader loaded: a failure after this is the file's, not the network's.
scope.postMessage({ kind: "ready" });
