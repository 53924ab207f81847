/**
 * Read aloud, for pupils who cannot read yet: the browser's own speech synthesis (nothing
 * downloaded, nothing sent anywhere). One thing speaks at a time; pressing the same button
 * again stops it. Without speechSynthesis in the browser the buttons are not shown at all.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { chooseVoice, type SpeechLanguage } from "./voice-choice.ts";

function speechSynthesisOrNull(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function" ? window.speechSynthesis : null;
}

export function useReadAloud(language: SpeechLanguage) {
  const [synth] = useState(speechSynthesisOrNull);
  const [speaking, setSpeaking] = useState<string | null>(null);
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    // Chromium fills the voice list lazily: ask once now so it is ready by the first press.
    synth?.getVoices();
    return () => synth?.cancel();
  }, [synth]);

  const stop = useCallback(() => {
    if (!synth) return;
    current.current = null;
    synth.cancel();
    setSpeaking(null);
  }, [synth]);

  const toggle = useCallback(
    (id: string, text: string) => {
      if (!synth) return;
      const wasSpeaking = speaking === id;
      stop();
      if (wasSpeaking) return;
      const { voice, lang } = chooseVoice(synth.getVoices(), language);
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      if (voice) utterance.voice = voice;
      utterance.rate = 0.9;
      // cancel() ends the previous utterance too: only the one now playing may clear the state.
      utterance.onend = utterance.onerror = () => {
        if (current.current !== utterance) return;
        current.current = null;
        setSpeaking(null);
      };
      current.current = utterance;
      setSpeaking(id);
      synth.speak(utterance);
    },
    [synth, speaking, stop, language],
  );

  return { supported: synth !== null, speaking, toggle, stop };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;

/**
 * A speaker button. On the pupil's screens it is the icon alone (named "Read aloud" or "Read
 * option A aloud"), so it never takes the question's or an option's width on a phone.
 */
export function ReadAloudButton({ label, text, active, onPress, iconOnly = false }: { label: string; text: string; active: boolean; onPress: (text: string) => void; iconOnly?: boolean }) {
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
        <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {iconOnly ? null : label}
    </button>
  );
}
