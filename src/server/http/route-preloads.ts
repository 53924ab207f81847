/**
 * Each page of the web app is its own chunk, loaded once the shared entry has run: on slow
 * Wi-Fi that is a second round of downloads before a pupil sees anything. For the pages a
 * class opens from a link (the landing page, /join, /play) the server names that page's
 * chunks and stylesheets in the index.html it sends, so the browser fetches them alongside
 * the entry. Read from Vite's build manifest; without one (an API-only test server) no hints.
 *
 * The page's texts are a chunk too (the catalogue's pupil part, decision 021), fetched once the
 * entry has chosen a language: a third round trip before anything is drawn. A first visit's
 * language is the browser's (initialLanguage in web/lib/i18n), which its Accept-Language
 * header tells, or the one a join link names (decision 029), so that language's part is
 * named as well.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageFromPreferences } from "../../shared/i18n/languages.ts";
import { isUuid } from "../db/uuid.ts";

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A play page's address: /play/:progressId. */
const PLAY_PAGE = /^\/play\/([^/]+)$/;

/** Which page a path opens (as the web app's router does), for the pages worth announcing. */
const PRELOADED_PAGES: Array<[matches: (pathname: string) => boolean, source: string]> = [
  [(p) => p === "/", "features/landing/landing-page.tsx"],
  [(p) => p === "/join", "features/join/join-page.tsx"],
  [(p) => PLAY_PAGE.test(p), "features/play/play-page.tsx"],
  // A station card's address, opened by a camera app.
  [(p) => /^\/s\/[^/]+$/.test(p), "features/play/station-visit-page.tsx"],
];

/** `language`: the page's (pageLanguage in web-app.ts), whose texts the page shows first. */
export type RoutePreloads = (pathname: string, language?: Language) => { key: string; tags: string } | null;

/** The languages an Accept-Language header names, in its order (weights are listed in preference order by every browser). */
export const languageOfHeader = (header: string | undefined): Language =>
  languageFromPreferences(
    (header ?? "")
      .split(",")
      .map((part) => part.split(";")[0]!.trim())
      .filter(Boolean),
  );

export function readManifest(webDir: string): Manifest | null {
  const file = path.join(webDir, ".vite", "manifest.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Manifest) : null;
}

/** `<link>` tags for a path's page chunk, its imports and stylesheets, beyond what the entry already loads. */
export function routePreloads(manifest: Manifest | null): RoutePreloads {
  if (!manifest) return () => null;
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const entry = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  const preload = (key: string) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`;
  // The pages preloaded here all show the catalogue's pupil part (app-routes.tsx).
  const textsTag = new Map<Language, string>();
  for (const language of LANGUAGES) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`messages-${language}-pupil`));
    if (key) textsTag.set(language, preload(key));
  }
  const tagsBySource = new Map<string, string>();
  for (const [, source] of PRELOADED_PAGES) {
    if (!manifest[source]) continue;
    const chunks = [...closure(source, new Set())].filter((k) => !entry.has(k));
    const styles = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].map(
      (css) => `<link rel="stylesheet" crossorigin href="/${css}">`,
    );
    // The pupils' typeface: found only once its stylesheet has arrived and the text is laid out,
    // a round trip after the stylesheet; named here it arrives with the scripts (woff2: every current browser).
    const fonts = [...new Set(chunks.flatMap((k) => manifest[k]!.assets ?? []))]
      .filter((asset) => asset.endsWith(".woff2"))
      .map((font) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`);
    tagsBySource.set(source, [...styles, ...fonts, ...chunks.map(preload)].join(""));
  }
  return (pathname, language = DEFAULT_LANGUAGE) => {
    const source = PRELOADED_PAGES.find(([matches]) => matches(pathname))?.[1];
    const tags = source && tagsBySource.get(source);
    if (!source || !tags) return null;
    return { key: `${source} ${language}`, tags: tags + (textsTag.get(language) ?? "") };
  };
}

/**
 * The data a page cannot draw its first screen without, as a `Link` preload header: the
 * play page's question (GET /api/play/:id). The page's script asks for it only once it has
 * arrived and run, so on a slow link the question would wait for the script and then for one
 * more round trip. Named here, it is fetched alongside the scripts, and the page's own request
 * (same address, same-origin credentials) is answered from it. A header, not a tag in the
 * page, so that each pupil's page stays the one compressed index.html.
 */
export function dataPreloadFor(pathname: string): string | null {
  const id = PLAY_PAGE.exec(pathname)?.[1];
  // Only a progress id as the server writes them (lower case) is echoed into the header.
  return id && isUuid(id) && id === id.toLowerCase() ? `</api/play/${id}>; rel=preload; as=fetch; crossorigin` : null;
}
