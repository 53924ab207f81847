/**
 * Each page of the web app is its own chunk, loaded once the shared entry has run: on slow
 * Wi-Fi that is a second round of downloads before a pupil sees anything. For the pages a
 * class opens from a link (the landing page, /join, /play) the server names that page's
 * chunks and stylesheets in the index.html it sends, so the browser fetches them alongside
 * the entry. Read from Vite's build manifest; without one (an API-only test server) no hints.
 */
import fs from "node:fs";
import path from "node:path";

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Which page a path opens (as the web app's router does), for the pages worth announcing. */
const PRELOADED_PAGES: Array<[matches: (pathname: string) => boolean, source: string]> = [
  [(p) => p === "/", "features/landing/landing-page.tsx"],
  [(p) => p === "/join", "features/join/join-page.tsx"],
  [(p) => /^\/play\/[^/]+$/.test(p), "features/play/play-page.tsx"],
];

export type RoutePreloads = (pathname: string) => { key: string; tags: string } | null;

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
  const tagsBySource = new Map<string, string>();
  for (const [, source] of PRELOADED_PAGES) {
    if (!manifest[source]) continue;
    const chunks = [...closure(source, new Set())].filter((k) => !entry.has(k));
    const scripts = chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`);
    const styles = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
    tagsBySource.set(source, [...styles, ...scripts].join(""));
  }
  return (pathname) => {
    const source = PRELOADED_PAGES.find(([matches]) => matches(pathname))?.[1];
    const tags = source && tagsBySource.get(source);
    return source && tags ? { key: source, tags } : null;
  };
}
