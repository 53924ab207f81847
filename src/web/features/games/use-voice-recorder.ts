/**
 * One recorder of the teacher's voice in the editor: asks for the page's microphone (once), records
 * with MediaRecorder (WebM/Opus, or MP4 on Safari, at 32 kb/s), shows the sound's level and the
 * seconds gone, stops by itself at the limit, and uploads what was recorded (or a chosen sound
 * file) at once. The server judges and cleans every recording; its refusals are shown as its
 * sentences. `onRecorded` should change the question as it is when the upload ends (an updater).
 */
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { RECORDING_LIMITS, recordingMessages, type UploadedRecording } from "../../../shared/games/recordings.ts";
import { networkErrorMessage } from "../../lib/api-client.ts";
import { becomeCurrentRecording, holdMicrophone, microphoneStream } from "./microphone.ts";
import { uploadRecording } from "./recording-api.ts";
import {
  levelOf,
  type MicrophoneProblem,
  microphoneProblem,
  RECORDER_BITS_PER_SECOND,
  recorderType,
  uploadTypeOf,
} from "./recording-choices.ts";

/** idle (Record, or the recording), asking for the microphone, recording, saving (uploading). */
export type RecorderStep = "idle" | "asking" | "recording" | "saving";

const LIMIT_MS = RECORDING_LIMITS.maxSeconds * 1000;

/** The sound's level from the analyser of an audio graph of its own, closed with the recording. */
function levelMeter(media: MediaStream): { level: () => number; close: () => void } {
  try {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(media).connect(analyser);
    context.resume().catch(() => {});
    const frame = new Uint8Array(analyser.fftSize);
    return {
      level: () => {
        analyser.getByteTimeDomainData(frame);
        return levelOf(frame);
      },
      close: () => {
        context.close().catch(() => {});
      },
    };
  } catch {
    // No Web Audio: the recording goes on without its meter.
    return { level: () => 0, close: () => {} };
  }
}

export function useVoiceRecorder(onRecorded: (recording: UploadedRecording) => void) {
  const [step, setStep] = useState<RecorderStep>("idle");
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  /** The server's (or the network's) message, as a message text. */
  const [error, setError] = useState<string | null>(null);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const finishRecording = useRef<((keep: boolean) => void) | null>(null);
  const mounted = useRef(true);
  // The caller's latest: an upload ending after the question moved changes it where it is now.
  const latestOnRecorded = useRef(onRecorded);
  useEffect(() => {
    latestOnRecorded.current = onRecorded;
  });

  useEffect(() => {
    mounted.current = true;
    const release = holdMicrophone();
    return () => {
      mounted.current = false;
      // Gone from the page while recording (the question removed, its kind changed): nothing kept.
      finishRecording.current?.(false);
      release();
    };
  }, []);

  async function save(sound: Blob) {
    setStep("saving");
    setError(null);
    try {
      const uploaded = await uploadRecording(sound);
      if (mounted.current) latestOnRecorded.current(uploaded);
    } catch (e) {
      if (mounted.current) setError(e instanceof Error ? e.message : networkErrorMessage);
    } finally {
      if (mounted.current) setStep("idle");
    }
  }

  async function start() {
    if (step !== "idle") return;
    setError(null);
    setProblem(null);
    setStoppedAtLimit(false);
    setStep("asking");
    let media: MediaStream;
    let recorder: MediaRecorder;
    const type = typeof MediaRecorder === "undefined" ? "" : recorderType((t) => MediaRecorder.isTypeSupported(t));
    try {
      media = await microphoneStream();
      recorder = new MediaRecorder(media, {
        ...(type ? { mimeType: type } : {}),
        audioBitsPerSecond: RECORDER_BITS_PER_SECOND,
      });
    } catch (e) {
      if (mounted.current) {
        setProblem(microphoneProblem(e));
        setStep("idle");
      }
      return;
    }
    if (!mounted.current) return;

    const parts: Blob[] = [];
    const meter = levelMeter(media);
    let keep = true;
    const finish = (keepIt: boolean) => {
      if (finishRecording.current !== finish) return;
      finishRecording.current = null;
      keep = keepIt;
      clearInterval(ticking);
      clearTimeout(limit);
      meter.close();
      notCurrent();
      if (recorder.state !== "inactive") recorder.stop();
      if (mounted.current) setStep(keepIt ? "saving" : "idle");
    };
    finishRecording.current = finish;
    const notCurrent = becomeCurrentRecording(() => finish(true));
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) parts.push(event.data);
    };
    recorder.onstop = () => {
      // Stopped by the browser (the microphone unplugged): what was recorded is kept.
      if (finishRecording.current === finish) finish(true);
      if (!keep || !mounted.current) return;
      void save(new Blob(parts, { type: recorder.mimeType || type || "audio/webm" }));
    };
    recorder.start();
    const startedAt = performance.now();
    setElapsedMs(0);
    setLevel(0);
    setStep("recording");
    const ticking = setInterval(() => {
      setElapsedMs(Math.min(LIMIT_MS, performance.now() - startedAt));
      setLevel(meter.level());
    }, 100);
    const limit = setTimeout(() => {
      setStoppedAtLimit(true);
      setElapsedMs(LIMIT_MS);
      finish(true);
    }, LIMIT_MS);
  }

  /** A sound file chosen instead: the same limits and the same messages as a recording. */
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once: the same file may be chosen again, and its name goes nowhere.
    event.target.value = "";
    if (!file || step !== "idle") return;
    setProblem(null);
    setStoppedAtLimit(false);
    if (file.size === 0) return setError(recordingMessages.empty);
    if (file.size > RECORDING_LIMITS.maxBytes) return setError(recordingMessages.tooBig);
    void save(new Blob([file], { type: uploadTypeOf(file.type) }));
  };

  return {
    step,
    problem,
    error,
    stoppedAtLimit,
    elapsedMs,
    level,
    start,
    /** Stops the recording and keeps it (uploads it). */
    stop: () => finishRecording.current?.(true),
    /** The hidden file input's ref and change handler, and what opens the device's file chooser. */
    input,
    choose,
    openFile: () => input.current?.click(),
    /** Forgets what was said (the recording was removed). */
    clear: () => {
      setError(null);
      setStoppedAtLimit(false);
    },
  };
}
