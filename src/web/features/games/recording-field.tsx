/**
 * The teacher's own voice for one text in the editor (the question, an option, an item, the clue):
 * small while unused ("Record" and "Upload a recording"); while recording, a level meter, the
 * seconds gone and Stop; once kept, a chip with its length, Play back, Record again and Remove.
 * Without a microphone, or with it refused, it says why and that the device's voice reads the
 * text instead. The recording is uploaded as soon as it stops (use-voice-recorder.ts); the
 * question keeps only its id.
 */
import { useEffect, useId, useRef, useState } from "react";
import { RECORDING_LIMITS, recordingSrc, type UploadedRecording } from "../../../shared/games/recordings.ts";
import { type Message, type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { playAlone } from "./microphone.ts";
import { durationOf, rememberDuration } from "./recording-api.ts";
import { clockText, type MicrophoneProblem } from "./recording-choices.ts";
import { useVoiceRecorder } from "./use-voice-recorder.ts";
import "../../styles/recordings-editor.css";

const PROBLEM_TEXT: Record<MicrophoneProblem, MessageKey> = {
  unavailable: "games.recording.unavailable",
  missing: "games.recording.missing",
  refused: "games.recording.refused",
  busy: "games.recording.busy",
};

type Props = {
  /** The kept recording's id, or null. */
  recordingId: string | null;
  /** What it reads, for a screen reader: "Recording for option A". */
  name: Message;
  /** The hidden file input's test id. */
  fileTestId: string;
  /** Should change the question as it is when the upload ends (an updater). */
  onRecorded: (recording: UploadedRecording) => void;
  onRemove: () => void;
  /** A note under it (the clue's recording without a clue). */
  note?: MessageKey;
};

export function RecordingField({ recordingId, name, fileTestId, onRecorded, onRemove, note }: Props) {
  const t = useT();
  const ids = useId();
  const { step, problem, error, stoppedAtLimit, elapsedMs, level, start, stop, input, choose, openFile, clear } =
    useVoiceRecorder(onRecorded);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [cannotPlay, setCannotPlay] = useState(false);
  // Drawn again once a reopened recording's length is learnt (when it first plays).
  const [, setLengthsLearnt] = useState(0);
  const duration = recordingId ? durationOf(recordingId) : undefined;
  const problemId = `${ids}-problem`;
  const busy = step !== "idle";

  // The button pressed goes as the control changes: the keyboard's place moves to Stop while
  // recording, then to Play back (or Record, when nothing was kept), unless the teacher went elsewhere.
  const group = useRef<HTMLDivElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const pressedHere = useRef(false);
  useEffect(() => {
    if (!pressedHere.current || step === "asking" || step === "saving") return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && !group.current?.contains(active)) {
      pressedHere.current = false;
      return;
    }
    if (step === "recording") return stopButton.current?.focus();
    pressedHere.current = false;
    (playButton.current ?? recordButton.current)?.focus();
  }, [step, recordingId]);
  const startHere = () => {
    pressedHere.current = true;
    audio.current?.pause();
    void start();
  };

  const togglePlay = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    setCannotPlay(false);
    playAlone(element).catch((e: unknown) => {
      // A pause before it began is no failure.
      if ((e as Error)?.name !== "AbortError") setCannotPlay(true);
    });
  };

  return (
    <div className="recording-field" role="group" aria-label={t(name)} ref={group}>
      <input
        ref={input}
        type="file"
        accept="audio/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={choose}
        data-testid={fileTestId}
      />
      {step === "recording" ? (
        <div className="recording-live">
          <span className="recording-dot" aria-hidden="true" />
          <div
            className="recording-meter"
            role="meter"
            aria-label={t("games.recording.level")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
          >
            <span className="recording-meter-fill" style={{ width: `${level}%` }} />
          </div>
          <span className="recording-time">
            {clockText(elapsedMs)} / {clockText(RECORDING_LIMITS.maxSeconds * 1000)}
          </span>
          <button type="button" className="button button-small recording-stop" ref={stopButton} onClick={stop}>
            <StopIcon /> {t("games.recording.stop")}
          </button>
        </div>
      ) : recordingId ? (
        <div className="recording-chip">
          <MicIcon />
          {/* Its length once known (recorded here, or played once): a reopened game's recordings are not fetched to learn it. */}
          {duration !== undefined ? <span className="recording-length">{clockText(duration)}</span> : null}
          <button
            type="button"
            className="recording-icon-button"
            aria-label={t(playing ? "games.recording.pause" : "games.recording.play")}
            title={t(playing ? "games.recording.pause" : "games.recording.play")}
            ref={playButton}
            onClick={togglePlay}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="recording-icon-button"
            aria-label={t("games.recording.again")}
            title={t("games.recording.again")}
            aria-describedby={problem ? problemId : undefined}
            disabled={busy}
            onClick={startHere}
          >
            <AgainIcon />
          </button>
          <button
            type="button"
            className="recording-icon-button"
            aria-label={t("games.recording.remove")}
            title={t("games.recording.remove")}
            disabled={busy}
            onClick={() => {
              pressedHere.current = true;
              audio.current?.pause();
              clear();
              setCannotPlay(false);
              onRemove();
            }}
          >
            <CrossIcon />
          </button>
          {/* Nothing fetched until it is played: an editor of twenty questions opens as quickly as before. */}
          <audio
            ref={audio}
            key={recordingId}
            src={recordingSrc(recordingId)}
            preload="none"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onError={() => {
              setPlaying(false);
              setCannotPlay(true);
            }}
            onLoadedMetadata={(e) => {
              const seconds = e.currentTarget.duration;
              if (Number.isFinite(seconds)) {
                rememberDuration(recordingId, seconds * 1000);
                setLengthsLearnt((n) => n + 1);
              }
            }}
          />
        </div>
      ) : (
        <div className="recording-start">
          <button
            type="button"
            className="button button-secondary button-small recording-record"
            disabled={busy}
            aria-describedby={problem ? problemId : undefined}
            ref={recordButton}
            onClick={startHere}
          >
            <MicIcon /> {t("games.recording.record")}
          </button>
          <button type="button" className="recording-upload" disabled={busy} onClick={openFile}>
            {t("games.recording.upload")}
          </button>
        </div>
      )}
      {step === "asking" ? (
        <p role="status" className="recording-message">
          {t("games.recording.asking")}
        </p>
      ) : step === "saving" ? (
        <p role="status" className="recording-message">
          {t("games.recording.saving")}
        </p>
      ) : null}
      {stoppedAtLimit ? (
        <p role="status" className="recording-message">
          {t(msg("games.recording.stoppedAtLimit", { seconds: RECORDING_LIMITS.maxSeconds }))}
        </p>
      ) : null}
      {problem ? (
        <p className="recording-message recording-problem" id={problemId}>
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error recording-message">
          {t(error)}
        </p>
      ) : null}
      {cannotPlay ? (
        <p role="alert" className="error recording-message">
          {t("games.recording.cannotPlay")}
        </p>
      ) : null}
      {note && recordingId ? <p className="clue-hint recording-message">{t(note)}</p> : null}
    </div>
  );
}

const MicIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
    <path
      d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);
const AgainIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <path
      d="M5 12a7 7 0 1 0 2.1-5M5 4v4h4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="12" cy="12" r="2.6" fill="currentColor" />
  </svg>
);
const PlayIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
  </svg>
);
const StopIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" />
  </svg>
);
const CrossIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="recording-icon">
    <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);
