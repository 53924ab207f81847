/**
 * An answer is written to this device before it is sent, and forgotten only once the server
 * has it. A refresh, a closed tab or lost Wi-Fi cannot lose it; the attempt id makes the
 * server count it once however often it is re-sent.
 */
import type { PendingAnswer } from "./play-api.ts";

const key = (progressId: string) => `cluehunt:pending-answer:${progressId}`;

export function savePending(progressId: string, answer: PendingAnswer) {
  try {
    localStorage.setItem(key(progressId), JSON.stringify(answer));
  } catch {
    // Private mode or full storage: the answer is still sent, just not kept across a reload.
  }
}

export function loadPending(progressId: string): PendingAnswer | null {
  try {
    const raw = localStorage.getItem(key(progressId));
    if (!raw) return null;
    const p = JSON.parse(raw) as PendingAnswer;
    return Number.isInteger(p.questionIndex) && Number.isInteger(p.selectedOption) && typeof p.attemptId === "string"
      ? p
      : null;
  } catch {
    return null;
  }
}

export function clearPending(progressId: string) {
  try {
    localStorage.removeItem(key(progressId));
  } catch {
    // nothing stored
  }
}

/** An id for one attempt. getRandomValues works on plain http too (randomUUID does not). */
export function newAttemptId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
