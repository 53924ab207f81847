/**
 * When the teacher gave a class list, a pupil chooses their name instead of typing it (issue
 * 18). Names another pupil already took are shown greyed out and cannot be chosen.
 */
import type { Ref } from "react";
import type { ClassListEntry } from "../../../shared/sessions/class-list.ts";
import { useT } from "../../lib/i18n/language.tsx";

type Props = {
  names: ClassListEntry[];
  value: string;
  onChange: (name: string) => void;
  firstRef?: Ref<HTMLInputElement>;
};

export function ClassListPicker({ names, value, onChange, firstRef }: Props) {
  const t = useT();
  const firstFree = names.findIndex((entry) => !entry.taken);
  return (
    <fieldset className="class-list-picker">
      <legend>{t("pupil.join.chooseName")}</legend>
      <ul>
        {names.map((entry, index) => (
          <li key={entry.name}>
            <label className={entry.taken ? "class-name taken" : "class-name"}>
              <input
                type="radio"
                name="class-list-name"
                value={entry.name}
                checked={value === entry.name}
                disabled={entry.taken}
                onChange={() => onChange(entry.name)}
                ref={index === firstFree ? firstRef : undefined}
              />
              <span>{entry.name}</span>
              {entry.taken ? <span className="visually-hidden"> {t("pupil.join.alreadyJoined")}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
