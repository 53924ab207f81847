import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { catalogues } from "./scripts/build/catalogues.ts";
import { precompress } from "./scripts/build/precompress.ts";
import { prerender } from "./scripts/build/prerender.ts";

/**
 * main.tsx's static imports: modules every page downloads whatever it is (checked by the bundle
 * report: no teacher code on /join or /play). Named file by file where a folder also holds
 * modules only some pages use: a match takes the module's own imports into the shell too.
 * Also the form field (a few hundred bytes) that the join page, the sign-in pages and most of
 * a teacher's pages draw: a file of its own would be a request on each of them.
 */
const SHELL_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@lingui[\\/]core|cookie|set-cookie-parser)[\\/]|src[\\/]web[\\/](main\.tsx|app[\\/]app-(tree|routes)\.tsx|lib[\\/]auth[\\/]|lib[\\/]i18n[\\/](?!title-names)|lib[\\/]api-client|components[\\/](error-boundary|offline-banner|loading|form-field)|features[\\/]auth[\\/]teacher-only)|src[\\/]shared[\\/](auth-state|api-errors|i18n[\\/](languages|messages|catalogue-parts))/;

/**
 * What both pupils' pages (/join and /play) import beyond the shell: the group's badge, the
 * read-aloud button and the names it reads, the tablet's turns, the question kinds (and the
 * class list the join page offers, a few hundred bytes). One file instead of seven on a pupil's
 * first visit; a teacher's page that shows a badge loads it too.
 */
const PUPIL_MODULES =
  /src[\\/]web[\\/](components[\\/](group-badge|player-name|read-aloud)\.tsx|lib[\\/](voice-choice|tablet-memory)\.ts)|src[\\/]shared[\\/](text\.ts|games[\\/](question-kinds|curriculum)\.ts|play[\\/](play-texts|name-letters\.web|tablet-turns)\.ts|classes[\\/]class-list\.ts)/;

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
              priority: 2,
            },
            { name: "pupil", test: PUPIL_MODULES, priority: 1 },
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
