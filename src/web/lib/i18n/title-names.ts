/**
 * The subject and class level in a game's automatic title, as the teacher reads them:
 * "Eolaíocht - Rang a 5 - An corp daonna" on an Irish page, "Science - 5th Class - …" on an
 * English one (the stored values are the English names). A value outside the lists stays as it is.
 */
import { useMemo } from "react";
import { CLASS_LEVELS, catalogueNameKey, SUBJECTS } from "../../../shared/games/curriculum.ts";
import type { TitleNames } from "../../../shared/games/games.ts";
import { useT } from "./language.tsx";

const LISTED: Record<"subject" | "level", ReadonlySet<string>> = {
  subject: new Set(SUBJECTS),
  level: new Set(CLASS_LEVELS),
};

export function useTitleNames(): TitleNames {
  const t = useT();
  return useMemo(() => (kind, value) => (LISTED[kind].has(value) ? t(catalogueNameKey(kind, value)) : value), [t]);
}
