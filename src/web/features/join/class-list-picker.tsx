/**
 * When the teacher gave a class list, a pupil chooses their name instead of typing it.
 * For children who cannot read yet each name is a large button showing its
 * first letter big, in the colour that letter always has (shared/play/name-letters.web.ts),
 * in alphabetical order with fadas folded, and a speaker beside it says the name (in the
 * session's pupil language: an Irish session reads with an Irish voice, or says the device has
 * none). Names another pupil already took are greyed out and cannot be chosen; so are the names
 * already playing on this tablet (decision 048), each saying so. Underneath the buttons is one radio
 * group: arrows between names, "Áine, 1 of 25", Enter joins.
 */
import type { Ref } from "react";
import type { Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { inLetterOrder, nameLetter } from "../../../shared/play/name-letters.web.ts";
import type { ClassListEntry } from "../../../shared/play/play-responses.ts";
import { nameKey } from "../../../shared/text.ts";
import { NoIrishVoiceNote, ReadAloudButton, useReadAloud } from "../../components/read-aloud.tsx";
import { useT } from "../../lib/i18n/language.tsx";

type Props = {
  names: ClassListEntry[];
  value: string;
  onChange: (name: string) => void;
  /** The session's pupil language: the voice that says the names. */
  language: Language;
  firstRef?: Ref<HTMLInputElement>;
  /** The names of the children already playing on this tablet (any spelling nameKey folds alike). */
  onThisTablet?: readonly string[];
};

export function ClassListPicker({ names, value, onChange, language, firstRef, onThisTablet = [] }: Props) {
  const t = useT();
  const speech = useReadAloud(language);
  const here = new Set(onThisTablet.map(nameKey));
  const sorted = inLetterOrder(names).map((entry) => {
    const playingHere = here.has(nameKey(entry.name));
    return { ...entry, playingHere, taken: entry.taken || playingHere };
  });
  const firstFree = sorted.findIndex((entry) => !entry.taken);
  return (
    <fieldset className="class-list-picker">
      <legend>{t("pupil.join.chooseName")}</legend>
      {speech.noIrishVoice ? <NoIrishVoiceNote /> : null}
      <ul>
        {sorted.map((entry, index) => {
          const { letter, colour } = nameLetter(entry.name);
          const chosen = value === entry.name;
          return (
            <li
              key={entry.name}
              className={`class-name${entry.taken ? " taken" : ""}${entry.playingHere ? " on-this-tablet" : ""}${chosen ? " chosen" : ""}`}
            >
              <label>
                <input
                  type="radio"
                  name="class-list-name"
                  value={entry.name}
                  checked={chosen}
                  disabled={entry.taken}
                  onChange={() => {
                    speech.stop();
                    onChange(entry.name);
                  }}
                  ref={index === firstFree ? firstRef : undefined}
                />
                {/* A name playing on this tablet keeps its letter's colour: it is one of ours, not taken by another device. */}
                <span
                  className="name-letter"
                  style={entry.taken && !entry.playingHere ? undefined : { backgroundColor: colour }}
                  aria-hidden="true"
                >
                  {letter}
                </span>
                <span className="name-text">
                  {entry.name}
                  {entry.playingHere ? <span className="on-tablet-note"> {t("pupil.join.onThisTablet")}</span> : null}
                </span>
                {entry.taken && !entry.playingHere ? (
                  <span className="visually-hidden"> {t("pupil.join.alreadyJoined")}</span>
                ) : null}
                <svg className="name-tick" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="3.2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </label>
              {speech.available ? (
                <ReadAloudButton
                  iconOnly
                  label={t(msg("pupil.join.readNameAloud", { name: entry.name }))}
                  text={entry.name}
                  active={speech.speaking === `name:${entry.name}`}
                  onPress={(text) => speech.toggle(`name:${entry.name}`, text)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
