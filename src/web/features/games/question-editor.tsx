/** One question of the Create Game form: text, four options, the correct-answer radio, warnings. */
import { gameMessages, OPTIONS_PER_QUESTION, questionWarnings, type Question } from "../../../shared/games.ts";

const LETTERS = ["A", "B", "C", "D"];

type Props = {
  index: number;
  question: Question;
  canRemove: boolean;
  onChange: (question: Question) => void;
  onRemove: () => void;
};

export function QuestionEditor({ index, question, canRemove, onChange, onRemove }: Props) {
  const n = index + 1;
  const warnings = questionWarnings(question);
  const setOption = (i: number, text: string) => onChange({ ...question, options: question.options.map((o, j) => (j === i ? text : o)) });

  return (
    <fieldset className="card question-editor">
      <legend>Question {n}</legend>
      <div className="field">
        <label htmlFor={`q${n}-text`}>Question {n} text</label>
        <textarea id={`q${n}-text`} rows={2} maxLength={500} value={question.questionText} onChange={(e) => onChange({ ...question, questionText: e.target.value })} />
      </div>
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
      <button type="button" className="button button-secondary button-small" disabled={!canRemove} onClick={onRemove}>
        Remove Question
      </button>
    </fieldset>
  );
}
