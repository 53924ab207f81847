/**
 * What JavaScript each route makes the browser download, read from Vite's build manifest:
 * the entry chunk and its imports, plus the route's page chunk and its imports. Two sizes:
 * "sent" is what the server actually sends a browser that accepts brotli (every current one):
 * the `.br` file the build wrote beside each asset (scripts/build/precompress.ts), or the file
 * itself where compression did not pay; "gzip" is gzip -9, the budget's measure.
 * Checks the student budget (/join and /play under 120 KB) and that no teacher page reaches
 * a student's browser. Each route is measured in each language: with the part of
 * that language's catalogue it loads (the pupil part on /join and /play, both parts elsewhere).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { CATALOGUE_PARTS, type CataloguePart } from "../../src/shared/i18n/catalogue-parts.ts";
import { LANGUAGES } from "../../src/shared/i18n/languages.ts";

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

/** Files other than JavaScript that a route's chunks pull in, by kind. A browser fetches woff2 (the woff beside it is for old browsers). */
const ASSET_KINDS = {
  fonts: /\.woff2$/,
  sounds: /\.(mp3|ogg|wav|m4a)$/,
  images: /\.(png|jpe?g|svg|webp|avif|gif)$/,
} as const;

export const STUDENT_BUDGET_KB = 120;

const ROUTES: Array<[route: string, page: string, audience: "public" | "student" | "teacher"]> = [
  ["/", "features/landing/landing-page.tsx", "public"],
  ["/login", "features/auth/login-page.tsx", "public"],
  ["/signup", "features/auth/signup-page.tsx", "public"],
  ["/forgot-password", "features/auth/forgot-password-page.tsx", "public"],
  ["/reset-password", "features/auth/reset-password-page.tsx", "public"],
  ["/join", "features/join/join-page.tsx", "student"],
  ["/play/:id", "features/play/play-page.tsx", "student"],
  ["/s/:token", "features/play/station-visit-page.tsx", "student"],
  ["/dashboard", "app/dashboard-route.tsx", "teacher"],
  ["/create-game", "features/games/create-game-page.tsx", "teacher"],
  ["/start-session/:id", "features/sessions/start-session-page.tsx", "teacher"],
  ["/session-codes/:id", "features/sessions/session-codes-page.tsx", "teacher"],
  ["/results/:id", "features/results/results-page.tsx", "teacher"],
  ["/edit-game/:id", "features/games/create-game-page.tsx", "teacher"],
  ["/preview-game/:id", "features/play/preview-game-page.tsx", "teacher"],
  ["/starter-hunts/:id/preview", "features/play/preview-starter-page.tsx", "teacher"],
  ["/shared/:id", "features/sharing/shared-game-page.tsx", "teacher"],
  ["/404", "features/not-found/not-found-page.tsx", "public"],
];

// The previews (teacher pages of the play feature), the library's rules and the starter hunts are teacher code too.
const TEACHER_SOURCES =
  /features\/(dashboard|games|sessions|results|sharing)\/|app\/dashboard-route|features\/auth\/(login|signup|forgot-password|reset-password)-page|use-auth-form|features\/play\/preview-(game|starter)-page|shared\/game-(preview|library)|shared\/starter\/|starter-hunts-api|styles\/(game-(preview|library)|starter-hunts)/;

