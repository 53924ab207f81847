/**
 * A "put in order" question's items in the editor (decision 050): 3 to 6, typed in the right
 * order, each may have a picture (as an option has, decision 038) and the teacher's recording. Moved with Up and Down buttons,
 * so the keyboard does everything; the focus follows the item moved.
 */

import { useRef } from "react";
import {
  kindMessages,
  type Question,
  questionWarnings,
  withOptionAdded,
  withOptionMoved,
  withOptionRecording,
  withOptionRemoved,
} from "../../../shared/games/games.ts";
import { KIND_LIMITS } from "../../../shared/games/question-kinds.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { OptionAnswer } from "./option-answer.tsx";
import { RecordingField } from "./recording-field.tsx";

type Props = {
  n: number;
  question: Question;
  saveTried: boolean;
  onChange: (question: Question) => void;
  onUpdate: (update: (question: Question) => Question) => void;
};

export function OrderItems({ n, question, saveTried, onChange, onUpdate }: Props) {
  const t = useT();
  const warnings = questionWarnings(question, { saveTried });
  const { min, max } = KIND_LIMITS.orderItems;
  const items = question.options;
  const list = useRef<HTMLOListElement>(null);
  // Once the list has re-rendered: the control named in the item now at `k` (or the last item's).
  const focusIn = (k: number, control: string) =>
    requestAnimationFrame(() => {
      const rows = list.current?.querySelectorAll("li") ?? [];
      const row = rows[Math.min(k, rows.length - 1)];
      const wanted = row?.querySelector<HTMLElement>(`[data-control=${control}]:not(:disabled)`);
      (wanted ?? row?.querySelector<HTMLElement>("[data-control=text]"))?.focus();
    });
  const move = (k: number, by: -1 | 1) => {
    onChange(withOptionMoved(question, k, by));
    // The same arrow again moves it further; at the end of the list, the other arrow.
    const to = k + by;
    const again = to + by >= 0 && to + by < items.length;
    focusIn(to, again ? (by < 0 ? "up" : "down") : by < 0 ? "down" : "up");
  };

  return (
    <fieldset className="kind-fields" aria-describedby={`q${n}-items-hint`}>
      <legend>{t(msg("games.order.items", { number: n }))}</legend>
      <p className="clue-hint" id={`q${n}-items-hint`}>
        {t(msg("games.order.hint", { min, max }))}
      </p>
      <ol className="kind-list" ref={list}>
        {items.map((item, k) => {
          const index = k + 1;
          const repeated = warnings.repeatedItem === k;
          return (
            <li key={k} className="option-row order-item">
              <label htmlFor={`q${n}-option-${k}`} className="option-letter">
                {t(msg("games.order.item", { index }))}
              </label>
              <OptionAnswer
                n={n}
                option={k}
                names={{
                  add: msg("games.order.addPictureFor", { index }),
                  change: msg("games.order.changePictureFor", { index }),
                  remove: msg("games.order.removePictureFor", { index }),
                }}
                fileTestId={`q${n}-item-${index}-picture-file`}
                question={question}
                onChange={onChange}
                onUpdate={onUpdate}
              >
                <RecordingField
                  recordingId={question.optionRecordingIds?.[k] ?? null}
                  name={msg("games.recording.forItem", { index })}
                  fileTestId={`q${n}-item-${index}-recording-file`}
                  onRecorded={(recording) => onUpdate((q) => withOptionRecording(q, k, recording.id))}
                  onRemove={() => onChange(withOptionRecording(question, k, null))}
                />
              </OptionAnswer>
              <div className="order-item-moves">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  data-control="up"
                  disabled={k === 0}
                  aria-label={t(msg("games.order.moveUp", { index }))}
                  onClick={() => move(k, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  data-control="down"
                  disabled={k === items.length - 1}
                  aria-label={t(msg("games.order.moveDown", { index }))}
                  onClick={() => move(k, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={items.length <= min}
                  aria-label={t(msg("games.order.removeFor", { index }))}
                  onClick={() => {
                    onChange(withOptionRemoved(question, k));
                    focusIn(k, "text");
                  }}
                >
                  {t("games.order.remove")}
                </button>
              </div>
              {repeated ? (
                <p className="error order-item-error">{t(kindMessages.orderItemRepeated(item.trim()))}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="kind-add">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={items.length >= max}
          onClick={() => {
            onChange(withOptionAdded(question));
            focusIn(items.length, "text");
          }}
        >
          {t("games.order.add")}
        </button>
        {items.length >= max ? <span className="clue-hint">{t(msg("games.order.atMost", { max }))}</span> : null}
      </div>
      {warnings.missingOptions ? <p className="warning">{t(kindMessages.orderItemBlank)}</p> : null}
    </fieldset>
  );
}
