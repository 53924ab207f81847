/**
 * Read aloud, for pupils who cannot read yet: the browser's own speech synthesis (nothing
 * downloaded, nothing sent anywhere). One thing speaks at a time; pressing the same button
 * again stops it (but the question's speaker: see below). Without speechSynthesis in the browser the buttons are not shown at all;
 * for questions in Irish on a device with no Irish voice, the question's speaker is shown
 * crossed out with a note saying so, in the pupil's language. The question's speaker
 * pressed twice reads the question and then each option, "A, …. B, ….". Shared by the
 * play screen and the join step's class list (each name read aloud).
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

export function useReadAloud(language: SpeechLanguage) {
  const [synth] = useState(speechSynthesisOrNull);
  const [speaking, setSpeaking] = useState<string | null>(null);
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  /** The reading that last came to its end by itself, and when: a second press just after it still counts as twice. */
  const finished = useRef<{ id: string; at: number } | null>(null);
  // Chromium fills the voice list lazily, and says so with 'voiceschanged'.
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);

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

  const stop = useCallback(() => {
    if (!synth) return;
    current.current = null;
    // Anything else pressed, or a new question: the next press of the question's speaker is a first one.
    finished.current = null;
    synth.cancel();
    setSpeaking(null);
  }, [synth]);

  /** Says the parts in order, one utterance each (so the voice pauses between them), as one reading called `id`. */
  const say = useCallback(
    (id: string, parts: string[]) => {
      if (!synth) return;
      const { voice, lang } = chooseVoice(synth.getVoices(), language);
      const utterances = parts.map((text) => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = lang;
        if (voice) utterance.voice = voice;
        utterance.rate = 0.9;
        return utterance;
      });
      const last = utterances.at(-1);
      if (!last) return;
      // cancel() ends the previous reading too: only the one now playing may clear the state.
      last.onerror = () => {
        if (current.current !== last) return;
        current.current = null;
        setSpeaking(null);
      };
      last.onend = () => {
        if (current.current !== last) return;
        current.current = null;
        finished.current = { id, at: Date.now() };
        setSpeaking(null);
      };
      current.current = last;
      setSpeaking(id);
      for (const utterance of utterances) synth.speak(utterance);
    },
    [synth, language],
  );

  const toggle = useCallback(
    (id: string, text: string) => {
      if (!synth) return;
      const wasSpeaking = speaking === id;
      stop();
      if (!wasSpeaking) say(id, [text]);
    },
    [synth, speaking, stop, say],
  );

  /**
   * The question's speaker: a press reads `once`; a second press while it speaks, or
   * within READ_AGAIN_MS of its end, reads `all` in order (the question, then each option); a
   * press while that reads stops it. The reading of `all` is called `${id}-all`.
   */
  const pressTwiceForAll = useCallback(
    (id: string, once: string, all: string[]) => {
      if (!synth) return;
      const again =
        speaking === id ||
        (speaking === null && finished.current?.id === id && Date.now() - finished.current.at < READ_AGAIN_MS);
      const readingAll = speaking === `${id}-all`;
      stop();
      if (readingAll) return;
      if (again) say(`${id}-all`, all);
      else say(id, [once]);
    },
    [synth, speaking, stop, say],
  );

  const supported = synth !== null;
  return {
    supported,
    /** The speakers can read this game's language on this device. */
    available: supported && canReadAloud(voices, language),
    /** The game is in Irish and this device has no Irish voice: say so instead of reading it wrongly. */
    noIrishVoice: supported && !canReadAloud(voices, language),
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
