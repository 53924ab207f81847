/**
 * A teacher's own voice in questions: the limits both sides keep, where a recording is served,
 * and the sentences a teacher reads. No zod and no runtime beyond constants, so the pupils'
 * bundle may import the types at no cost. The server checks and cleans every recording
 * (server/audio/clean-audio.ts).
 */
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";

export const RECORDING_LIMITS = {
  /** Seconds a teacher may record. */
  maxSeconds: 20,
  /** Milliseconds the server takes: 20 s and a little slack (an AAC encoder's priming adds 23 ms). */
  maxMs: 20_500,
  /** Bytes of one stored recording: 20 s at 128 kb/s, more than a voice recorder writes. */
  maxBytes: 512 * 1024,
  /** The types a recording is served with, one per container the server takes. */
  mimeTypes: ["audio/webm", "audio/mp4", "audio/ogg", "audio/wav"],
} as const;

/** Where a stored recording is served. Ids are random UUIDs and a recording never changes, so the address is cached for good. */
export const RECORDING_PATH = "/api/recordings/";
export const recordingSrc = (recordingId: string) => `${RECORDING_PATH}${recordingId}`;

/** What POST /api/recordings answers. */
export type UploadedRecording = { id: string; src: string; mimeType: string; durationMs: number; bytes: number };

/** Catalogue keys: the server answers with them, the editor shows them in the teacher's language; limits travel as values. */
export const recordingMessages = {
  notAudio: "audio.notAudio",
  unsupported: "audio.unsupported",
  tooBig: messageText(msg("audio.tooBig", { kb: RECORDING_LIMITS.maxBytes / 1024 })),
  tooLong: messageText(msg("audio.tooLong", { seconds: RECORDING_LIMITS.maxSeconds })),
  truncated: "audio.truncated",
  trailingData: "audio.trailingData",
  hasVideo: "audio.hasVideo",
  severalTracks: "audio.severalTracks",
  damaged: "audio.damaged",
  empty: "audio.empty",
  notFound: "audio.notFound",
} as const satisfies MessageTable;
