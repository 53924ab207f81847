/**
 * A question's four options A to D in the editor, each with its picture (decision 038) and the
 * teacher's recording of it (recording-field.tsx): the right one chosen with a round button (four
 * options), or every right one ticked (choose all that apply, decision 050); under each wrong one,
 * its optional note "why a child might pick this".
 */

import {
  gameMessages,
  kindMessages,
  type Question,
  questionWarnings,
  withOptionRecording,
} from "../../../shared/games/games.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { OptionAnswer } from "./option-answer.tsx";
import { OptionNote } from "./option-note.tsx";
import { RecordingField } from "./recording-field.tsx";

const LETTERS = ["A", "B", "C", "D"];

type Props = {
  n: number;
  question: Question;
  /** Several right answers, ticked: "choose all that apply". */
  multi: boolean;
  saveTried: boolean;
  onChange: (question: Question) => void;
  onUpdate: (update: (question: Question) => Question) => void;
};

export function FourOptions({ n, question, multi, saveTried, onChange, onUpdate }: Props) {
  const t = useT();
  const warnings = questionWarnings(question, { saveTried });
  const right = question.correctAnswers ?? [];
  const isRight = (i: number) => (multi ? right.includes(i) : question.correctAnswer === i);
  const toggle = (i: number) =>
    onChange({
      ...question,
      correctAnswers: right.includes(i) ? right.filter((k) => k !== i) : [...right, i].sort((a, b) => a - b),
    });
  const hintId = `q${n}-right-hint`;

  return (
    <>
      <div
        className="options-grid"
        {...(multi
          ? { role: "group", "aria-label": t(msg("games.multi.rightFor", { number: n })), "aria-describedby": hintId }
          : { role: "radiogroup", "aria-label": t(msg("games.question.correctFor", { number: n })) })}
      >
        {LETTERS.map((letter, i) => (
          <div className={`option-row${isRight(i) ? " correct" : ""}`} key={letter}>
            {multi ? (
              <input
                type="checkbox"
                id={`q${n}-right-${i}`}
                checked={isRight(i)}
                onChange={() => toggle(i)}
                aria-label={t(msg("games.multi.optionRight", { letter, number: n }))}
              />
            ) : (
              <input
                type="radio"
                id={`q${n}-correct-${i}`}
                name={`q${n}-correct`}
                checked={isRight(i)}
                onChange={() => onChange({ ...question, correctAnswer: i })}
                aria-label={t(msg("games.question.optionCorrect", { letter, number: n }))}
              />
            )}
            <label htmlFor={`q${n}-option-${i}`} className="option-letter">
              {t(msg("games.question.option", { letter }))}
            </label>
            <OptionAnswer
              n={n}
              option={i}
              names={{
                add: msg("games.optionPicture.addFor", { letter }),
                change: msg("games.optionPicture.changeFor", { letter }),
                remove: msg("games.optionPicture.removeFor", { letter }),
              }}
              fileTestId={`q${n}-option-${letter}-picture-file`}
              question={question}
              onChange={onChange}
              onUpdate={onUpdate}
            >
              <RecordingField
                recordingId={question.optionRecordingIds?.[i] ?? null}
                name={msg("games.recording.forOption", { letter })}
                fileTestId={`q${n}-option-${letter}-recording-file`}
                onRecorded={(recording) => onUpdate((q) => withOptionRecording(q, i, recording.id))}
                onRemove={() => onChange(withOptionRecording(question, i, null))}
              />
            </OptionAnswer>
            {isRight(i) ? null : (
              <OptionNote
                n={n}
                option={i}
                names={{
                  label: msg("games.note.label", { letter }),
                  add: msg("games.note.addFor", { letter, number: n }),
                }}
                question={question}
                onChange={onChange}
              />
            )}
          </div>
        ))}
      </div>
      <p className="hint" id={hintId}>
        {t(multi ? "games.multi.hint" : "games.question.correctHint")}
      </p>
      {warnings.missingOptions ? <p className="warning">{t(gameMessages.fillAllOptions)}</p> : null}
      {warnings.missingCorrectAnswer ? <p className="error">{t(gameMessages.selectCorrectAnswer)}</p> : null}
      {warnings.multiRightCount ? <p className="error">{t(kindMessages.multiRightCount)}</p> : null}
    </>
  );
}
