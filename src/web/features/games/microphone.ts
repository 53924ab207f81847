/**
 * The editor page's one microphone: asked for once (the browser asks the teacher once per page),
 * the same stream for every recording after that, and let go when the last recorder leaves the
 * page, so the browser's "microphone in use" mark goes out when the teacher leaves the editor.
 * Also the one recording at a time: starting another stops the one under way.
 */

let stream: Promise<MediaStream> | null = null;
let recorders = 0;
let stopCurrent: (() => void) | null = null;

/** The microphone's stream; the first call asks for it. A refusal is thrown, and the next call asks again. */
export function microphoneStream(): Promise<MediaStream> {
  if (!stream) {
    const devices = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!devices?.getUserMedia || typeof MediaRecorder === "undefined")
      return Promise.reject(new TypeError("This page cannot record (no mediaDevices or MediaRecorder)."));
    const asked = devices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    stream = asked;
    asked.then(
      (got) => {
        // Unplugged, or taken away in the browser's settings: asked for again next time.
        for (const track of got.getAudioTracks())
          track.addEventListener("ended", () => {
            if (stream === asked) stream = null;
          });
      },
      () => {
        if (stream === asked) stream = null;
      },
    );
  }
  return stream;
}

/** A recorder is on the page; the function returned says it has gone. */
export function holdMicrophone(): () => void {
  recorders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    recorders--;
    if (recorders === 0 && stream) {
      const last = stream;
      stream = null;
      last.then((s) => s.getTracks().forEach((track) => track.stop())).catch(() => {});
    }
  };
}

/** This recording is now the one under way: the one before it is stopped (and kept). */
export function becomeCurrentRecording(stop: () => void): () => void {
  if (stopCurrent && stopCurrent !== stop) stopCurrent();
  stopCurrent = stop;
  return () => {
    if (stopCurrent === stop) stopCurrent = null;
  };
}

/** One recording plays at a time: the one before it pauses. */
let playing: HTMLAudioElement | null = null;
export function playAlone(audio: HTMLAudioElement): Promise<void> {
  if (playing && playing !== audio) playing.pause();
  playing = audio;
  return audio.play();
}
