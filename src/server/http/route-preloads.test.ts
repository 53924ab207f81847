import { describe, expect, it } from "vitest";
import { dataPreloadFor, languageOfHeader, routePreloads } from "./route-preloads.ts";

const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"], css: ["assets/index-1.css"] },
  "_react.js": { file: "assets/react-2.js" },
  "_rules.js": { file: "assets/rules-3.js", imports: ["_react.js"] },
  "features/join/join-page.tsx": {
    file: "assets/join-page-4.js",
    imports: ["index.html", "_react.js", "_rules.js"],
    css: ["assets/pupil-5.css"],
    assets: ["assets/andika-11.woff2", "assets/andika-11.woff"],
  },
  "features/play/play-page.tsx": { file: "assets/play-page-6.js", imports: ["_rules.js"], css: ["assets/pupil-5.css"] },
  "features/dashboard/dashboard-page.tsx": { file: "assets/dashboard-7.js" },
  "../../messages-en-pupil": { file: "assets/_messages-en-pupil-8.js", isDynamicEntry: true },
  "../../messages-ga-pupil": { file: "assets/_messages-ga-pupil-9.js", isDynamicEntry: true },
  "../../messages-en-teacher": { file: "assets/_messages-en-teacher-10.js", isDynamicEntry: true },
};
const texts = (language: string) =>
  `<link rel="modulepreload" crossorigin href="/assets/_messages-${language}-pupil-${language === "en" ? 8 : 9}.js">`;

describe("routePreloads", () => {
  const preloads = routePreloads(manifest);

  it("names a pupil page's own chunks and stylesheets, not what the entry already loads", () => {
    const join = preloads("/join")!;
    expect(join.tags).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/pupil-5.css"><link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/andika-11.woff2">' +
        '<link rel="modulepreload" crossorigin href="/assets/join-page-4.js"><link rel="modulepreload" crossorigin href="/assets/rules-3.js">' +
        texts("en"),
    );
    expect(preloads("/play/5f0e8e62-0000-4000-8000-000000000000")!.tags).toContain("/assets/play-page-6.js");
  });

  it("names the texts of the page's language, the one a first visit shows (the browser's: English unless Irish comes first)", () => {
    expect(preloads("/join", languageOfHeader("ga-IE,ga;q=0.9,en;q=0.8"))!.tags).toContain(texts("ga"));
    expect(preloads("/join", languageOfHeader("ga-IE,ga;q=0.9,en;q=0.8"))!.tags).not.toContain(texts("en"));
    expect(preloads("/join", languageOfHeader("en-IE,en;q=0.9,ga;q=0.5"))!.tags).toContain(texts("en"));
    expect(preloads("/join", languageOfHeader("fr-FR"))!.tags).toContain(texts("en"));
    expect(preloads("/join", "ga")!.key).not.toBe(preloads("/join", "en")!.key);
    expect(preloads("/play/5f0e8e62-0000-4000-8000-000000000000")!.tags).not.toContain("teacher");
    expect([
      languageOfHeader(undefined),
      languageOfHeader(""),
      languageOfHeader(" ga ;q=1"),
      languageOfHeader("de, ga-IE"),
    ]).toEqual(["en", "en", "ga", "ga"]);
  });

  it("gives no hints for teacher pages, unknown paths, or without a build manifest", () => {
    expect(preloads("/dashboard")).toBeNull();
    expect(preloads("/play/a/b")).toBeNull();
    expect(preloads("/join/extra")).toBeNull();
    expect(routePreloads(null)("/join")).toBeNull();
  });
});

describe("dataPreloadFor", () => {
  it("names a play page's question for the browser to fetch with the scripts", () => {
    expect(dataPreloadFor("/play/5f0e8e62-0000-4000-8000-000000000000")).toBe(
      "</api/play/5f0e8e62-0000-4000-8000-000000000000>; rel=preload; as=fetch; crossorigin",
    );
  });

  it("names nothing for other pages, or for a play address that is not a progress id (nothing of it is echoed into a header)", () => {
    for (const pathname of [
      "/join",
      "/",
      "/play/",
      "/play/abc",
      "/play/5f0e8e62-0000-4000-8000-000000000000/x",
      "/play/5F0E8E62-0000-4000-8000-000000000000",
      "/play/5f0e8e62-0000-4000-8000-000000000000>;rel=preload",
      "/play/%3E",
    ])
      expect(dataPreloadFor(pathname), pathname).toBeNull();
  });
});
