/**
 * One option's answer in the editor (decision 038), or one item to put in order (decision 050):
 * its text box and, with it, "Add a picture", as the question has. The picture is checked, shrunk, uploaded and refused exactly as
 * the question's (use-picture-upload.ts), its messages shown beside this option. With a picture
 * the text stays required and is what the picture shows: read aloud and shown under it to a pupil.
 * Rendered inside the option's row (a grid): the text box, then under it from the letter on the
 * picture's line ("Add a picture", or the picture with Change and Remove), which fits a phone.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { type Question, withOptionPicture } from "../../../shared/games/games.ts";
import { imageSrc } from "../../../shared/games/images.ts";
import type { Message } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { usePictureUpload } from "./use-picture-upload.ts";

/** What the picture's buttons say to a screen reader: "Add a picture for option A", "… for item 2". */
export type PictureNames = { add: Message; change: Message; remove: Message };

type Props = {
  n: number;
  /** The option's index: 0–3 (A–D), or an item's place. */
  option: number;
  names: PictureNames;
  /** The hidden file input's test id. */
  fileTestId: string;
  question: Question;
  onChange: (question: Question) => void;
  /** A change made from the question as it is when the upload ends: four uploads at once each keep theirs. */
  onUpdate: (update: (question: Question) => Question) => void;
  /** On the picture's line, after it: the option's recording. */
  children?: ReactNode;
};

export function OptionAnswer({ n, option, names, fileTestId, question, onChange, onUpdate, children }: Props) {
  const t = useT();
  const imageId = question.optionImageIds?.[option] ?? null;
  const { input, choose, open, busy, error, clearError } = usePictureUpload((uploaded) =>
    onUpdate((q) => withOptionPicture(q, option, uploaded.id)),
  );
  const textId = `q${n}-option-${option}`;
  const hintId = `${textId}-picture-hint`;
  const errorId = `${textId}-picture-error`;
  const described = [imageId ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  // The button pressed goes when the picture comes or goes: a keyboard's place moves to the one
  // that replaces it (Change, or Add a picture), unless the teacher has gone on elsewhere meanwhile.
  const addButton = useRef<HTMLButtonElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (document.activeElement === null || document.activeElement === document.body)
      (imageId ? changeButton : addButton).current?.focus();
  }, [imageId]);

  return (
    <>
      <input
        id={textId}
        data-control="text"
        maxLength={200}
        value={question.options[option] ?? ""}
        aria-describedby={described || undefined}
        onChange={(e) =>
          onChange({ ...question, options: question.options.map((o, j) => (j === option ? e.target.value : o)) })
        }
      />
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={choose}
        data-testid={fileTestId}
      />
      <div className="option-picture">
        {imageId ? (
          <>
            {/* The text box above is the picture's description: not read twice. */}
            <p className="clue-hint option-picture-hint" id={hintId}>
              {t("games.optionPicture.describe")}
            </p>
            <img className="option-picture-thumb" src={imageSrc(imageId)} alt="" />
            <div className="option-picture-buttons">
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy}
                ref={changeButton}
                aria-label={t(names.change)}
                onClick={open}
              >
                {t("games.optionPicture.change")}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy}
                aria-label={t(names.remove)}
                onClick={() => {
                  clearError();
                  refocus.current = true;
                  onChange(withOptionPicture(question, option, null));
                }}
              >
                {t("games.optionPicture.remove")}
              </button>
            </div>
          </>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            ref={addButton}
            aria-label={t(names.add)}
            onClick={() => {
              refocus.current = true;
              open();
            }}
          >
            {t("games.picture.add")}
          </button>
        )}
        {children}
        {busy ? (
          <p role="status" className="option-picture-message">
            {t("games.picture.preparing")}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="error option-picture-message" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
