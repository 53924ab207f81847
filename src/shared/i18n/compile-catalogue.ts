/**
 * A catalogue's ICU messages compiled once (at build time for the web, at start on the server),
 * so no page parses ICU at run time. `part` keeps one part of it (catalogue-parts.ts).
 */
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { type CataloguePart, partOfKey } from "./catalogue-parts.ts";

export type CompiledCatalogue = Record<string, CompiledMessage>;

export function compileCatalogue(source: Record<string, string>, part?: CataloguePart): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(source)) {
    if (part && partOfKey(key) !== part) continue;
    compiled[key] = compileMessageOrThrow(message);
  }
  return compiled;
}
