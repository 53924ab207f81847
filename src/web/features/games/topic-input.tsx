/**
 * Topic with suggestions (SPEC section 2, Create Game): a hint until subject and level are
 * chosen; up to 5 suggestions when the field is empty and focused, otherwise substring
 * matches; hidden 150 ms after blur; a 150 px list. An ARIA combobox, usable by keyboard.
 */
import { useEffect, useId, useRef, useState } from "react";
import { matchingTopics } from "../../../shared/ai/topics.web.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";

export const SUGGESTIONS_HIDE_DELAY_MS = 150;

/** `topics`: the suggestions in the page's language (topicsFor with the page's language). */
type Props = { value: string; onChange: (topic: string) => void; topics: readonly string[]; ready: boolean };

export function TopicInput({ value, onChange, topics, ready }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const t = useT();
  const { language } = useLanguage();

  const suggestions = ready ? matchingTopics(topics, value, language) : [];
  const showList = open && suggestions.length > 0;
  const example =
    ready && topics.length > 0 ? t(msg("games.topic.example", { topics: topics.slice(0, 3).join(", ") })) : undefined;

  const choose = (topic: string) => {
    onChange(topic);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="field topic-field">
      <label htmlFor={`${id}-input`}>{t("games.topic.label")}</label>
      <div className="topic-combo">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          maxLength={200}
          value={value}
          placeholder={example}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), SUGGESTIONS_HIDE_DELAY_MS);
          }}
          onKeyDown={(e) => {
            if (!showList) {
              if (e.key === "ArrowDown") setOpen(true);
              return;
            }
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => (a + 1) % suggestions.length);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
            } else if (e.key === "Enter" && active >= 0) {
              e.preventDefault();
              choose(suggestions[active]!);
            } else if (e.key === "Escape") {
              setOpen(false);
            }
          }}
        />
        {showList ? (
          <ul id={`${id}-list`} role="listbox" aria-label={t("games.topic.suggestions")} className="suggestions">
            {suggestions.map((topic, i) => (
              <li
                key={topic}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? "active" : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(topic)}
              >
                {topic}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="hint">
        {t(ready ? "games.topic.pickOrType" : "games.topic.selectSubjectAndLevel")}
      </p>
    </div>
  );
}
