import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { catalogues } from "./scripts/build/catalogues.ts";
import { precompress } from "./scripts/build/precompress.ts";

export default defineConfig({
  root: "src/web",
  publicDir: false,
  plugins: [react(), catalogues(), precompress()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    // Read by the bundle-size report (npm run bench): which chunks each route loads.
    manifest: true,
  },
  server: {
    port: 5173,
    // The API server runs beside Vite in `npm run dev` (scripts/dev.ts).
    proxy: { "/api": { target: "http://127.0.0.1:3000" } },
  },
});
