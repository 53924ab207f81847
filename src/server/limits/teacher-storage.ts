/**
 * The storage quota of one teacher (TEACHER_LIMITS.storageBytes): what their games,
 * pictures and recordings keep, and the reservation a write makes before keeping more. Games and pictures
 * both ask it, so it belongs to neither.
 */
import { sql } from "drizzle-orm";
import { ApiError } from "../../shared/api-errors.ts";
import { type Executor, queryRows } from "../db/client.ts";
import { games, images, questions, recordings } from "../db/schema.ts";
import { limitMessages, TEACHER_LIMITS } from "./limits.ts";

/**
 * Bytes a teacher's games keep: every column of every game and question row as text, so a
 * column added later counts too, and the bytes of their pictures and recordings. Archived games and versions kept for sessions count: they are still kept.
 */
const storedBytes = (creatorId: string) => sql<number>`
  select coalesce((select sum(octet_length(g::text)) from ${games} g where g.creator_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(q::text)) from ${questions} q join ${games} g on g.id = q.game_id where g.creator_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(i.bytes)) from ${images} i where i.owner_id = ${creatorId}), 0)
       + coalesce((select sum(octet_length(r.bytes)) from ${recordings} r where r.owner_id = ${creatorId}), 0)
    as bytes`;

/**
 * Inside a transaction that is about to keep `addingBytes` more for this teacher (a game, a
 * picture): one such write at a time per teacher, so writes at the same moment cannot all fit
 * under the quota; refused (409) past it.
 */
export async function reserveTeacherStorage(tx: Executor, creatorId: string, addingBytes: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`games:${creatorId}`}))`);
  const [used] = await queryRows<{ bytes: string | number }>(tx, storedBytes(creatorId));
  if (Number(used?.bytes ?? 0) + addingBytes > TEACHER_LIMITS.storageBytes) {
    // 409 like http/errors.ts conflict(), built here as limits.ts builds its 429s (http imports limits).
    throw new ApiError(409, "storage_full", limitMessages.storageFull);
  }
}

export async function storedBytesOf(tx: Executor, creatorId: string): Promise<number> {
  const [used] = await queryRows<{ bytes: string | number }>(tx, storedBytes(creatorId));
  return Number(used?.bytes ?? 0);
}
