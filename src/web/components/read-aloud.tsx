/**
 * Read aloud, for pupils who cannot read yet: the teacher's own recording of the words when she
 * made one (recording-player.ts, its code fetched only for a question that has one), else the
 * browser's own speech synthesis (nothing downloaded, nothing sent anywhere). One thing speaks at
 * a time; pressing the same button again stops it (but the question's speaker: see below). A
 * speaker is shown only when it has something to say: a recording this browser plays, or a voice
 * for the game's language. For questions in Irish on a device with no Irish voice and no
 * recording, the question's speaker is shown crossed out with a note saying so, in the pupil's
 * language. The question's speaker pressed twice reads the question and then each option, "A,
 * …. B, …." (each its recording where there is one). Shared by the play screen, the preview and
 * the join step's class list (each name read aloud).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../lib/i18n/language.tsx";
import { canReadAloud, chooseVoice, type SpeechLanguage } from "../lib/voice-choice.ts";

function speechSynthesisOrNull(): SpeechSynthesis | null {
  return typeof window !== "undefined" &&
    "speechSynthesis" in window &&
    typeof window.SpeechSynthesisUtterance === "function"
    ? window.speechSynthesis
    : null;
}

/** How long after the question's reading ends a second press still reads the options too. */
export const READ_AGAIN_MS = 2500;

/** Words to read, and the teacher's recording of them when she made one (its address). */
export type Reading = { text: string; recording: string | null };
const asReading = (part: string | Reading): Reading =>
  typeof part === "string" ? { text: part, recording: null } : part;

type Player = typeof import("../lib/recording-player.ts");
let playerLoading: Promise<Player> | null = null;
/** The recording player's code, fetched the first time a question on screen has a recording. */
function loadPlayer(): Promise<Player> {
  playerLoading ??= import("../lib/recording-player.ts").catch((error: unknown) => {
    playerLoading = null;
    throw error;
  });
  return playerLoading;
}

