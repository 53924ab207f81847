/**
 * A typed answer's question in the editor (decision 050): 1 to 5 accepted answers, each with a
 * counter to its limit (no maxLength, as the clue: a pasted answer is not cut off silently), and
 * whether fadas count.
 */

import { useRef } from "react";
import {
  acceptedLength,
  kindMessages,
  type Question,
  questionWarnings,
  withOptionAdded,
  withOptionRemoved,
} from "../../../shared/games/games.ts";
import { KIND_LIMITS } from "../../../shared/games/question-kinds.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";

type Props = {
  n: number;
  question: Question;
  saveTried: boolean;
  onChange: (question: Question) => void;
};

export function TypedAnswers({ n, question, saveTried, onChange }: Props) {
  const t = useT();
  const warnings = questionWarnings(question, { saveTried });
  const { min, max } = KIND_LIMITS.acceptedAnswers;
  const answers = question.options;
  const list = useRef<HTMLOListElement>(null);
  // After Add, the new box; after Remove, the box now in that place (or the last): the keyboard stays in the list.
  const focusAnswer = (k: number) =>
    requestAnimationFrame(() => {
      const boxes = list.current?.querySelectorAll<HTMLInputElement>("input[type=text]");
      boxes?.[Math.min(k, boxes.length - 1)]?.focus();
    });

  return (
    <div className="kind-fields">
      <fieldset aria-describedby={`q${n}-accepted-hint`}>
        <legend>{t(msg("games.typed.answers", { number: n }))}</legend>
        <p className="clue-hint" id={`q${n}-accepted-hint`}>
          {t("games.typed.answersHint")}
        </p>
        <ol className="kind-list" ref={list}>
          {answers.map((answer, k) => {
            const id = `q${n}-accepted-${k}`;
            const tooLong = warnings.acceptedTooLong.includes(k);
            return (
              <li key={k} className="kind-row">
                <label htmlFor={id}>{t(msg("games.typed.answer", { index: k + 1 }))}</label>
                <div className="kind-row-line">
                  <input
                    id={id}
                    type="text"
                    value={answer}
                    aria-invalid={tooLong}
                    aria-describedby={`${id}-count${tooLong ? ` ${id}-error` : ""}`}
                    onChange={(e) =>
                      onChange({ ...question, options: answers.map((a, j) => (j === k ? e.target.value : a)) })
                    }
                  />
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={answers.length <= min}
                    aria-label={t(msg("games.typed.removeFor", { index: k + 1 }))}
                    onClick={() => {
                      onChange(withOptionRemoved(question, k));
                      focusAnswer(k);
                    }}
                  >
                    {t("games.typed.remove")}
                  </button>
                </div>
                <p className={`clue-count${tooLong ? " over" : ""}`} id={`${id}-count`}>
                  {t(msg("games.question.clueCount", { count: acceptedLength(answer), max: KIND_LIMITS.typedAnswer }))}
                </p>
                {tooLong ? (
                  <p className="error" id={`${id}-error`}>
                    {t(kindMessages.acceptedTooLong)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="kind-add">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={answers.length >= max}
            onClick={() => {
              onChange(withOptionAdded(question));
              focusAnswer(answers.length);
            }}
          >
            {t("games.typed.add")}
          </button>
          {answers.length >= max ? <span className="clue-hint">{t(msg("games.typed.atMost", { max }))}</span> : null}
        </div>
        {warnings.missingOptions ? <p className="warning">{t(kindMessages.acceptedBlank)}</p> : null}
      </fieldset>
      <div className="checkbox-field fadas-field">
        <input
          type="checkbox"
          id={`q${n}-fadas`}
          checked={question.fadasCount === true}
          aria-describedby={`q${n}-fadas-hint`}
          onChange={(e) => onChange({ ...question, fadasCount: e.target.checked })}
        />
        <div>
          <label htmlFor={`q${n}-fadas`}>{t("games.typed.fadasCount")}</label>
          <p className="checkbox-hint" id={`q${n}-fadas-hint`}>
            {t("games.typed.fadasHint")}
          </p>
        </div>
      </div>
    </div>
  );
}
