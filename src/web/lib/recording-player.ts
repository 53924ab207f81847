/**
 * The teacher's recorded voice on a pupil's screen: one <audio> element for the whole page, given a
 * recording's address only when a speaker is pressed (preload none: nothing is downloaded before).
 * Loaded by a dynamic import only once a question on screen has a recording, so the play page's
 * first paint does not carry it.
 *
 * A recording the browser cannot play (WebM on an iPad with iPadOS 16 or older), one that fails to
 * load, or one that has not started after STALL_MS says so through `onFailed`: the caller reads the
 * words with the synthesised voice instead, so a child is never left waiting.
 */
import { RECORDING_LIMITS } from "../../shared/games/recordings.ts";

/** How long a pressed recording may take to start before the synthesised voice reads the words instead. */
export const STALL_MS = 4000;

/**
 * What each served type holds, as canPlayType needs to be asked: WebM and Ogg recordings are always
 * Opus (the server takes no other codec in them); an M4A is AAC or Opus, asked as the container.
 */
const ASKED_AS: Record<string, string> = {
  "audio/webm": 'audio/webm; codecs="opus"',
  "audio/ogg": 'audio/ogg; codecs="opus"',
  "audio/mp4": "audio/mp4",
  "audio/wav": "audio/wav",
};

let element: HTMLAudioElement | null = null;

/** The page's one audio element, made on first use (hidden: the speaker buttons are its controls). */
export function audioElement(): HTMLAudioElement {
  if (!element || !element.isConnected) {
    element = document.createElement("audio");
    element.preload = "none";
    element.hidden = true;
    element.className = "recording-player";
    document.body.append(element);
  }
  return element;
}

const canPlayType = (type: string): boolean => {
  const base = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return audioElement().canPlayType(ASKED_AS[base] ?? base) !== "";
};

const verdicts = new Map<string, Promise<boolean>>();

/**
 * Whether this browser can play the recording at `src`. When it plays every type the server sends
 * (Chromium, Firefox, current Safari), nothing is asked. Otherwise the type is read with a HEAD
 * request (headers only, no sound), once per address. Unknown (the request failed) counts as
 * playable: pressing the speaker tries it, and falls back if it fails.
 */
export function canPlay(src: string): Promise<boolean> {
  if (RECORDING_LIMITS.mimeTypes.every(canPlayType)) return Promise.resolve(true);
  let verdict = verdicts.get(src);
  if (!verdict) {
    verdict = fetch(src, { method: "HEAD", credentials: "same-origin" }).then(
      (response) => {
        const type = response.headers.get("content-type");
        return !response.ok || !type ? true : canPlayType(type);
      },
      () => true,
    );
    verdicts.set(src, verdict);
  }
  return verdict;
}

/**
 * Plays the recording at `src` in the page's audio element; `onEnded` when it has played to its end,
 * `onFailed` when it cannot play (type, network, a refused play, a stall). Returns a function that
 * stops it (then neither is called). Call it in the press's own event handler: Safari plays sound
 * only in answer to a tap.
 */
export function playRecording(src: string, { onEnded, onFailed }: { onEnded: () => void; onFailed: () => void }) {
  const audio = audioElement();
  let done = false;
  const events: Array<[string, () => void]> = [
    ["ended", () => finish(onEnded)],
    ["error", () => finish(onFailed)],
    ["playing", () => clearTimeout(stall)],
  ];
  const cleanUp = () => {
    clearTimeout(stall);
    for (const [name, listener] of events) audio.removeEventListener(name, listener);
  };
  const finish = (then: () => void) => {
    if (done) return;
    done = true;
    cleanUp();
    if (then === onFailed) audio.pause();
    then();
  };
  const stall = setTimeout(() => finish(onFailed), STALL_MS);
  audio.pause();
  for (const [name, listener] of events) audio.addEventListener(name, listener);
  if (audio.getAttribute("src") !== src) audio.src = src;
  else audio.currentTime = 0;
  audio.play().catch(() => finish(onFailed));
  return () => {
    if (done) return;
    done = true;
    cleanUp();
    audio.pause();
  };
}

/**
 * Reads `parts` one after the other: a part's recording when `plays` says this browser plays it,
 * else (or when it fails) its words through `speak`, which calls its `then` when they are said.
 * `onEnd` once the last is over. Returns a function that stops the reading where it is.
 */
export function readInTurn(
  parts: readonly { text: string; recording: string | null }[],
  {
    plays,
    speak,
    onEnd,
  }: {
    plays: (recording: string | null) => boolean;
    speak: (text: string, then: () => void) => void;
    onEnd: () => void;
  },
): () => void {
  let stopped = false;
  let stopRecording: (() => void) | null = null;
  const step = (i: number): void => {
    if (stopped) return;
    const part = parts[i];
    if (!part) return onEnd();
    const next = () => step(i + 1);
    const src = part.recording;
    if (src === null || !plays(src)) return speak(part.text, next);
    stopRecording = playRecording(src, { onEnded: next, onFailed: () => speak(part.text, next) });
  };
  step(0);
  return () => {
    stopped = true;
    stopRecording?.();
  };
}
