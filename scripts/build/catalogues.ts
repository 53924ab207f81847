/**
 * Vite plugin: `virtual:catalogue/<language>/<part>` is that part of that language's catalogue,
 * compiled (src/shared/i18n/compile-catalogue.ts). Each is its own chunk, so a page downloads
 * only its language's messages, and a pupil's page only the pupil part.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { CATALOGUE_PARTS, type CataloguePart } from "../../src/shared/i18n/catalogue-parts.ts";
import { compileCatalogue } from "../../src/shared/i18n/compile-catalogue.ts";
import { isLanguage } from "../../src/shared/i18n/languages.ts";

const PREFIX = "virtual:catalogue/";
/** The resolved id names the chunk: `messages-ga-pupil-<hash>.js`. */
const RESOLVED = "\0messages-";
const localesDir = fileURLToPath(new URL("../../src/shared/i18n/locales/", import.meta.url));

export function catalogues(): Plugin {
  return {
    name: "cluehunt-catalogues",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length).replace("/", "-")}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [language, part] = id.slice(RESOLVED.length).split("-");
      if (!isLanguage(language) || !CATALOGUE_PARTS.includes(part as CataloguePart))
        throw new Error(`No catalogue ${id.slice(1)}`);
      const file = `${localesDir}${language}.json`;
      this.addWatchFile(file);
      const compiled = compileCatalogue(
        JSON.parse(readFileSync(file, "utf8")) as Record<string, string>,
        part as CataloguePart,
      );
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
