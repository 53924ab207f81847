/**
 * A teacher's saved classes: a name, an optional class level and the pupils' first names,
 * kept until the teacher deletes the class or the account (decision 040). Shapes of the API and the
 * rules both sides share; the names follow the class list's rules (class-list.ts).
 */
import type { ClassLevel } from "../games/curriculum.ts";
import { type MessageTable, messageText, msg } from "../i18n/messages.ts";

/** A class's name, in characters after cleaning (text.ts). */
export const CLASS_NAME_MAX_LENGTH = 60;

/** Catalogue keys. */
export const classMessages = {
  notFound: "classes.notFound",
  nameRequired: "classes.nameRequired",
  nameTooLong: messageText(msg("classes.nameTooLong", { max: CLASS_NAME_MAX_LENGTH })),
  levelInvalid: "classes.levelInvalid",
  namesNotText: "classes.namesNotText",
  namesRequired: "classes.namesRequired",
  classAndList: "sessions.classAndList",
} as const satisfies MessageTable;

/** A saved class as the API returns it. Dates as ISO 8601 text. */
export type SavedClass = {
  id: string;
  name: string;
  level: ClassLevel | null;
  names: string[];
  createdAt: string;
  updatedAt: string;
};

/** GET /api/classes: newest first. */
export type ClassListResponse = { classes: SavedClass[] };
/** POST /api/classes (201) and PUT /api/classes/:id (200). */
export type SavedClassResponse = { class: SavedClass };

/**
 * The Class Level a new game's AI section starts at: the level of the class the teacher
 * saved or edited last, among those given one; null when none has a level.
 */
export function defaultClassLevel(classes: readonly Pick<SavedClass, "level" | "updatedAt">[]): ClassLevel | null {
  let latest: Pick<SavedClass, "level" | "updatedAt"> | null = null;
  for (const c of classes) if (c.level && (!latest || c.updatedAt > latest.updatedAt)) latest = c;
  return latest?.level ?? null;
}
