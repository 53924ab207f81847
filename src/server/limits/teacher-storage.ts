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

/**
 * Copies other teachers' stored files (pictures or recordings, through a share link) to
 * `ownerId`, inside the caller's transaction and within the owner's quota: the copy holds rows of
 * its own, so it keeps them whatever the original's teacher does later. A file the owner already
 * has (the same bytes) is not stored again. The bytes are copied by the database; they never pass
 * through the server. `columns`: the table's own columns besides owner, hash and bytes (fixed
 * names, never input). Returns each source id's new id.
 */
export async function copyOwnedFiles(
  tx: Executor,
  table: typeof images | typeof recordings,
  columns: readonly string[],
  ownerId: string,
  sourceIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(sourceIds)];
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const own = sql.raw(columns.join(", "));
  const theirs = sql.raw(columns.map((c) => `src.${c}`).join(", "));
  const [adding] = await queryRows<{ bytes: string | number }>(
    tx,
    sql`select coalesce(sum(octet_length(src.bytes)), 0) as bytes from ${table} src
        where src.id in (${list}) and not exists (select 1 from ${table} mine where mine.owner_id = ${ownerId} and mine.sha256 = src.sha256)`,
  );
  await reserveTeacherStorage(tx, ownerId, Number(adding?.bytes ?? 0));
  await tx.execute(sql`
    insert into ${table} (owner_id, sha256, ${own}, bytes)
    select ${ownerId}, src.sha256, ${theirs}, src.bytes from ${table} src where src.id in (${list})
    on conflict (owner_id, sha256) do nothing`);
  const pairs = await queryRows<{ from_id: string; to_id: string }>(
    tx,
    sql`select src.id as from_id, mine.id as to_id from ${table} src
        join ${table} mine on mine.owner_id = ${ownerId} and mine.sha256 = src.sha256
        where src.id in (${list})`,
  );
  return new Map(pairs.map((pair) => [pair.from_id, pair.to_id]));
}
