/** Writing games: create (the only write; games are never edited in place). */
import type { z } from "zod";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CreateGameSchema } from "../../shared/games.ts";
import { queryRows, type Db } from "../db/client.ts";
import { games, images, questions } from "../db/schema.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { imageMessages } from "../../shared/images.ts";
import { limitMessages, TEACHER_LIMITS } from "../http/limits.ts";

type NewGame = z.output<typeof CreateGameSchema>;

/**
 * Bytes a teacher's games keep: every column of every game and question row as text, so a
 * column added later counts too, and the bytes of their pictures. Archived games count: they are still kept.
 */
const storedBytes = (creatorId: string) => sql<number>`
  select coalesce((select sum(octet_length(g::text)) from ${games} g where g.creator_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(q::text)) from ${questions} q join ${games} g on g.id = q.game_id where g.creator_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(i.bytes)) from ${images} i where i.owner_id = ${creatorId}), 0)
    as bytes`;

/**
 * Inside a transaction that is about to keep `addingBytes` more for this teacher (a game, a
 * picture): one such write at a time per teacher, so writes at the same moment cannot all fit
 * under the quota; refused (409) past it.
 */
export async function reserveTeacherStorage(tx: Db, creatorId: string, addingBytes: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`games:${creatorId}`}))`);
  const [used] = await queryRows<{ bytes: string | number }>(tx, storedBytes(creatorId));
  if (Number(used?.bytes ?? 0) + addingBytes > TEACHER_LIMITS.storageBytes) {
    throw conflict("storage_full", limitMessages.storageFull);
  }
}

/** Every picture the game refers to must be one this teacher uploaded (a stranger's id is "not found"). */
async function checkPicturesOwned(tx: Db, creatorId: string, input: NewGame) {
  const wanted = [...new Set(input.questions.flatMap((q) => (q.imageId ? [q.imageId] : [])))];
  if (wanted.length === 0) return;
  const owned = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.ownerId, creatorId), inArray(images.id, wanted)));
  const ownedIds = new Set(owned.map((row) => row.id));
  const missing = input.questions.findIndex((q) => q.imageId && !ownedIds.has(q.imageId));
  if (missing >= 0) throw badRequest("invalid_input", imageMessages.imageNotFound, `questions.${missing}.imageId`);
}

/** The game and all its questions, in one transaction: never half a game, never past the teacher's storage quota. */
export async function createGame(db: Db, creatorId: string, input: NewGame): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await reserveTeacherStorage(tx as unknown as Db, creatorId, Buffer.byteLength(JSON.stringify(input)));
    await checkPicturesOwned(tx as unknown as Db, creatorId, input);
    const [game] = await tx
      .insert(games)
      .values({
        title: input.title,
        description: input.description,
        creatorId,
        archived: false,
        aiLastUsedSubject: input.aiLastUsedSubject,
        aiLastUsedLevel: input.aiLastUsedLevel,
        aiLastUsedTopic: input.aiLastUsedTopic,
        aiLastUsedContext: input.aiLastUsedContext,
        aiLastUsedNumQuestions: input.aiLastUsedNumQuestions,
      })
      .returning({ id: games.id });
    await tx.insert(questions).values(
      input.questions.map((q, position) => ({
        gameId: game!.id,
        position,
        questionText: q.questionText.trim(),
        options: q.options.map((o) => o.trim()),
        correctAnswer: q.correctAnswer,
        clue: q.clue,
        imageId: q.imageId,
        imageAlt: q.imageId ? q.imageAlt : null,
      })),
    );
    return { id: game!.id };
  });
}
