/**
 * A Vite plugin that writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to
 * every text asset of the production build, so the server sends compressed files without
 * compressing per request (@fastify/static `preCompressed`). Fonts and images are already
 * compressed formats and are left alone.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Writes the compressed twins of `file`, each only where it is smaller than the file itself. */
export function compressFile(file: string): void {
  const content = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gz = zlib.gzipSync(content, { level: 9 });
  if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "cluehunt-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = path.join(outDir, "assets");
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) if (TEXT_ASSET.test(name)) compressFile(path.join(assets, name));
    },
  };
}
