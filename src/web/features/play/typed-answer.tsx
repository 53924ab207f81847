/**
 * Type the answer (decision 050): a box as large as a tile, in the question's language (so a
 * phone offers its keyboard and a screen reader its voice), with no autocorrect, autocomplete or
 * spell check to change what the child typed; under it a row of the fada letters for keyboards
 * without them, each put in where the caret is. The text stays after a wrong try, to be mended.
 */
import { type RefObject, useRef } from "react";
import { FADA_LETTERS, KIND_LIMITS } from "../../../shared/games/question-kinds.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { withLetter } from "./answer-draft.ts";

export function TypedAnswer({
  value,
  onChange,
  locked,
  textLang,
  inputRef,
  describedBy,
  answerForTeacher,
}: {
  value: string;
  onChange: (text: string) => void;
  locked: boolean;
  textLang: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The feedback under the box ("Nearly! Check the fada"), read with it. */
  describedBy?: string;
  /** Preview as a pupil only: the accepted answers, shown to the teacher. */
  answerForTeacher?: readonly string[];
}) {
  const t = useT();
  // Where the caret was when the box last had it: a tap on a letter on a phone may take it away.
  const caret = useRef<{ start: number; end: number } | null>(null);
  const remember = () => {
    const box = inputRef.current;
    if (box)
      caret.current = { start: box.selectionStart ?? box.value.length, end: box.selectionEnd ?? box.value.length };
  };
  const insert = (letter: string) => {
    const box = inputRef.current;
    if (!box || locked) return;
    const at = document.activeElement === box ? { start: box.selectionStart ?? 0, end: box.selectionEnd ?? 0 } : null;
    const { start, end } = at ?? caret.current ?? { start: value.length, end: value.length };
    const next = withLetter(value, letter, start, end);
    if (!next) return;
    onChange(next.text);
    caret.current = { start: next.caret, end: next.caret };
    // After React has put the new text in: the caret just after the letter, the box still focused.
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <div className="typed-answer">
      <label htmlFor="typed-answer-box" className="typed-answer-label">
        {t("pupil.answer.yourAnswer")}
      </label>
      <input
        id="typed-answer-box"
        ref={inputRef}
        className="typed-answer-box"
        lang={textLang}
        value={value}
        maxLength={KIND_LIMITS.typedAnswer}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        readOnly={locked}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onSelect={remember}
        onKeyUp={remember}
        onBlur={remember}
      />
      {answerForTeacher ? (
        <p className="teacher-typed-answer">
          <span className="teacher-answer-mark">{t("games.preview.answerMark")}</span>{" "}
          <span lang={textLang}>{answerForTeacher.join(" / ")}</span>
        </p>
      ) : null}
      <div className="fada-row" role="group" aria-label={t("pupil.answer.fadaLetters")}>
        {FADA_LETTERS.map((letter) => (
          <button
            key={letter}
            type="button"
            className="fada-key"
            lang={textLang}
            disabled={locked}
            // The box keeps the focus (and a phone its keyboard) while a letter is pressed.
            onPointerDown={(e) => e.preventDefault()}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(letter)}
          >
            {letter}
          </button>
        ))}
      </div>
    </div>
  );
}
