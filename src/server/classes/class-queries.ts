/** Reads of a teacher's saved classes (issue 32): only ever the teacher's own. */
import { and, desc, eq } from "drizzle-orm";
import type { ClassLevel } from "../../shared/games/curriculum.ts";
import type { SavedClass } from "../../shared/sessions/saved-classes.ts";
import type { Db } from "../db/client.ts";
import { classes } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

const savedClassColumns = {
  id: classes.id,
  name: classes.name,
  level: classes.level,
  names: classes.names,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

type SavedClassRow = {
  id: string;
  name: string;
  level: string | null;
  names: string[];
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** A row as the API presents it (dates as ISO 8601 text). */
export function presentClass(row: SavedClassRow): SavedClass {
  return {
    id: row.id,
    name: row.name,
    level: row.level as ClassLevel | null,
    names: row.names,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The teacher's classes, newest first. */
export async function listClasses(db: Db, teacherId: string): Promise<SavedClass[]> {
  const rows = await db
    .select(savedClassColumns)
    .from(classes)
    .where(eq(classes.teacherId, teacherId))
    .orderBy(desc(classes.createdAt), desc(classes.id));
  return rows.map(presentClass);
}

/** One of the teacher's classes, or null (another teacher's and a missing one alike). */
export async function findClassForTeacher(db: Db, classId: string, teacherId: string): Promise<SavedClass | null> {
  if (!isUuid(classId)) return null;
  const [row] = await db
    .select(savedClassColumns)
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)));
  return row ? presentClass(row) : null;
}

export { savedClassColumns };
