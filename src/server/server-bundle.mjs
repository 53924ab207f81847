// @ts-check
/**
 * The server as one JavaScript file for `npm start` (start.mjs, decision 055): esbuild bundles
 * the server's own TypeScript modules (packages stay imports of node_modules) in ~0.3 s, and the
 * bundle is reused while neither the builder nor any file it was made from has changed since.
 * Plain JavaScript: loading it must not load Node's TypeScript stripper, which is what it saves.
 */
import fs from "node:fs";
import path from "node:path";
import process from "node:process";

/** Written beside and renamed into place: two servers starting at once never read half a file. */
function writeInPlace(/** @type {string} */ file, /** @type {string | Uint8Array} */ contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * The bundle of `entry` in `outDir` (`main.mjs`), built first unless the last build is fresh: it
 * exists, was built from the same entry, and no file it was built from (`main.inputs.json`) nor
 * this builder was modified after the build began. A file that is gone makes it stale too.
 *
 * @param {{ root: string, entry: string, outDir: string }} where `entry` relative to `root`
 * @returns {Promise<{ bundle: string, built: boolean }>}
 */
export async function ensureServerBundle({ root, entry, outDir }) {
  const bundle = path.join(outDir, "main.mjs");
  const inputsFile = path.join(outDir, "main.inputs.json");
  if (isFresh(bundle, inputsFile, root, entry)) return { bundle, built: false };

  const builtAt = Date.now();
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: bundle,
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: `node${process.versions.node.split(".")[0]}`,
      write: false,
      metafile: true,
      logLevel: "warning",
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error(`esbuild wrote no bundle of ${entry}`);
    fs.mkdirSync(outDir, { recursive: true });
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
    writeInPlace(inputsFile, JSON.stringify({ entry, builtAt, inputs }));
    writeInPlace(bundle, output.contents);
  } finally {
    await esbuild.stop();
  }
  return { bundle, built: true };
}

/** @param {string} bundle @param {string} inputsFile @param {string} root @param {string} entry */
function isFresh(bundle, inputsFile, root, entry) {
  try {
    const built = JSON.parse(fs.readFileSync(inputsFile, "utf8"));
    const { builtAt, inputs } = built;
    if (built.entry !== entry || typeof builtAt !== "number" || !Array.isArray(inputs)) return false;
    if (!fs.existsSync(bundle)) return false;
    return [import.meta.filename, ...inputs].every((file) => fs.statSync(path.resolve(root, file)).mtimeMs <= builtAt);
  } catch {
    return false; // no build yet, or a file it was built from is gone
  }
}
