/**
 * Writing games: create, edit, archive or restore, delete. Question rows are never updated
 * (decision 017): an edit writes the game's questions again under the next version, so a
 * session, which keeps the version it started with, still asks what it asked.
 */

import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CreateGameSchema } from "../../shared/games/game-contracts.ts";
import { type DeleteGameResponse, libraryMessages } from "../../shared/games/game-library.ts";
import { imageMessages } from "../../shared/games/images.ts";
import { acceptedKeys, maskOf } from "../../shared/games/question-kinds.ts";
import { recordingMessages } from "../../shared/games/recordings.ts";
import { type Db, type Executor, queryRows, type Tx } from "../db/client.ts";
import { gameSessions, games, images, questions, recordings, sessionGroups } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { limitMessages, TEACHER_LIMITS } from "../limits/limits.ts";
import { reserveTeacherStorage, storedBytesOf } from "../limits/teacher-storage.ts";
import { stationCardsAfterSave } from "../stations/station-card-commands.ts";

export type NewGame = z.output<typeof CreateGameSchema>;

/** Every picture id a question refers to: its own, then its options' (decision 038). */
export const pictureIdsOf = (q: { imageId?: string | null; optionImageIds?: readonly (string | null)[] | null }) => [
  ...(q.imageId ? [q.imageId] : []),
  ...(q.optionImageIds ?? []).filter((id): id is string => Boolean(id)),
];

/** Every picture the game refers to (a question's, an option's) must be one this teacher uploaded (a stranger's id is "not found"). */
async function checkPicturesOwned(tx: Executor, creatorId: string, input: NewGame) {
  const wanted = [...new Set(input.questions.flatMap(pictureIdsOf))];
  if (wanted.length === 0) return;
  const owned = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.ownerId, creatorId), inArray(images.id, wanted)));
  const ownedIds = new Set(owned.map((row) => row.id));
  input.questions.forEach((q, i) => {
    if (q.imageId && !ownedIds.has(q.imageId))
      throw badRequest("invalid_input", imageMessages.imageNotFound, `questions.${i}.imageId`);
    const option = (q.optionImageIds ?? []).findIndex((id) => id !== null && !ownedIds.has(id));
    if (option >= 0)
      throw badRequest("invalid_input", imageMessages.imageNotFound, `questions.${i}.optionImageIds.${option}`);
  });
}

/** Every recording id a question refers to: its text's, its clue's, then its options'. */
export const recordingIdsOf = (q: {
  recordingId?: string | null;
  clueRecordingId?: string | null;
  optionRecordingIds?: readonly (string | null)[] | null;
}) => [
  ...(q.recordingId ? [q.recordingId] : []),
  ...(q.clueRecordingId ? [q.clueRecordingId] : []),
  ...(q.optionRecordingIds ?? []).filter((id): id is string => Boolean(id)),
];

/** Every recording the game refers to must be one this teacher uploaded (a stranger's id is "not found"). */
async function checkRecordingsOwned(tx: Executor, creatorId: string, input: NewGame) {
  const wanted = [...new Set(input.questions.flatMap(recordingIdsOf))];
  if (wanted.length === 0) return;
  const owned = await tx
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.ownerId, creatorId), inArray(recordings.id, wanted)));
  const ownedIds = new Set(owned.map((row) => row.id));
  const refuse = (path: string) => {
    throw badRequest("invalid_input", recordingMessages.notFound, path);
  };
  input.questions.forEach((q, i) => {
    if (q.recordingId && !ownedIds.has(q.recordingId)) refuse(`questions.${i}.recordingId`);
    if (q.clueRecordingId && !ownedIds.has(q.clueRecordingId)) refuse(`questions.${i}.clueRecordingId`);
    const option = (q.optionRecordingIds ?? []).findIndex((id) => id !== null && !ownedIds.has(id));
    if (option >= 0) refuse(`questions.${i}.optionRecordingIds.${option}`);
  });
}

/** The game's fields a save writes (create and edit alike). */
const gameFields = (input: NewGame) => ({
  title: input.title,
  description: input.description,
  aiLastUsedSubject: input.aiLastUsedSubject,
  aiLastUsedLevel: input.aiLastUsedLevel,
  aiLastUsedTopic: input.aiLastUsedTopic,
  aiLastUsedContext: input.aiLastUsedContext,
  aiLastUsedNumQuestions: input.aiLastUsedNumQuestions,
  language: input.language,
});

