/**
 * "Why a child might pick this" under a wrong option in the editor (option-notes.ts): closed, a
 * small "+ Why might a child pick this?"; open (pressed, or holding a note), a one-line text box
 * labelled with the option it is for, a hint that pupils never see it, and a counter once the
 * note nears its limit. Not shown under a right option: a note written there before the option
 * was marked right stays in the draft, out of sight, and is not saved (notesForSave).
 */
import { useId, useLayoutEffect, useRef, useState } from "react";
import { type Question, withOptionNote } from "../../../shared/games/games.ts";
import { noteLength, noteMessages, OPTION_NOTE_MAX } from "../../../shared/games/option-notes.ts";
import { type Message, msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";

/** The counter shows from here on: a short note needs no count. */
const COUNT_FROM = OPTION_NOTE_MAX - 30;

type Props = {
  n: number;
  /** The option's index: 0–3 (A–D), or 0 True / 1 False. */
  option: number;
  /** The text box's label ("Why a child might pick option B (optional)") and the closed button's name for a screen reader. */
  names: { label: Message; add: Message };
  question: Question;
  onChange: (question: Question) => void;
};

export function OptionNote({ n, option, names, question, onChange }: Props) {
  const t = useT();
  const note = question.optionNotes?.[option] ?? "";
  const [opened, setOpened] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `q${n}-note-${option}`;
  const hintId = `${useId()}-hint`;
  const length = noteLength(note);
  const tooLong = length > OPTION_NOTE_MAX;
  const open = opened || note !== "";
  // Opened by its button: the box has the keyboard as soon as it is there (before the next key press).
  const focusOnOpen = useRef(false);
  useLayoutEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      input.current?.focus();
    }
  }, [open]);

  if (!open)
    return (
      <div className="option-note">
        <button
          type="button"
          className="option-note-add"
          aria-label={t(names.add)}
          onClick={() => {
            focusOnOpen.current = true;
            setOpened(true);
          }}
        >
          {t("games.note.add")}
        </button>
      </div>
    );
  return (
    <div className="option-note open">
      <label htmlFor={id}>{t(names.label)}</label>
      {/* No maxLength: a pasted note is not cut off silently; the counter and the message say what is too long. */}
      <input
        id={id}
        ref={input}
        value={note}
        aria-invalid={tooLong}
        aria-describedby={`${hintId}${length >= COUNT_FROM ? ` ${id}-count` : ""}`}
        onChange={(e) => onChange(withOptionNote(question, option, e.target.value))}
        onBlur={() => {
          if (note.trim() === "") setOpened(false);
        }}
      />
      <p className="clue-hint" id={hintId}>
        {t("games.note.hint")}
      </p>
      {length >= COUNT_FROM ? (
        <p className={`clue-count${tooLong ? " over" : ""}`} id={`${id}-count`}>
          {t(msg("games.question.clueCount", { count: length, max: OPTION_NOTE_MAX }))}
        </p>
      ) : null}
      {tooLong ? <p className="error">{t(noteMessages.tooLong)}</p> : null}
    </div>
  );
}
