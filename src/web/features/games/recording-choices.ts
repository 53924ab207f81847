/**
 * The editor's recorder's small decisions, pure so they are tested without a microphone: the
 * container the browser records in, what a refused microphone means to the teacher, the type an
 * uploaded file is sent as, a sound's level on the meter, and seconds as a clock shows them.
 */

/** Chromium and Firefox record WebM/Opus; Safari only MP4 (AAC). "" leaves the choice to the browser. */
export const RECORDER_TYPES = ["audio/webm;codecs=opus", "audio/mp4"] as const;

export function recorderType(isTypeSupported: (type: string) => boolean): string {
  return RECORDER_TYPES.find((type) => isTypeSupported(type)) ?? "";
}

/** A voice needs no more (decision 052: a 20 s recording is then about 84 KB). */
export const RECORDER_BITS_PER_SECOND = 32_000;

/**
 * Why the microphone cannot be used:
 * - `unavailable`: this browser or page cannot record at all (no mediaDevices, which is the case
 *   on a page opened over plain http on a classroom network, or no MediaRecorder);
 * - `missing`: no microphone is connected;
 * - `refused`: the teacher or the device's settings said no;
 * - `busy`: another app holds it (a video call).
 */
export type MicrophoneProblem = "unavailable" | "missing" | "refused" | "busy";

export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || (typeof error === "object" && error !== null) ? (error as Error).name : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "refused";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return "missing";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "busy";
    default:
      return "unavailable";
  }
}

/**
 * The type an uploaded file is sent with: its own when the device names it a sound or a video
 * (a phone names an M4A video/mp4), otherwise "any bytes", so the server judges it by its bytes
 * and answers with its own sentence, not a refusal of the type.
 */
export function uploadTypeOf(fileType: string): string {
  return /^(audio|video)\/[\w.+-]+/.test(fileType) ? fileType : "application/octet-stream";
}

/**
 * The meter's level, 0–100, from a frame of the analyser's time-domain bytes (128 is silence):
 * the frame's loudness (RMS) on a scale that rises quickly, so a quiet voice still moves it.
 */
export function levelOf(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const byte of frame) {
    const v = (byte - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / frame.length);
  return Math.min(100, Math.round(Math.sqrt(rms) * 140));
}

/** Milliseconds as a clock: 5_400 → "0:05", 20_000 → "0:20", 75_000 → "1:15". */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
