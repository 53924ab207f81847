/**
 * Which voice reads a question aloud (pure, so it is unit-tested): Irish English for English
 * games — an en-IE voice, else any English voice, else the browser's default — and, for games
 * in Irish, an Irish (ga-IE) voice when the device has one, otherwise that same English choice.
 */

/** The part of SpeechSynthesisVoice the choice looks at. */
export type VoiceLike = { lang: string; name: string; default?: boolean; localService?: boolean };

export type SpeechLanguage = "en" | "ga";

/** Games whose subject is Irish are written in Irish (SPEC section 3's subject catalogue). */
export const speechLanguageFor = (subject: string | null | undefined): SpeechLanguage => (subject === "Irish" ? "ga" : "en");

/** BCP 47 tag, whatever the platform writes ("en_IE", "EN-ie"). */
const normalise = (lang: string) => lang.replace(/_/g, "-").toLowerCase();

/** Voices on the device first (no network needed in a classroom), then the platform default. */
function best<V extends VoiceLike>(voices: readonly V[]): V | null {
  return [...voices].sort((a, b) => Number(Boolean(b.localService)) - Number(Boolean(a.localService)) || Number(Boolean(b.default)) - Number(Boolean(a.default)))[0] ?? null;
}

export function chooseVoice<V extends VoiceLike>(voices: readonly V[], language: SpeechLanguage): { voice: V | null; lang: "en-IE" | "ga-IE" } {
  if (language === "ga") {
    const irish = voices.filter((v) => normalise(v.lang) === "ga-ie" || normalise(v.lang) === "ga" || normalise(v.lang).startsWith("ga-"));
    if (irish.length > 0) return { voice: best(irish), lang: "ga-IE" };
  }
  const irishEnglish = voices.filter((v) => normalise(v.lang) === "en-ie");
  if (irishEnglish.length > 0) return { voice: best(irishEnglish), lang: "en-IE" };
  const english = voices.filter((v) => normalise(v.lang) === "en" || normalise(v.lang).startsWith("en-"));
  // Nearest accent next: British English before American and the rest.
  const british = english.filter((v) => normalise(v.lang) === "en-gb");
  return { voice: best(british.length > 0 ? british : english), lang: "en-IE" };
}
