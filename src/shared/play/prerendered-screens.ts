/**
 * The first screens the build draws into the page the server sends (decision 028): only the
 * join page's, which shows nothing of anyone's. Shared by the build (scripts/build/prerender.ts,
 * src/web/app/prerender.tsx) and the server that sends them (server/http/web-app.ts).
 */
import type { Language } from "../i18n/languages.ts";

export const PRERENDERED_PATHS = ["/join"] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** Where a screen is written, relative to the build's directory: `prerendered/join.ga.html`. */
export const prerenderedFile = (pathname: PrerenderedPath, language: Language) =>
  `prerendered/${pathname.slice(1)}.${language}.html`;
