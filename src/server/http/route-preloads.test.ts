import { describe, expect, it } from "vitest";
import { routePreloads } from "./route-preloads.ts";

const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"], css: ["assets/index-1.css"] },
  "_react.js": { file: "assets/react-2.js" },
  "_rules.js": { file: "assets/rules-3.js", imports: ["_react.js"] },
  "features/join/join-page.tsx": { file: "assets/join-page-4.js", imports: ["index.html", "_react.js", "_rules.js"], css: ["assets/pupil-5.css"] },
  "features/play/play-page.tsx": { file: "assets/play-page-6.js", imports: ["_rules.js"], css: ["assets/pupil-5.css"] },
  "features/dashboard/dashboard-page.tsx": { file: "assets/dashboard-7.js" },
};

describe("routePreloads", () => {
  const preloads = routePreloads(manifest);

  it("names a pupil page's own chunks and stylesheets, not what the entry already loads", () => {
    const join = preloads("/join")!;
    expect(join.tags).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/pupil-5.css"><link rel="modulepreload" crossorigin href="/assets/join-page-4.js"><link rel="modulepreload" crossorigin href="/assets/rules-3.js">',
    );
    expect(preloads("/play/5f0e8e62-0000-4000-8000-000000000000")!.tags).toContain("/assets/play-page-6.js");
  });

  it("gives no hints for teacher pages, unknown paths, or without a build manifest", () => {
    expect(preloads("/dashboard")).toBeNull();
    expect(preloads("/play/a/b")).toBeNull();
    expect(preloads("/join/extra")).toBeNull();
    expect(routePreloads(null)("/join")).toBeNull();
  });
});