/**
 * The station key each question is saved with (decision 031): the one the editor sent back when it
 * is one of this game's (`known`), once; a new one otherwise (a new question, a duplicate, a file,
 * a copy, a key of another game, or a key sent twice), so the question gets a card of its own.
 */
function stationKeysOf(input: NewGame, known: ReadonlySet<string>): string[] {
  const used = new Set<string>();
  return input.questions.map((q) => {
    const key = q.stationKey && known.has(q.stationKey) && !used.has(q.stationKey) ? q.stationKey : randomUUID();
    used.add(key);
    return key;
  });
}

/** The station keys of a game's questions, in any stored version: the keys an edit may keep. */
async function stationKeysOfGame(tx: Tx, gameId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ key: questions.stationKey })
    .from(questions)
    .where(eq(questions.gameId, gameId));
  return new Set(rows.map((row) => row.key));
}

/**
 * A question's kind columns (decision 050): its options, the right answer as stored (choose all's as
 * a mask), whether fadas count, and a typed answer's keys, so the answer statement compares keys.
 */
function kindColumns(q: NewGame["questions"][number]) {
  const options = q.options.map((o) => o.trim());
  const keys = q.kind === "typed" ? acceptedKeys(options) : null;
  return {
    kind: q.kind,
    options,
    correctAnswer: q.kind === "multi" ? maskOf(q.correctAnswers ?? []) : q.correctAnswer,
    fadasCount: q.fadasCount,
    answerKeys: keys?.strict ?? null,
    answerLooseKeys: keys?.loose ?? null,
  };
}

/**
 * Writes one version of a game's questions: the only place question rows are written, for
 * create and edit alike, so a new question column is written here once (decision 017). The
 * caller then settles the game's station cards (stationCardsAfterSave) in the same transaction.
 */
async function insertQuestions(
  tx: Tx,
  gameId: string,
  version: number,
  input: NewGame,
  knownStationKeys: ReadonlySet<string> = new Set(),
) {
  const stationKeys = stationKeysOf(input, knownStationKeys);
  await tx.insert(questions).values(
    input.questions.map((q, position) => ({
      gameId,
      version,
      position,
      questionText: q.questionText.trim(),
      ...kindColumns(q),
      clue: q.clue,
      imageId: q.imageId,
      imageAlt: q.imageId ? q.imageAlt : null,
      optionImageA: q.optionImageIds?.[0] ?? null,
      optionImageB: q.optionImageIds?.[1] ?? null,
      optionImageC: q.optionImageIds?.[2] ?? null,
      optionImageD: q.optionImageIds?.[3] ?? null,
      optionImageE: q.optionImageIds?.[4] ?? null,
      optionImageF: q.optionImageIds?.[5] ?? null,
      recordingId: q.recordingId,
      // Only with a clue (the schema drops one without).
      clueRecordingId: q.clue ? q.clueRecordingId : null,
      optionRecordingA: q.optionRecordingIds?.[0] ?? null,
      optionRecordingB: q.optionRecordingIds?.[1] ?? null,
      optionRecordingC: q.optionRecordingIds?.[2] ?? null,
      optionRecordingD: q.optionRecordingIds?.[3] ?? null,
      optionRecordingE: q.optionRecordingIds?.[4] ?? null,
      optionRecordingF: q.optionRecordingIds?.[5] ?? null,
      // Null for none, and for every right option: the check constraint holds it (option-notes.ts).
      optionNotes: q.optionNotes,
      hidingPlace: q.hidingPlace,
      stationKey: stationKeys[position]!,
    })),
  );
}

/**
 * A new game and all its questions, inside the caller's transaction (a save, or an import or
 * copy that keeps pictures first): never past the teacher's storage quota, pictures and recordings their own.
 */
export async function insertGame(tx: Tx, creatorId: string, input: NewGame): Promise<{ id: string }> {
  await reserveTeacherStorage(tx, creatorId, Buffer.byteLength(JSON.stringify(input)));
  await checkPicturesOwned(tx, creatorId, input);
  await checkRecordingsOwned(tx, creatorId, input);
  const [game] = await tx
    .insert(games)
    .values({ ...gameFields(input), creatorId, archived: false, questionVersion: 1 })
    .returning({ id: games.id });
  await insertQuestions(tx, game!.id, 1, input);
  await stationCardsAfterSave(tx, game!.id);
  return { id: game!.id };
}

