/**
 * A Vite plugin that draws the join page's first screen at build time, in each language, into
 * `prerendered/join.<language>.html` beside index.html (decision 028). It loads
 * src/web/app/prerender.tsx through a Vite server in middleware mode, with this same
 * configuration, so the components, the catalogues and the markup are exactly the browser's.
 */
import fs from "node:fs";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { LANGUAGES } from "../../src/shared/i18n/languages.ts";
import { PRERENDERED_PATHS, prerenderedFile } from "../../src/shared/play/prerendered-screens.ts";

export function prerender(): Plugin {
  let outDir = "";
  let configFile: string | undefined;
  return {
    name: "cluehunt-prerender",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      const server = await createServer({
        configFile,
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
        logLevel: "error",
        optimizeDeps: { noDiscovery: true },
      });
      try {
        const { renderScreen } = (await server.ssrLoadModule(
          "/app/prerender.tsx",
        )) as typeof import("../../src/web/app/prerender.tsx");
        for (const pathname of PRERENDERED_PATHS) {
          for (const language of LANGUAGES) {
            const file = path.join(outDir, prerenderedFile(pathname, language));
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, await renderScreen(pathname, language));
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