export async function reportBundles(root: string, options: { build?: boolean } = { build: true }) {
  if (options.build !== false) {
    const { build } = await import("vite");
    await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  }
  const dist = path.join(root, "dist/web");
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const gz = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  /** Bytes on the wire for a browser accepting brotli, as @fastify/static `preCompressed` chooses. */
  const sentSize = (file: string) => {
    const br = path.join(dist, `${file}.br`);
    return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(dist, file)).size;
  };
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const i of manifest[key]?.imports ?? []) closure(i, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entry = closure(entryKey, new Set());

  const catalogueKey = (language: string, part: CataloguePart) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(`messages-${language}-${part}`));
    if (!key) throw new Error(`No catalogue chunk for ${language}/${part} in the build manifest`);
    return key;
  };
  const rows = ROUTES.flatMap(([route, page, audience]) =>
    LANGUAGES.map((language) => {
      const pageKey = Object.keys(manifest).find((k) => k.endsWith(page));
      if (!pageKey) throw new Error(`No chunk for ${page} in the build manifest`);
      // The pupils' pages and the landing page load the catalogue's pupil part only (app-routes.tsx).
      const parts = audience === "student" || route === "/" ? (["pupil"] as const) : CATALOGUE_PARTS;
      const keys = closure(pageKey, new Set(entry));
      for (const part of parts) closure(catalogueKey(language, part), keys);
      const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"));
      const kb = files.reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
      const sentKb = files.reduce((sum, f) => sum + sentSize(f), 0) / 1024;
      const teacherCode = [...keys].filter(
        (k) => TEACHER_SOURCES.test(k) || TEACHER_SOURCES.test(manifest[k]!.src ?? ""),
      );
      // Fonts, sounds and images: separate files, already compressed (their size on disk is what is sent).
      const assets = new Set([...keys].flatMap((k) => manifest[k]!.assets ?? []));
      const assetKb = (kind: RegExp) =>
        Math.round(
          ([...assets].filter((a) => kind.test(a)).reduce((sum, a) => sum + fs.statSync(path.join(dist, a)).size, 0) /
            1024) *
            10,
        ) / 10;
      const css = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
      const cssKb = Math.round(([...css].reduce((sum, f) => sum + gzipSize(f), 0) / 1024) * 10) / 10;
      const cssSentKb = Math.round(([...css].reduce((sum, f) => sum + sentSize(f), 0) / 1024) * 10) / 10;
      return {
        route,
        language,
        audience,
        kb: Math.round(kb * 10) / 10,
        sentKb: Math.round(sentKb * 10) / 10,
        files: files.length,
        teacherCode,
        cssKb,
        cssSentKb,
        fontsKb: assetKb(ASSET_KINDS.fonts),
        soundsKb: assetKb(ASSET_KINDS.sounds),
        imagesKb: assetKb(ASSET_KINDS.images),
      };
    }),
  );

  console.log(
    "JavaScript per route, everything the browser downloads for a first visit to that route (sent = brotli as served; gzip -9):",
  );
  for (const r of rows)
    console.log(
      `  ${r.route.padEnd(20)} ${r.language}  sent ${String(r.sentKb).padStart(6)} KB  gzip ${String(r.kb).padStart(6)} KB  ${String(r.files).padStart(2)} files  ${r.audience}`,
    );
  const students = rows.filter((r) => r.audience === "student");
  const overBudget = students.filter((r) => r.kb >= STUDENT_BUDGET_KB);
  const leaks = students.filter((r) => r.teacherCode.length > 0);
  console.log(
    overBudget.length === 0
      ? `  Student routes are under the ${STUDENT_BUDGET_KB} KB budget.`
      : `  OVER BUDGET: ${overBudget.map((r) => `${r.route} (${r.language})`).join(", ")}`,
  );
  console.log(
    leaks.length === 0
      ? "  No teacher code is loaded by /join or /play."
      : `  TEACHER CODE IN STUDENT ROUTES: ${JSON.stringify(leaks.map((l) => [l.route, l.teacherCode]))}`,
  );
  console.log(
    "Other files per route (CSS sent as brotli, and gzip -9; fonts, sounds and images as sent), where there are any beyond the shared stylesheet:",
  );
  const baseCss = rows.find((r) => r.route === "/")?.cssKb ?? 0;
  for (const r of rows.filter(
    (row) => row.language === "en" && (row.fontsKb + row.soundsKb + row.imagesKb > 0 || row.cssKb > baseCss),
  )) {
    console.log(
      `  ${r.route.padEnd(20)} CSS sent ${String(r.cssSentKb).padStart(5)} KB gzip ${String(r.cssKb).padStart(5)} KB  fonts ${String(r.fontsKb).padStart(5)} KB  sounds ${String(r.soundsKb).padStart(4)} KB  images ${String(r.imagesKb).padStart(4)} KB  ${r.audience}`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reportBundles(path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..")).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