/** The game and all its questions, in one transaction: never half a game, never past the teacher's storage quota. */
export async function createGame(db: Db, creatorId: string, input: NewGame): Promise<{ id: string }> {
  return db.transaction((tx) => insertGame(tx, creatorId, input));
}

/**
 * Saves an edited game: its fields in place, its questions as the next version. Versions no
 * session uses any more are removed, so a game never played keeps one set of rows. A version is
 * used by a session started from it or by a session group that plays it (decision 036: a group
 * may play another game than its session's).
 *
 * Updating the game row first takes its row lock, which `startSession` also takes (`for share`)
 * while it reads the version: a session starting at the same moment is either committed before
 * (and its version is kept) or reads the new version after.
 */
export async function updateGame(db: Db, creatorId: string, gameId: string, input: NewGame): Promise<void> {
  if (!isUuid(gameId)) throw notFound(libraryMessages.gameNotFound);
  await db.transaction(async (tx) => {
    // The quota is checked once the new version is in and unused ones are gone (below); this takes the teacher's save lock.
    await reserveTeacherStorage(tx, creatorId, 0);
    const [game] = await tx
      .update(games)
      .set({ ...gameFields(input), questionVersion: sql`${games.questionVersion} + 1` })
      .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)))
      .returning({ version: games.questionVersion });
    // Someone else's game is "not found" before anything about its pictures is said.
    if (!game) throw notFound(libraryMessages.gameNotFound);
    await checkPicturesOwned(tx, creatorId, input);
    await checkRecordingsOwned(tx, creatorId, input);
    await insertQuestions(tx, gameId, game.version, input, await stationKeysOfGame(tx, gameId));
    await tx.execute(sql`
      delete from ${questions} q
      where q.game_id = ${gameId} and q.version <> ${game.version}
        and not exists (select 1 from ${gameSessions} s where s.game_id = ${gameId} and s.question_version = q.version)
        and not exists (select 1 from ${sessionGroups} sg where sg.game_id = ${gameId} and sg.question_version = q.version)`);
    // Once the versions no session asks are gone: only the options of versions still asked bar a card's word.
    await stationCardsAfterSave(tx, gameId);
    if ((await storedBytesOf(tx, creatorId)) > TEACHER_LIMITS.storageBytes)
      throw conflict("storage_full", limitMessages.storageFull);
  });
}

/** Archives or restores a game (the SPEC's `archived` field). Its sessions, running or past, are untouched. */
export async function setGameArchived(db: Db, creatorId: string, gameId: string, archived: boolean): Promise<void> {
  if (!isUuid(gameId)) throw notFound(libraryMessages.gameNotFound);
  const rows = await db
    .update(games)
    .set({ archived })
    .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)))
    .returning({ id: games.id });
  if (rows.length === 0) throw notFound(libraryMessages.gameNotFound);
}

/**
 * Deletes a game that was never played. A game with sessions is archived instead: deleting it
 * would delete their results (sessions, and the groups playing it, cascade with their game). A game
 * some session's group plays counts as played, whatever game the session was started
 * from. The game row is locked first, so a session cannot start between the check and the delete.
 */
export async function deleteGame(db: Db, creatorId: string, gameId: string): Promise<DeleteGameResponse> {
  if (!isUuid(gameId)) throw notFound(libraryMessages.gameNotFound);
  return db.transaction(async (tx) => {
    const [game] = await queryRows<{ id: string }>(
      tx,
      sql`select id from ${games} where id = ${gameId} and creator_id = ${creatorId} for update`,
    );
    if (!game) throw notFound(libraryMessages.gameNotFound);
    // A statement of its own, after the lock: it sees a session whose start committed while we waited.
    const [played] = await queryRows<{ played: number }>(
      tx,
      sql`select 1 as played where exists (select 1 from ${gameSessions} where game_id = ${gameId})
            or exists (select 1 from ${sessionGroups} where game_id = ${gameId})`,
    );
    if (played) {
      await tx.update(games).set({ archived: true }).where(eq(games.id, gameId));
      return { outcome: "archived" };
    }
    await tx.delete(games).where(eq(games.id, gameId));
    return { outcome: "deleted" };
  });
}
