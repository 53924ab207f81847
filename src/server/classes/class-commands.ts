/**
 * Writing a teacher's saved classes (decision 040): create (within the limit of classes a
 * teacher keeps), edit, delete. Another teacher's class and a missing one are refused alike (404).
 * Sessions started with a class keep their own copy of its names: editing or deleting it changes none.
 */
import { and, eq, sql } from "drizzle-orm";
import type { SaveClass } from "../../shared/classes/saved-class-contracts.server.ts";
import type { SavedClass } from "../../shared/classes/saved-classes.ts";
import { classMessages } from "../../shared/classes/saved-classes.ts";
import type { Db } from "../db/client.ts";
import { classes } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { conflict, notFound } from "../http/errors.ts";
import { limitMessages, TEACHER_LIMITS } from "../limits/limits.ts";
import { presentClass, savedClassColumns } from "./class-queries.ts";

export const classNotFound = () => notFound(classMessages.notFound);

/** A new class, unless the teacher already keeps as many as the limit allows. */
export async function createClass(db: Db, teacherId: string, input: SaveClass): Promise<SavedClass> {
  return db.transaction(async (tx) => {
    // One save at a time per teacher, so that saves at the same moment cannot all slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`classes:${teacherId}`}))`);
    const [{ kept }] = (await tx
      .select({ kept: sql<number>`count(*)::int` })
      .from(classes)
      .where(eq(classes.teacherId, teacherId))) as [{ kept: number }];
    if (Number(kept) >= TEACHER_LIMITS.savedClasses) throw conflict("too_many_classes", limitMessages.tooManyClasses);
    const [row] = await tx
      .insert(classes)
      .values({ teacherId, name: input.name, level: input.level, names: input.names })
      .returning(savedClassColumns);
    return presentClass(row!);
  });
}

/** The class renamed, its level and names replaced. */
export async function updateClass(db: Db, teacherId: string, classId: string, input: SaveClass): Promise<SavedClass> {
  if (!isUuid(classId)) throw classNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(classes)
      .set({ name: input.name, level: input.level, names: input.names, updatedAt: sql`now()` })
      .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
      .returning(savedClassColumns);
    if (!row) throw classNotFound();
    return presentClass(row);
  });
}

/** The class deleted; sessions started with it keep their names (class_id set null). */
export async function deleteClass(db: Db, teacherId: string, classId: string): Promise<void> {
  if (!isUuid(classId)) throw classNotFound();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(classes)
      .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
      .returning({ id: classes.id });
    if (deleted.length === 0) throw classNotFound();
  });
}
