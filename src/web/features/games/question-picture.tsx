/**
 * A question's optional picture in the editor (decision 019): choose a photo or drawing, see
 * it, describe it for a pupil who cannot see it (required), replace or remove it. The picture
 * is shrunk and re-encoded here (picture-encoding.ts) and uploaded at once; the game keeps
 * only its id and description.
 */
import { useId } from "react";
import { altLength, type Question, questionWarnings } from "../../../shared/games/games.ts";
import { IMAGE_LIMITS, imageMessages, imageSrc } from "../../../shared/games/images.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useGrowingTextarea } from "../../lib/use-growing-textarea.ts";
import { usePictureUpload } from "./use-picture-upload.ts";
import "../../styles/question-picture.css";

type Props = {
  n: number;
  question: Question;
  onChange: (question: Question) => void;
  /** A change made from the question as it is when the upload ends. */
  onUpdate: (update: (question: Question) => Question) => void;
};

export function QuestionPicture({ n, question, onChange, onUpdate }: Props) {
  const t = useT();
  const ids = useId();
  const warnings = questionWarnings(question);
  const altId = `q${n}-picture-alt`;
  const altBox = useGrowingTextarea(question.imageAlt ?? "");
  // A replaced picture keeps the description the teacher wrote; they can change it.
  const { input, choose, open, busy, error } = usePictureUpload((uploaded) =>
    onUpdate((q) => ({ ...q, imageId: uploaded.id, imageAlt: q.imageAlt ?? "" })),
  );

  return (
    <div className="question-picture-field" role="group" aria-labelledby={`${ids}-label`}>
      <p className="question-picture-label" id={`${ids}-label`}>
        {t(msg("games.picture.label", { number: n }))}
      </p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={choose}
        data-testid={`q${n}-picture-file`}
      />
      {question.imageId ? (
        <div className="question-picture-chosen">
          <img className="question-picture-preview" src={imageSrc(question.imageId)} alt={question.imageAlt ?? ""} />
          <div className="question-picture-describe">
            <label htmlFor={altId}>{t("games.picture.describe")}</label>
            <textarea
              ref={altBox}
              id={altId}
              rows={2}
              value={question.imageAlt ?? ""}
              aria-invalid={warnings.missingAlt || warnings.altTooLong}
              aria-describedby={`${altId}-hint ${altId}-count${warnings.missingAlt || warnings.altTooLong ? ` ${altId}-error` : ""}`}
              onChange={(e) => onChange({ ...question, imageAlt: e.target.value })}
            />
            <p className="clue-hint" id={`${altId}-hint`}>
              {t("games.picture.describeHint")}
            </p>
            <p className={`clue-count${warnings.altTooLong ? " over" : ""}`} id={`${altId}-count`}>
              {t(msg("games.question.clueCount", { count: altLength(question.imageAlt), max: IMAGE_LIMITS.alt }))}
            </p>
            {warnings.missingAlt || warnings.altTooLong ? (
              <p className="error" id={`${altId}-error`}>
                {t(warnings.missingAlt ? imageMessages.altRequired : imageMessages.altTooLong)}
              </p>
            ) : null}
            <div className="question-picture-buttons">
              <button type="button" className="button button-secondary button-small" disabled={busy} onClick={open}>
                {t("games.picture.replace")}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy}
                onClick={() => onChange({ ...question, imageId: null, imageAlt: "" })}
              >
                {t("games.picture.remove")}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <>
          <p className="clue-hint">{t("games.picture.addHint")}</p>
          <button type="button" className="button button-secondary button-small" disabled={busy} onClick={open}>
            {t("games.picture.add")}
          </button>
        </>
      )}
      {busy ? <p role="status">{t("games.picture.preparing")}</p> : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
