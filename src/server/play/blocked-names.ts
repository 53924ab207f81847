/** Loads the words refused in pupils' names (shared/play/name-guard.server.ts) once, at start-up. */
import fs from "node:fs";
import path from "node:path";
import { parseBlockedWords } from "../../shared/play/name-guard.server.ts";
import { ConfigError } from "../config.ts";
import { projectRoot } from "../project-root.ts";

export const DEFAULT_BLOCKED_NAMES_FILE = path.join(projectRoot, "config", "blocked-names.txt");

/** A missing or unreadable list named by BLOCKED_NAMES_FILE stops the server with the reason. */
export function loadBlockedWords(file: string | undefined): Set<string> {
  const target = file ?? DEFAULT_BLOCKED_NAMES_FILE;
  try {
    return parseBlockedWords(fs.readFileSync(target, "utf8"));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  BLOCKED_NAMES_FILE: cannot read ${target} (${(error as Error).message})`,
    );
  }
}
