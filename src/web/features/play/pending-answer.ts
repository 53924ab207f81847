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
    return raw ? parsePending(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

const isIndexList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((k) => Number.isInteger(k));

/**
 * A kept answer as it was written: its question and attempt, and exactly one answer of any kind
 * (decision 050). One kept before kinds existed has `selectedOption` alone, and still sends.
 * Anything else (another app's key, a hand-edited value) is not an answer.
 */
export function parsePending(value: unknown): PendingAnswer | null {
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  if (!Number.isInteger(p.questionIndex) || typeof p.attemptId !== "string") return null;
  const base = { questionIndex: p.questionIndex as number, attemptId: p.attemptId };
  const answers = [
    Number.isInteger(p.selectedOption) ? { selectedOption: p.selectedOption as number } : null,
    isIndexList(p.selectedOptions) ? { selectedOptions: p.selectedOptions } : null,
    typeof p.typedAnswer === "string" ? { typedAnswer: p.typedAnswer } : null,
    isIndexList(p.order) ? { order: p.order } : null,
  ].filter((a) => a !== null);
  const given = ["selectedOption", "selectedOptions", "typedAnswer", "order"].filter((k) => p[k] !== undefined);
  return answers.length === 1 && given.length === 1 ? { ...base, ...answers[0] } : null;
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
