/**
 * One question of the Create Game form: its kind (decision 050), text (a statement for true or
 * false) and the teacher's recording of it, picture, the kind's own answer fields, the optional
 * clue and its recording, where its station card is hidden, warnings. Changing the kind keeps the text, clue, picture and hiding place.
 */

import {
  clueLength,
  GAME_LIMITS,
  gameMessages,
  hidingPlaceLength,
  type Question,
  questionWarnings,
  withKind,
} from "../../../shared/games/games.ts";
import { isQuestionKind, kindOf, QUESTION_KINDS, type QuestionKind } from "../../../shared/games/question-kinds.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { FourOptions } from "./four-options.tsx";
import { OrderItems } from "./order-items.tsx";
import { QuestionPicture } from "./question-picture.tsx";
import { RecordingField } from "./recording-field.tsx";
import { TrueFalseAnswer } from "./true-false-answer.tsx";
import { TypedAnswers } from "./typed-answers.tsx";
import "../../styles/clues.css";
import "../../styles/question-kinds-editor.css";

const KIND_NAMES: Record<QuestionKind, MessageKey> = {
  choice: "games.kind.choice",
  truefalse: "games.kind.truefalse",
  typed: "games.kind.typed",
  order: "games.kind.order",
  multi: "games.kind.multi",
};

type Props = {
  index: number;
  question: Question;
  canRemove: boolean;
  /** The game's language: a typed answer's fadas count by default in an Irish game. */
  language: Language | null;
  /** Save was pressed: every blank option is pointed out, even in a question not started. */
  saveTried?: boolean;
  onChange: (question: Question) => void;
  /** A change made from the question as it is when it lands (an upload ending while others are under way). */
  onUpdate: (update: (question: Question) => Question) => void;
  onRemove: () => void;
};

export function QuestionEditor({
  index,
  question,
  canRemove,
  language,
  saveTried = false,
  onChange,
  onUpdate,
  onRemove,
}: Props) {
  const n = index + 1;
  const warnings = questionWarnings(question, { saveTried });
  const kind = kindOf(question);

  const t = useT();
  return (
    <fieldset className="card question-editor">
      <legend>{t(msg("games.question.legend", { number: n }))}</legend>
      <div className="field kind-field">
        <label htmlFor={`q${n}-kind`}>{t("games.kind.label")}</label>
        <select
          id={`q${n}-kind`}
          value={kind}
          onChange={(e) => {
            if (isQuestionKind(e.target.value)) onChange(withKind(question, e.target.value, language));
          }}
        >
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(KIND_NAMES[k])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`q${n}-text`}>
          {t(msg(kind === "truefalse" ? "games.trueFalse.statement" : "games.question.text", { number: n }))}
        </label>
        <textarea
          id={`q${n}-text`}
          rows={2}
          maxLength={500}
          value={question.questionText}
          aria-describedby={kind === "truefalse" ? `q${n}-statement-hint` : undefined}
          onChange={(e) => onChange({ ...question, questionText: e.target.value })}
        />
        {kind === "truefalse" ? (
          <p className="clue-hint" id={`q${n}-statement-hint`}>
            {t("games.trueFalse.statementHint")}
          </p>
        ) : null}
        <RecordingField
          recordingId={question.recordingId ?? null}
          name={msg("games.recording.forQuestion", { number: n })}
          fileTestId={`q${n}-recording-file`}
          onRecorded={(recording) => onUpdate((q) => ({ ...q, recordingId: recording.id }))}
          onRemove={() => onChange({ ...question, recordingId: null })}
        />
      </div>
      <QuestionPicture n={n} question={question} onChange={onChange} onUpdate={onUpdate} />
      {kind === "choice" || kind === "multi" ? (
        <FourOptions
          n={n}
          question={question}
          multi={kind === "multi"}
          saveTried={saveTried}
          onChange={onChange}
          onUpdate={onUpdate}
        />
      ) : kind === "truefalse" ? (
        <TrueFalseAnswer n={n} question={question} saveTried={saveTried} onChange={onChange} />
      ) : kind === "typed" ? (
        <TypedAnswers n={n} question={question} saveTried={saveTried} onChange={onChange} />
      ) : (
        <OrderItems n={n} question={question} saveTried={saveTried} onChange={onChange} onUpdate={onUpdate} />
      )}
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
        {/* Only with a clue to read: a recording of no clue is not kept. */}
        {question.clue.trim() !== "" || question.clueRecordingId ? (
          <RecordingField
            recordingId={question.clueRecordingId ?? null}
            name={msg("games.recording.forClue", { number: n })}
            fileTestId={`q${n}-clue-recording-file`}
            onRecorded={(recording) => onUpdate((q) => ({ ...q, clueRecordingId: recording.id }))}
            onRemove={() => onChange({ ...question, clueRecordingId: null })}
            {...(question.clue.trim() === "" ? { note: "games.recording.clueNeedsText" as const } : {})}
          />
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
