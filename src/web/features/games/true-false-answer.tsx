/**
 * A true-or-false question's answer in the editor (decision 050): the statement is the question's
 * text; here the teacher says whether it is true or false. Neither is chosen at first: a
 * statement has no default answer. Once one is chosen, the other may have its note "why a child might pick this".
 */

import { kindMessages, type Question, questionWarnings } from "../../../shared/games/games.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { OptionNote } from "./option-note.tsx";

type Props = {
  n: number;
  question: Question;
  saveTried: boolean;
  onChange: (question: Question) => void;
};

const CHOICES = [
  { value: 0, label: "games.trueFalse.true" },
  { value: 1, label: "games.trueFalse.false" },
] as const;

export function TrueFalseAnswer({ n, question, saveTried, onChange }: Props) {
  const t = useT();
  const warnings = questionWarnings(question, { saveTried });
  const errorId = `q${n}-truefalse-error`;
  const wrong = CHOICES.find(({ value }) => question.correctAnswer === 1 - value);
  return (
    <div className="kind-fields">
      <fieldset
        className="true-false"
        aria-invalid={warnings.missingTrueOrFalse}
        aria-describedby={warnings.missingTrueOrFalse ? errorId : undefined}
      >
        <legend>{t(msg("games.trueFalse.answerFor", { number: n }))}</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className={`true-false-choice${question.correctAnswer === value ? " correct" : ""}`}>
            <input
              type="radio"
              name={`q${n}-truefalse`}
              checked={question.correctAnswer === value}
              onChange={() => onChange({ ...question, correctAnswer: value })}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      {wrong ? (
        <OptionNote
          key={wrong.value}
          n={n}
          option={wrong.value}
          names={{
            label: msg("games.note.labelForChoice", { choice: t(wrong.label) }),
            add: msg("games.note.addForChoice", { choice: t(wrong.label), number: n }),
          }}
          question={question}
          onChange={onChange}
        />
      ) : null}
      {warnings.missingTrueOrFalse ? (
        <p className="error" id={errorId}>
          {t(kindMessages.trueOrFalseRequired)}
        </p>
      ) : null}
    </div>
  );
}
