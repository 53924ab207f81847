/**
 * Server only: what a stored recording may be (a teacher's voice for a question, an option or
 * a clue), recognised by its bytes, never by its name or declared type, parsed to its end and
 * written again with only what playback needs, so that nothing a phone or a recorder wrote into
 * it (a device name, a date, a place, a title, a picture) reaches a pupil, and no page or script
 * hidden after its end is ever served. The same idea as cleanWebp for pictures.
 *
 * Taken: WebM with Opus (Chromium's and Firefox's MediaRecorder), MP4/M4A with AAC-LC or Opus
 * (Safari's MediaRecorder, iPhone and Android voice memos; a fragmented MP4 is rebuilt as a plain
 * one), Ogg with Opus (Firefox's MediaRecorder), WAV with PCM. Each is written back in its own
 * container. MP3, FLAC, AMR, CAF, AIFF and Vorbis are recognised and refused as a kind we do not
 * take. The duration is read from the container's own timing (blocks' timestamps, granule
 * positions, sample tables, the PCM byte count), never from a declared duration.
 */
import { type AudioProblem, Refusal } from "./audio-bytes.ts";
import { cleanMp4 } from "./mp4.ts";
import { cleanOgg } from "./ogg.ts";
import { cleanWav } from "./wav.ts";
import { cleanWebm } from "./webm.ts";

export type { AudioProblem } from "./audio-bytes.ts";

export type AudioLimits = { maxBytes: number; maxMs: number };
export type AudioContainer = "webm" | "mp4" | "ogg" | "wav";

/** The type each container is served with (the bytes are always the container named). */
export const AUDIO_MIME_TYPES: Record<AudioContainer, string> = {
  webm: "audio/webm",
  mp4: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
};

/**
 * The message each refusal shows (both catalogues): `audio.tooBig` takes {kb} and `audio.tooLong`
 * {seconds}, the limits the route passed.
 */
export const AUDIO_PROBLEM_MESSAGES: Record<AudioProblem, string> = {
  "not-audio": "audio.notAudio",
  unsupported: "audio.unsupported",
  "too-big": "audio.tooBig",
  "too-long": "audio.tooLong",
  truncated: "audio.truncated",
  "trailing-data": "audio.trailingData",
  "has-video": "audio.hasVideo",
  "several-tracks": "audio.severalTracks",
  damaged: "audio.damaged",
  empty: "audio.empty",
};

export type CleanAudio =
  | { ok: true; bytes: Uint8Array; mimeType: string; durationMs: number; container: AudioContainer }
  | { ok: false; problem: AudioProblem };

const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The container the bytes begin as, a kind we recognise but do not take, or neither. */
export function sniffAudio(bytes: Uint8Array): AudioContainer | "unsupported" | null {
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  if (startsWith(bytes, "OggS")) return "ogg";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WAVE", 8)) return "wav";
  if (startsWith(bytes, "ftyp", 4)) return "mp4";
  // MP3 (with an ID3 tag, or a frame's sync word), AAC in ADTS, FLAC, AMR, CAF, AIFF, RF64: sound, but not a kind we take.
  if (startsWith(bytes, "ID3") || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return "unsupported";
  if (["fLaC", "#!AMR", "caff", "RF64", "BW64"].some((magic) => startsWith(bytes, magic))) return "unsupported";
  if (startsWith(bytes, "FORM") && (startsWith(bytes, "AIFF", 8) || startsWith(bytes, "AIFC", 8))) return "unsupported";
  return null;
}

export function cleanAudio(bytes: Uint8Array, limits: AudioLimits): CleanAudio {
  if (bytes.length > limits.maxBytes) return { ok: false, problem: "too-big" };
  const container = sniffAudio(bytes);
  if (container === null) return { ok: false, problem: "not-audio" };
  if (container === "unsupported") return { ok: false, problem: "unsupported" };
  try {
    const cleaned =
      container === "webm"
        ? cleanWebm(bytes, limits.maxMs)
        : container === "ogg"
          ? cleanOgg(bytes, limits.maxMs)
          : container === "mp4"
            ? cleanMp4(bytes, limits.maxMs)
            : cleanWav(bytes, limits.maxMs);
    if (cleaned.durationMs > limits.maxMs) return { ok: false, problem: "too-long" };
    if (cleaned.durationMs <= 0) return { ok: false, problem: "empty" };
    return { ok: true, ...cleaned, mimeType: AUDIO_MIME_TYPES[container], container };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}
