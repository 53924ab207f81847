/**
 * Which voice reads a question aloud (pure, so it is unit-tested): Irish English for English
 * games — an en-IE voice, else any English voice, else the browser's default — and, for games
 * in Irish, an Irish (ga-IE) voice when the device has one. Without one, Irish is not read at
 * all: an English voice reading Irish teaches a child the wrong sounds, so the
 * speaker says plainly that this device cannot read Irish.
 */

/** The part of SpeechSynthesisVoice the choice looks at. */
export type VoiceLike = { lang: string; name: string; default?: boolean; localService?: boolean };

export type SpeechLanguage = "en" | "ga";

/** BCP 47 tag, whatever the platform writes ("en_IE", "EN-ie"). */
const normalise = (lang: string) => lang.replace(/_/g, "-").toLowerCase();

/** Voices on the device first (no network needed in a classroom), then the platform default. */
function best<V extends VoiceLike>(voices: readonly V[]): V | null {
  return (
    [...voices].sort(
      (a, b) =>
        Number(Boolean(b.localService)) - Number(Boolean(a.localService)) ||
        Number(Boolean(b.default)) - Number(Boolean(a.default)),
    )[0] ?? null
  );
}

const isIrish = (voice: VoiceLike) => normalise(voice.lang) === "ga" || normalise(voice.lang).startsWith("ga-");

/** Whether the device can read this language aloud: English always (the browser's default voice), Irish only with an Irish voice. */
export const canReadAloud = (voices: readonly VoiceLike[], language: SpeechLanguage): boolean =>
  language === "en" || voices.some(isIrish);

export function chooseVoice<V extends VoiceLike>(
  voices: readonly V[],
  language: SpeechLanguage,
): { voice: V | null; lang: "en-IE" | "ga-IE" } {
  if (language === "ga") {
    const irish = voices.filter(isIrish);
    return { voice: best(irish), lang: "ga-IE" };
  }
  const irishEnglish = voices.filter((v) => normalise(v.lang) === "en-ie");
  if (irishEnglish.length > 0) return { voice: best(irishEnglish), lang: "en-IE" };
  const english = voices.filter((v) => normalise(v.lang) === "en" || normalise(v.lang).startsWith("en-"));
  // Nearest accent next: British English before American and the rest.
  const british = english.filter((v) => normalise(v.lang) === "en-gb");
  return { voice: best(british.length > 0 ? british : english), lang: "en-IE" };
}
