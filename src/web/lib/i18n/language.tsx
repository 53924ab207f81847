/**
 * The page's language for React: `useT()` gives `t`, which translates keys (i18n.ts), and
 * re-renders its component when the language changes; `useLanguage()` reads and sets it.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { Text } from "../../../shared/i18n/messages.ts";
import {
  activateLanguage,
  currentLanguage,
  loadCatalogue,
  partsWanted,
  rememberLanguage,
  type Translated,
  translate,
} from "./i18n.ts";

type LanguageState = {
  language: Language;
  /** Switches the page (every part already loaded comes along). `remember` keeps it on this device. */
  setLanguage: (language: Language, options?: { remember?: boolean }) => Promise<void>;
};

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(currentLanguage);
  // The last language asked for wins, not the last to finish loading: a teacher who presses
  // Gaeilge while the page is still applying their account's English keeps Gaeilge.
  const latestRequest = useRef(0);
  const setLanguage = useCallback(async (next: Language, options: { remember?: boolean } = {}) => {
    if (options.remember !== false) rememberLanguage(next);
    const request = ++latestRequest.current;
    if (next === currentLanguage()) return;
    await Promise.all(partsWanted().map((part) => loadCatalogue(next, part)));
    if (request !== latestRequest.current) return;
    await activateLanguage(next, partsWanted());
    setState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage outside LanguageProvider");
  return state;
}

export type Translate = (text: Text | string) => Translated;

/** `t(key)`, `t(msg(key, values))`, or `t(text)` for text that may be a key (an error's message). */
export function useT(): Translate {
  const { language } = useLanguage();
  // A new function per language, so memoised children that take `t` re-render too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (text: Text | string) => translate(text), [language]);
}
