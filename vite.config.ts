import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { catalogues } from "./scripts/build/catalogues.ts";
import { precompress } from "./scripts/build/precompress.ts";
import { prerender } from "./scripts/build/prerender.ts";

/** main.tsx's static imports: modules every page downloads whatever it is (checked by the bundle report: no teacher code on /join or /play). */
const SHELL_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@lingui[\\/]core|cookie|set-cookie-parser)[\\/]|src[\\/]web[\\/](main\.tsx|app[\\/]|lib[\\/](auth|i18n)[\\/]|lib[\\/]api-client|components[\\/](error-boundary|offline-banner|loading)|features[\\/]auth[\\/]teacher-only)|src[\\/]shared[\\/](auth-state|api-errors|i18n[\\/](languages|messages|catalogue-parts))/;

export default defineConfig({
  root: "src/web",
  publicDir: false,
  plugins: [react(), catalogues(), precompress(), prerender()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    // Read by the bundle-size report (npm run bench): which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The app shell: what main.tsx imports, which every page loads before anything else.
              // Left to itself the bundler cuts it into a dozen small files wherever a page also
              // uses a piece (a request each, ~0.9 KB of headers each on a pupil's first visit).
              name: "shell",
              test: SHELL_MODULES,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API server runs beside Vite in `npm run dev` (scripts/dev.ts).
    proxy: { "/api": { target: "http://127.0.0.1:3000" } },
  },
});
