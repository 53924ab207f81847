/**
 * English / Gaeilge, on every page. Each name is written in its own language and
 * marked so (`lang`), so a screen reader says "Gaeilge" in Irish.
 */
import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES } from "../../../shared/i18n/languages.ts";
import { markLanguageChosenHere } from "./i18n.ts";
import { useLanguage, useT } from "./language.tsx";
import { useSaveTeacherLanguage } from "./teacher-language.tsx";

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const saveForTeacher = useSaveTeacherLanguage();
  return (
    <nav className={`language-switch ${className}`.trim()} aria-label={t("common.language.switchLabel")}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={LANGUAGE_LOCALES[option]}
          aria-pressed={option === language}
          onClick={() => {
            markLanguageChosenHere();
            void setLanguage(option);
            saveForTeacher(option);
          }}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </nav>
  );
}
