/**
 * The interface languages. English keeps every text of SPEC.md word for word;
 * Irish is the school Irish of docs/GLOSSARY-GA.md.
 */
export const LANGUAGES = ["en", "ga"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ga: "Gaeilge" };

/** The locale for `Intl` (dates, numbers, plural rules) and for `<html lang>`. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: "en-IE", ga: "ga-IE" };

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "ga";

/** A browser's list of preferred languages → ours: Irish if it comes first of the two, else English. */
export function languageFromPreferences(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "ga") return "ga";
    if (base === "en") return "en";
  }
  return DEFAULT_LANGUAGE;
}
