/**
 * Serves the built React app to devices on slow school Wi-Fi:
 * - `/assets/*` (content-hashed names): cached a year as immutable, sent from the `.br`/`.gz`
 *   files written at build (scripts/build/precompress.ts), so nothing is compressed per request;
 * - every other non-API path gets index.html (the browser's router decides, unknown → /404),
 *   `no-cache` + ETag (a repeat visit is a 304 of a few hundred bytes), compressed once, with
 *   its page's hints (route-preloads.ts) and /join's first screen (decisions 028, 029);
 * - `/robots.txt`: crawlers may read the landing page, nothing a class or a teacher uses;
 * - an unknown file under /assets is a 404, not the app's HTML (a stale tab asking for last
 *   week's chunk must fail as a missing script, not parse HTML as JavaScript).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { languageOfJoinLink } from "../../shared/play/join-link.ts";
import { PRERENDERED_PATHS, prerenderedFile } from "../../shared/play/prerendered-screens.ts";
import { type ContentEncoding, preferredEncoding } from "./content-encoding.ts";
import { noApiRoute, notFound } from "./errors.ts";
import { dataPreloadFor, languageOfHeader, readManifest, routePreloads } from "./route-preloads.ts";

export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const PAGE_CACHE_CONTROL = "no-cache";

/** The landing page may be indexed; the pupils' and teachers' pages and the API may not. */
export const ROBOTS_TXT = [
  "User-agent: *",
  "Disallow: /join",
  "Disallow: /play/",
  "Disallow: /s/",
  "Disallow: /dashboard",
  "Disallow: /create-game",
  "Disallow: /start-session/",
  "Disallow: /session-codes/",
  "Disallow: /results/",
  "Disallow: /reset-password",
  "Disallow: /api/",
  "",
].join("\n");

/** index.html as it is sent: plain, brotli and gzip, with one ETag per variant. */
function pageVariants(html: Buffer) {
  const hash = createHash("sha256").update(html).digest("base64url").slice(0, 16);
  return {
    identity: { body: html, etag: `"${hash}"` },
    br: {
      body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${hash}-br"`,
    },
    gzip: { body: zlib.gzipSync(html, { level: 9 }), etag: `"${hash}-gz"` },
  } satisfies Record<ContentEncoding | "identity", { body: Buffer; etag: string }>;
}

/** True when the browser's cached copy (If-None-Match) is the one we would send. */
function stillFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

type PageVariants = ReturnType<typeof pageVariants>;

/** path → language → the screen's markup, read from `prerendered/` beside index.html (missing: the app draws it). */
export function readPrerenderedScreens(webDir: string): Map<string, Map<Language, string>> {
  const screens = new Map<string, Map<Language, string>>();
  for (const pathname of PRERENDERED_PATHS) {
    const byLanguage = new Map<Language, string>();
    for (const language of LANGUAGES) {
      const file = path.join(webDir, prerenderedFile(pathname, language));
      if (fs.existsSync(file)) byLanguage.set(language, fs.readFileSync(file, "utf8"));
    }
    if (byLanguage.size > 0) screens.set(pathname, byLanguage);
  }
  return screens;
}

/** index.html with the first screen drawn in its root and the page's language on <html>. */
export function withScreen(html: string, screen: string, language: Language): string {
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${LANGUAGE_LOCALES[language]}">`)
    .replace('<div id="root"></div>', () => `<div id="root">${screen}</div>`);
}

/**
 * The language a page is sent in: the session's pupil language where a join link names it
 * (decision 029: from the link itself, nothing looked up, so no answer about the code), else
 * the one the browser's Accept-Language prefers (decision 023). A link naming no language we
 * have is a link without one.
 */
export function pageLanguage(pathname: string, search: string, acceptLanguage: string | undefined): Language {
  return (pathname === "/join" ? languageOfJoinLink(search) : null) ?? languageOfHeader(acceptLanguage);
}

export async function registerWebApp(app: FastifyInstance, webDir: string) {
  const html = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const plainPage = pageVariants(Buffer.from(html));
  const preloadsFor = routePreloads(readManifest(webDir));
  const screens = readPrerenderedScreens(webDir);
  const pagesWithPreloads = new Map<string, PageVariants>();
  /**
   * index.html for this path: with its page's chunks named, where it has hints, and its first
   * screen drawn in the page's language, where the build drew one (decision 028). Each
   * variant is built once: a language a link names picks one of the same variants.
   */
  const pageFor = (pathname: string, language: Language): PageVariants => {
    const preloads = preloadsFor(pathname, language);
    const screen = screens.get(pathname)?.get(language);
    if (!preloads && !screen) return plainPage;
    const key = `${preloads?.key ?? pathname}|${screen ? language : "-"}`;
    let variants = pagesWithPreloads.get(key);
    if (!variants) {
      const withHints = preloads ? html.replace("</head>", `${preloads.tags}</head>`) : html;
      pagesWithPreloads.set(
        key,
        (variants = pageVariants(Buffer.from(screen ? withScreen(withHints, screen, language) : withHints))),
      );
    }
    return variants;
  };

  await app.register(fastifyStatic, {
    root: path.join(webDir, "assets"),
    prefix: "/assets/",
    wildcard: false,
    index: false,
    preCompressed: true,
    // send's own header would say max-age=0; ours is set below.
    cacheControl: false,
    // A hashed name never changes its content and is never asked for again while cached, so no
    // validators (a pupil's first visit fetches a dozen files; each header line is sent with each).
    etag: false,
    lastModified: false,
    setHeaders(res) {
      res.setHeader("cache-control", ASSET_CACHE_CONTROL);
      // The same address answers differently by Accept-Encoding: caches must keep them apart.
      res.setHeader("vary", "Accept-Encoding");
    },
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(ROBOTS_TXT),
  );

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    const query = request.url.indexOf("?");
    const pathname = query < 0 ? request.url : request.url.slice(0, query);
    const search = query < 0 ? "" : request.url.slice(query + 1);
    const variant = pageFor(pathname, pageLanguage(pathname, search, request.headers["accept-language"]))[
      encoding ?? "identity"
    ];
    const dataPreload = dataPreloadFor(pathname);
    if (dataPreload) reply.header("link", dataPreload);
    // The page names the texts of the reader's language (route-preloads.ts): it differs by both headers.
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", PAGE_CACHE_CONTROL)
      .header("etag", variant.etag)
      .header("vary", "Accept-Encoding, Accept-Language");
    if (stillFresh(request, variant.etag)) return reply.code(304).send();
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(variant.body);
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") throw noApiRoute(request.method, request.url);
    if (request.method !== "GET" && request.method !== "HEAD") throw notFound("common.error.notFound");
    if (request.url.startsWith("/assets/")) throw notFound("common.error.noSuchFile");
    return sendPage(request, reply);
  });
}