export function useReadAloud(language: SpeechLanguage) {
  const [synth] = useState(speechSynthesisOrNull);
  const [speaking, setSpeaking] = useState<string | null>(null);
  /** Stops the reading now playing (its recording and its voice); its callbacks then do nothing. */
  const current = useRef<(() => void) | null>(null);
  /** The reading that last came to its end by itself, and when: a second press just after it still counts as twice. */
  const finished = useRef<{ id: string; at: number } | null>(null);
  // Chromium fills the voice list lazily, and says so with 'voiceschanged'.
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  const player = useRef<Player | null>(null);
  /** Recordings this browser cannot play (their type): their words are read by the voice instead. */
  const [unplayable, setUnplayable] = useState<ReadonlySet<string>>(() => new Set());
  const canVoice = synth !== null && canReadAloud(voices, language);

  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener?.("voiceschanged", update);
    return () => {
      synth.removeEventListener?.("voiceschanged", update);
      synth.cancel();
    };
  }, [synth]);
  useEffect(() => () => current.current?.(), []);

  const stop = useCallback(() => {
    current.current?.();
    current.current = null;
    // Anything else pressed, or a new question: the next press of the question's speaker is a first one.
    finished.current = null;
    synth?.cancel();
    setSpeaking(null);
  }, [synth]);

  /**
   * The question on screen has these recordings: fetch the player's code and learn which of them
   * this browser can play. Nothing of the sound is downloaded until a speaker is pressed.
   */
  const prepare = useCallback((recordings: readonly (string | null)[]) => {
    const srcs = recordings.filter((src): src is string => Boolean(src));
    if (srcs.length === 0) return;
    let live = true;
    void loadPlayer()
      .then(async (loaded) => {
        player.current = loaded;
        const playable = await Promise.all(srcs.map((src) => loaded.canPlay(src)));
        const refused = srcs.filter((_, i) => !playable[i]);
        if (live && refused.length > 0) setUnplayable((before) => new Set([...before, ...refused]));
      })
      .catch(() => {
        // Its code could not be fetched (offline): a press tries again, and the voice reads meanwhile.
      });
    return () => {
      live = false;
    };
  }, []);

  const plays = useCallback(
    (recording: string | null): recording is string => recording !== null && !unplayable.has(recording),
    [unplayable],
  );

  /**
   * Reads the parts in order as one reading called `id`: each part's recording when it has one this
   * browser plays, else its words in the synthesised voice (one utterance each, so the voice pauses
   * between them), else nothing (Irish on a device with no Irish voice). A recording that fails is
   * read by the voice instead.
   */
  const say = useCallback(
    (id: string, parts: Reading[]) => {
      let cancelled = false;
      let stopRecording: (() => void) | null = null;
      const end = (toItsEnd = true) => {
        if (cancelled) return;
        cancelled = true;
        current.current = null;
        if (toItsEnd) finished.current = { id, at: Date.now() };
        setSpeaking(null);
      };
      const utterance = (text: string) => {
        const { voice, lang } = chooseVoice(synth?.getVoices() ?? [], language);
        const spoken = new SpeechSynthesisUtterance(text);
        spoken.lang = lang;
        if (voice) spoken.voice = voice;
        spoken.rate = 0.9;
        return spoken;
      };
      current.current = () => {
        cancelled = true;
        stopRecording?.();
      };
      setSpeaking(id);
      // The voice alone: every part queued at once, as the browser pauses between utterances.
      const byVoice = () => {
        if (cancelled) return;
        const utterances = canVoice && synth ? parts.map((part) => utterance(part.text)) : [];
        const last = utterances.at(-1);
        if (!last || !synth) return end(false);
        // cancel() ends the previous reading too (an error): only this reading's own end clears the state.
        last.onerror = () => end(false);
        last.onend = () => end();
        for (const spoken of utterances) synth.speak(spoken);
      };
      if (!parts.some((part) => plays(part.recording))) return byVoice();
      // Words read by the voice in turn with recordings: a part's end starts the next.
      const speakThen = (text: string, then: () => void) => {
        if (cancelled) return;
        if (!canVoice || !synth) return then();
        const spoken = utterance(text);
        spoken.onend = then;
        spoken.onerror = then;
        synth.speak(spoken);
      };
      const start = (loaded: Player) => {
        if (cancelled) return;
        player.current = loaded;
        stopRecording = loaded.readInTurn(parts, { plays, speak: speakThen, onEnd: end });
      };
      // Started within the press itself when the code is here already (Safari plays sound only then).
      if (player.current) start(player.current);
      else loadPlayer().then(start, byVoice);
    },
    [synth, language, canVoice, plays],
  );

  const toggle = useCallback(
    (id: string, text: string, recording: string | null = null) => {
      const wasSpeaking = speaking === id;
      stop();
      if (!wasSpeaking) say(id, [{ text, recording }]);
    },
    [speaking, stop, say],
  );

  /**
   * The question's speaker: a press reads `once`; a second press while it speaks, or
   * within READ_AGAIN_MS of its end, reads `all` in order (the question, then each option); a
   * press while that reads stops it. The reading of `all` is called `${id}-all`.
   */
  const pressTwiceForAll = useCallback(
    (id: string, once: string | Reading, all: readonly (string | Reading)[]) => {
      const again =
        speaking === id ||
        (speaking === null && finished.current?.id === id && Date.now() - finished.current.at < READ_AGAIN_MS);
      const readingAll = speaking === `${id}-all`;
      stop();
      if (readingAll) return;
      if (again) say(`${id}-all`, all.map(asReading));
      else say(id, [asReading(once)]);
    },
    [speaking, stop, say],
  );

  const supported = synth !== null;
  return {
    supported,
    /** The speakers can read this game's language on this device. */
    available: canVoice,
    /** The game is in Irish and this device has no Irish voice: say so instead of reading it wrongly. */
    noIrishVoice: supported && !canVoice,
    /** Whether a speaker for words with this recording (or none) has anything to say on this device. */
    canRead: (recording: string | null | undefined) => canVoice || plays(recording ?? null),
    /** Whether this recording is what its speaker plays (not the synthesised voice). */
    playsRecording: (recording: string | null | undefined) => plays(recording ?? null),
    prepare,
    speaking,
    toggle,
    pressTwiceForAll,
    stop,
  };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;

/**
 * A speaker button. On the pupil's screens it is the icon alone (named "Read aloud" or "Read
 * option A aloud"), so it never takes the question's or an option's width on a phone.
 */
export function ReadAloudButton({
  label,
  text,
  active,
  onPress,
  iconOnly = false,
}: {
  label: string;
  text: string;
  active: boolean;
  onPress: (text: string) => void;
  iconOnly?: boolean;
}) {
  return (
    <button
      type="button"
      className={`read-aloud${iconOnly ? " icon-only" : ""}`}
      aria-label={iconOnly ? label : undefined}
      aria-pressed={active}
      title={iconOnly ? label : undefined}
      onClick={() => onPress(text)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="speaker-icon">
        <path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor" />
        <path
          d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {iconOnly ? null : label}
    </button>
  );
}

/** In place of the question's speaker when the device has no Irish voice: a crossed-out speaker and the reason, in words. */
export function NoIrishVoiceNote() {
  const t = useT();
  return (
    <p className="read-aloud-unavailable" role="note">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="speaker-icon">
        <path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor" />
        <path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{t("pupil.play.noIrishVoice")}</span>
    </p>
  );
}
