/** Writing games: create (the only write; games are never edited in place). */
import type { z } from "zod";
import { sql } from "drizzle-orm";
import type { CreateGameSchema } from "../../shared/games.ts";
import { queryRows, type Db } from "../db/client.ts";
import { games, questions } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { limitMessages, TEACHER_LIMITS } from "../http/limits.ts";

type NewGame = z.output<typeof CreateGameSchema>;

/**
 * Bytes a teacher's games keep: every column of every game and question row as text, so a
 * column added later counts too. Archived games count: they are still kept.
 */
const storedBytes = (creatorId: string) => sql<number>`
  select coalesce((select sum(octet_length(g::text)) from ${games} g where g.creator_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(q::text)) from ${questions} q join ${games} g on g.id = q.game_id where g.creator_id = ${creatorId}), 0)
    as bytes`;

/** The game and all its questions, in one transaction: never half a game, never past the teacher's storage quota. */
export async function createGame(db: Db, creatorId: string, input: NewGame): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // One save at a time per teacher, so that saves at the same moment cannot all fit under the quota.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`games:${creatorId}`}))`);
    const [used] = await queryRows<{ bytes: string | number }>(tx as unknown as Db, storedBytes(creatorId));
    if (Number(used?.bytes ?? 0) + Buffer.byteLength(JSON.stringify(input)) > TEACHER_LIMITS.storageBytes) {
      throw conflict("storage_full", limitMessages.storageFull);
    }
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
      })),
    );
    return { id: game!.id };
  });
}
