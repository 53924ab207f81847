/**
 * A catalogue's ICU messages compiled once (at build time for the web, at start on the server),
 * so no page parses ICU at run time. `part` keeps one part of it (catalogue-parts.ts).
 */
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { partOfKey, type CataloguePart } from "./catalogue-parts.ts";

export type CompiledCatalogue = Record<string, CompiledMessage>;

export function compileCatalogue(source: Record<string, string>, part?: CataloguePart): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(source)) {
    if (part && partOfKey(key) !== part) continue;
    compiled[key] = compileMessageOrThrow(message);
  }
  return compiled;
}
