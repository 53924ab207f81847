/**
 * A session's pupils' language (the teacher's choice at Start Session): the join and
 * play pages switch to it, unless the child at this tab chose a language with the switch.
 * Not remembered on the device: the next session brings its own.
 */
import { useCallback } from "react";
import type { Language } from "../../../shared/i18n/languages.ts";
import { languageChosenHere } from "./i18n.ts";
import { useLanguage } from "./language.tsx";

export function useSessionLanguage(): (language: Language) => Promise<void> {
  const { setLanguage } = useLanguage();
  return useCallback(
    async (language: Language) => {
      if (languageChosenHere()) return;
      await setLanguage(language, { remember: false });
    },
    [setLanguage],
  );
}
