/** One question of the Create Game form: text, four options, the correct-answer radio, the optional clue, warnings. */
import { clueLength, GAME_LIMITS, gameMessages, OPTIONS_PER_QUESTION, questionWarnings, type Question } from "../../../shared/games.ts";
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
  onRemove: () => void;
};

export function QuestionEditor({ index, question, canRemove, saveTried = false, onChange, onRemove }: Props) {
  const n = index + 1;
  const warnings = questionWarnings(question, { saveTried });
  const setOption = (i: number, text: string) => onChange({ ...question, options: question.options.map((o, j) => (j === i ? text : o)) });

  return (
    <fieldset className="card question-editor">
      <legend>Question {n}</legend>
      <div className="field">
        <label htmlFor={`q${n}-text`}>Question {n} text</label>
        <textarea id={`q${n}-text`} rows={2} maxLength={500} value={question.questionText} onChange={(e) => onChange({ ...question, questionText: e.target.value })} />
      </div>
      <QuestionPicture n={n} question={question} onChange={onChange} />
      <div className="options-grid" role="radiogroup" aria-label={`Correct answer for question ${n}`}>
        {Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => (
          <div className={`option-row${question.correctAnswer === i ? " correct" : ""}`} key={i}>
            <input
              type="radio"
              id={`q${n}-correct-${i}`}
              name={`q${n}-correct`}
              checked={question.correctAnswer === i}
              onChange={() => onChange({ ...question, correctAnswer: i })}
              aria-label={`Option ${LETTERS[i]} is the correct answer for question ${n}`}
            />
            <label htmlFor={`q${n}-option-${i}`} className="option-letter">
              Option {LETTERS[i]}
            </label>
            <input id={`q${n}-option-${i}`} maxLength={200} value={question.options[i] ?? ""} onChange={(e) => setOption(i, e.target.value)} />
          </div>
        ))}
      </div>
      <p className="hint">Choose the correct answer with the round button beside it.</p>
      {warnings.missingOptions ? <p className="warning">{gameMessages.fillAllOptions}</p> : null}
      {warnings.missingCorrectAnswer ? <p className="error">{gameMessages.selectCorrectAnswer}</p> : null}
      <div className="field clue-field">
        <label htmlFor={`q${n}-clue`}>Clue for question {n} (optional)</label>
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
          A short hint a pupil sees after a wrong answer. Help them think again without giving the answer away.
        </p>
        <p className={`clue-count${warnings.clueTooLong ? " over" : ""}`} id={`q${n}-clue-count`}>
          {clueLength(question.clue)} / {GAME_LIMITS.clue} characters
        </p>
        {warnings.clueTooLong ? (
          <p className="error" id={`q${n}-clue-error`}>
            {gameMessages.clueTooLong}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button-secondary button-small" disabled={!canRemove} onClick={onRemove}>
        Remove Question
      </button>
    </fieldset>
  );
}
