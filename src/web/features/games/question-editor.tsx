/**
 * One question of the Create Game form: text, four options (each may have a picture),
 * the correct-answer radio, the optional clue, where its station card is hidden,
 * warnings.
 */

import {
  clueLength,
  GAME_LIMITS,
  gameMessages,
  hidingPlaceLength,
  OPTIONS_PER_QUESTION,
  type Question,
  questionWarnings,
} from "../../../shared/games/games.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { OptionAnswer } from "./option-answer.tsx";
import { QuestionPicture } from "./question-picture.tsx";
import "../../styles/clues.css";

const LETTERS = ["A", "B", "C", "D"];

type Props = {
  index: number;
  question: Question;
  canRemove: boolean;
  /** Save was pressed: every blank option is pointed out, even in a question not started. */
  saveTried?: boolean;
  onChange: (question: Question) => void;
  /** A change made from the question as it is when it lands (an upload ending while others are under way). */
  onUpdate: (update: (question: Question) => Question) => void;
  onRemove: () => void;
};

export function QuestionEditor({ index, question, canRemove, saveTried = false, onChange, onUpdate, onRemove }: Props) {
  const n = index + 1;
  const warnings = questionWarnings(question, { saveTried });

  const t = useT();
  return (
    <fieldset className="card question-editor">
      <legend>{t(msg("games.question.legend", { number: n }))}</legend>
      <div className="field">
        <label htmlFor={`q${n}-text`}>{t(msg("games.question.text", { number: n }))}</label>
        <textarea
          id={`q${n}-text`}
          rows={2}
          maxLength={500}
          value={question.questionText}
          onChange={(e) => onChange({ ...question, questionText: e.target.value })}
        />
      </div>
      <QuestionPicture n={n} question={question} onChange={onChange} onUpdate={onUpdate} />
      <div className="options-grid" role="radiogroup" aria-label={t(msg("games.question.correctFor", { number: n }))}>
        {Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => (
          <div className={`option-row${question.correctAnswer === i ? " correct" : ""}`} key={i}>
            <input
              type="radio"
              id={`q${n}-correct-${i}`}
              name={`q${n}-correct`}
              checked={question.correctAnswer === i}
              onChange={() => onChange({ ...question, correctAnswer: i })}
              aria-label={t(msg("games.question.optionCorrect", { letter: LETTERS[i]!, number: n }))}
            />
            <label htmlFor={`q${n}-option-${i}`} className="option-letter">
              {t(msg("games.question.option", { letter: LETTERS[i]! }))}
            </label>
            <OptionAnswer
              n={n}
              option={i}
              letter={LETTERS[i]!}
              question={question}
              onChange={onChange}
              onUpdate={onUpdate}
            />
          </div>
        ))}
      </div>
      <p className="hint">{t("games.question.correctHint")}</p>
      {warnings.missingOptions ? <p className="warning">{t(gameMessages.fillAllOptions)}</p> : null}
      {warnings.missingCorrectAnswer ? <p className="error">{t(gameMessages.selectCorrectAnswer)}</p> : null}
      <div className="field clue-field">
        <label htmlFor={`q${n}-clue`}>{t(msg("games.question.clue", { number: n }))}</label>
        {/* No maxLength: a pasted hint is not cut off silently; the counter and the message say what is too long. */}
        <textarea
          id={`q${n}-clue`}
          rows={2}
          value={question.clue}
          aria-invalid={warnings.clueTooLong}
          aria-describedby={`q${n}-clue-hint q${n}-clue-count${warnings.clueTooLong ? ` q${n}-clue-error` : ""}`}
          onChange={(e) => onChange({ ...question, clue: e.target.value })}
        />
        <p className="clue-hint" id={`q${n}-clue-hint`}>
          {t("games.question.clueHint")}
        </p>
        <p className={`clue-count${warnings.clueTooLong ? " over" : ""}`} id={`q${n}-clue-count`}>
          {t(msg("games.question.clueCount", { count: clueLength(question.clue), max: GAME_LIMITS.clue }))}
        </p>
        {warnings.clueTooLong ? (
          <p className="error" id={`q${n}-clue-error`}>
            {t(gameMessages.clueTooLong)}
          </p>
        ) : null}
      </div>
      <div className="field clue-field hiding-place-field">
        <label htmlFor={`q${n}-hiding-place`}>{t(msg("games.question.hidingPlace", { number: n }))}</label>
        {/* As the clue: no maxLength, the counter and the message say what is too long. */}
        <input
          id={`q${n}-hiding-place`}
          value={question.hidingPlace ?? ""}
          aria-invalid={warnings.hidingPlaceTooLong}
          aria-describedby={`q${n}-hiding-place-hint q${n}-hiding-place-count${warnings.hidingPlaceTooLong ? ` q${n}-hiding-place-error` : ""}`}
          onChange={(e) => onChange({ ...question, hidingPlace: e.target.value })}
        />
        <p className="clue-hint" id={`q${n}-hiding-place-hint`}>
          {t("games.question.hidingPlaceHint")}
        </p>
        <p className={`clue-count${warnings.hidingPlaceTooLong ? " over" : ""}`} id={`q${n}-hiding-place-count`}>
          {t(
            msg("games.question.clueCount", {
              count: hidingPlaceLength(question.hidingPlace),
              max: GAME_LIMITS.hidingPlace,
            }),
          )}
        </p>
        {warnings.hidingPlaceTooLong ? (
          <p className="error" id={`q${n}-hiding-place-error`}>
            {t(gameMessages.hidingPlaceTooLong)}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button-secondary button-small" disabled={!canRemove} onClick={onRemove}>
        {t("games.question.remove")}
      </button>
    </fieldset>
  );
}
