/**
 * Writing sessions: start (session + groups with unique join codes, in one transaction), end
 * (host only), the sweep that ends sessions past their maxDuration, deleting an ended one, and
 * taking a pupil out of a session.
 */

import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { classMessages } from "../../shared/classes/saved-classes.ts";
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import { libraryMessages } from "../../shared/games/game-library.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { resultsMessages } from "../../shared/results/results.ts";
import { groupGameIds, groupGameMessages } from "../../shared/sessions/group-games.ts";
import {
  DEFAULT_MAX_DURATION_MINUTES,
  MAX_GROUPS,
  MIN_GROUPS,
  sessionMessages,
} from "../../shared/sessions/session-rules.ts";
import type { HuntMode } from "../../shared/stations/station-rules.ts";
import { nameKey } from "../../shared/text.ts";
import { type Db, queryRows } from "../db/client.ts";
import {
  classes,
  gameSessions,
  games,
  questions,
  removedPupils,
  sessionGroups,
  sessionNames,
  studentProgress,
} from "../db/schema.ts";
import { gameSessionIsLive, sessionExpirySql } from "../db/session-live.ts";
import { isUuid } from "../db/uuid.ts";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  progressNotFound,
  sessionNotFound,
  tryAgain,
} from "../http/errors.ts";
import { limitMessages, TEACHER_LIMITS } from "../limits/limits.ts";
import { ensureStationCards } from "../stations/station-card-commands.ts";

export const JOIN_CODE_ATTEMPTS = 10;

export const randomJoinCode = () => String(randomInt(100000, 1000000));

/** A game as startSession checks it: whose it is and whether it is archived. */
type StartGame = { id: string; creator_id: string; archived: boolean };

/**
 * The checks of every game a session will play, in the order the teacher named them (the game the
 * session is started from first, then the groups' in group order): a game that is not there, not
 * the host's, or archived is refused with what is wrong. `sessionGameId`'s refusals are SPEC's.
 */
function checkStartGames(
  found: readonly StartGame[],
  ids: readonly string[],
  sessionGameId: string,
  teacherId: string,
) {
  const byId = new Map(found.map((g) => [g.id, g]));
  for (const id of ids) {
    const game = byId.get(id);
    if (!game) throw notFound(id === sessionGameId ? "common.error.gameUnreadable" : groupGameMessages.notFound);
    // Another teacher's game: the SPEC's authorization message, for the session's game and a group's alike.
    if (game.creator_id !== teacherId) throw forbidden(sessionMessages.notAuthorizedToStart);
    if (game.archived) throw conflict("game_archived", libraryMessages.archivedCannotStart);
  }
}

/**
 * Starts a session (SPEC section 7) of `input.gameId`, its groups with unique join codes, in one
 * transaction. Each group plays the game named for it in `groupGames` (decision 036) or
 * the session's own; every game is checked (the host's own, there, not archived, with questions)
 * and locked `for share` while its version and question count are read: each group keeps that
 * version (decision 017, per group) and completes at its count. The session row keeps the game it
 * was started from, with its version and count.
 */
export async function startSession(
  db: Db,
  teacherId: string,
  input: {
    gameId: string;
    groupCount: number;
    soundEffects?: boolean;
    classList?: string[];
    /** A saved class of the host's (decision 040): its names become the class list; not with a pasted list. */
    classId?: string | null;
    pupilLanguage?: Language;
    huntMode?: HuntMode;
    /** Per group, in group order: another of the host's games for it to play (null: the session's). */
    groupGames?: readonly (string | null)[];
    /** Homework (decision 041): the session stays open until then and ends by itself; checked by the route's schema. */
    closesAt?: Date | null;
  },
  nextCode: () => string = randomJoinCode,
): Promise<{ id: string }> {
  if (!Number.isInteger(input.groupCount) || input.groupCount < MIN_GROUPS || input.groupCount > MAX_GROUPS) {
    throw badRequest("invalid_group_count", sessionMessages.groupCountRange, "groupCount");
  }
  if ((input.groupGames?.length ?? 0) > input.groupCount)
    throw badRequest("invalid_input", groupGameMessages.moreGamesThanGroups, "groupGames");
  if (input.classId && (input.classList?.length ?? 0) > 0)
    throw badRequest("invalid_input", classMessages.classAndList, "classList");
  if (input.classId && !isUuid(input.classId)) throw notFound(classMessages.notFound);
  if (!isUuid(input.gameId)) throw notFound("common.error.gameUnreadable");
  // Ids as the database writes them (lower case), so that one game named twice is one game.
  const gameId = input.gameId.toLowerCase();
  const groupGames = groupGameIds(gameId, input.groupCount, input.groupGames).map((id) => id.toLowerCase());
  if (groupGames.some((id) => !isUuid(id))) throw notFound(groupGameMessages.notFound);
  // The session's game first, then each group's, once each: the order refusals are checked in.
  const named = [...new Set([gameId, ...groupGames])];
  // The same games in a fixed order, in which they are locked: two starts never wait on each other crosswise.
  const lockOrder = [...named].sort();
  const gameList = sql.join(
    lockOrder.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  checkStartGames(
    await queryRows<StartGame>(db, sql`select id, creator_id, archived from ${games} where id in (${gameList})`),
    named,
    gameId,
    teacherId,
  );

  return db.transaction(async (tx) => {
    // One start at a time per teacher, so that starts at the same moment cannot all slip under the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sessions:${teacherId}`}))`);
    const [{ running }] = (await tx
      .select({ running: sql<number>`count(*)::int` })
      .from(gameSessions)
      .where(and(eq(gameSessions.hostTeacherId, teacherId), gameSessionIsLive))) as [{ running: number }];
    if (Number(running) >= TEACHER_LIMITS.activeSessions)
      throw conflict("too_many_sessions", limitMessages.tooManyActiveSessions);
    // Around the room, every question of every game played has its station card before a pupil looks
    // for one (a game stored without cards gets them here). Before the `for share` below: it may lock a
    // game for update.
    if (input.huntMode === "room")
      for (const id of lockOrder) if (groupGames.includes(id)) await ensureStationCards(tx, id);
    // Each game keeps the version of the questions it has now (decision 017). `for share`, in id order,
    // waits for an edit being saved, and holds one off until this session is committed.
    const locked = await queryRows<StartGame & { version: number }>(
      tx,
      sql`select g.id, g.creator_id, g.archived, g.question_version as version
          from ${games} g where g.id in (${gameList}) order by g.id for share`,
    );
    checkStartGames(locked, named, gameId, teacherId);
    const counts = await queryRows<{ game_id: string; count: number }>(
      tx,
      sql`select q.game_id, count(*)::int as count from ${questions} q join ${games} g on g.id = q.game_id
          where g.id in (${gameList}) and q.version = g.question_version group by q.game_id`,
    );
    const gameAt = new Map(
      locked.map((g) => [
        g.id,
        { ...g, version: Number(g.version), count: Number(counts.find((c) => c.game_id === g.id)?.count ?? 0) },
      ]),
    );
    if (named.some((id) => gameAt.get(id)!.count === 0))
      throw badRequest("game_has_no_questions", sessionMessages.gameHasNoQuestions);
    const started = gameAt.get(gameId)!;
    // The class's names copied now, under a share lock: an edit being saved is waited for, and the
    // session keeps this copy whatever becomes of the class.
    let classList = input.classList && input.classList.length > 0 ? input.classList : null;
    let classId: string | null = null;
    if (input.classId) {
      const [saved] = await queryRows<{ id: string; names: string[] }>(
        tx,
        sql`select id, names from ${classes} where id = ${input.classId}::uuid and teacher_id = ${teacherId} for share`,
      );
      if (!saved) throw notFound(classMessages.notFound);
      classId = saved.id;
      classList = saved.names.length > 0 ? saved.names : null;
    }
    const [session] = await tx
      .insert(gameSessions)
      .values({
        gameId,
        hostTeacherId: teacherId,
        status: "active",
        maxDuration: DEFAULT_MAX_DURATION_MINUTES,
        questionCount: started.count,
        questionVersion: started.version,
        soundEffects: input.soundEffects ?? false,
        pupilLanguage: input.pupilLanguage ?? "en",
        huntMode: input.huntMode ?? "screen",
        classList,
        classId,
        closesAt: input.closesAt ?? null,
      })
      .returning({ id: gameSessions.id });

    const usedHere = new Set<string>();
    for (const [n, groupIdentifier] of GROUP_IDENTIFIERS.slice(0, input.groupCount).entries()) {
      const game = gameAt.get(groupGames[n]!)!;
      let created = false;
      for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS && !created; attempt++) {
        const joinCode = nextCode();
        if (usedHere.has(joinCode)) continue;
        // Unique among active sessions, by the partial unique index; a clash inserts nothing.
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`insert into session_groups (session_id, join_code, group_identifier, game_id, question_version, question_count)
              values (${session!.id}, ${joinCode}, ${groupIdentifier}, ${game.id}, ${game.version}, ${game.count})
              on conflict (join_code) where is_active do nothing
              returning id`,
        );
        if (rows.length > 0) {
          usedHere.add(joinCode);
          created = true;
        }
      }
      if (!created) throw tryAgain(sessionMessages.uniqueCodeFailed, "join_code_exhausted");
    }
    return { id: session!.id };
  });
}

/** Host only. Completed, endTime recorded, codes freed. Ending twice is harmless. Returns whether it ended now. */
export async function endSession(db: Db, sessionId: string, teacherId: string): Promise<boolean> {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const [session] = await db
    .select({ host: gameSessions.hostTeacherId, status: gameSessions.status })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!session) throw sessionNotFound();
  if (session.host !== teacherId) throw forbidden(sessionMessages.notAuthorizedToEnd);
  if (session.status !== "active") return false;
  await db.transaction(async (tx) => {
    await tx
      .update(gameSessions)
      .set({ status: "completed", endTime: sql`now()` })
      .where(and(eq(gameSessions.id, sessionId), eq(gameSessions.status, "active")));
    await tx.update(sessionGroups).set({ isActive: false }).where(eq(sessionGroups.sessionId, sessionId));
  });
  return true;
}

/**
 * Ends every active session past its maxDuration (minutes) or, for homework, its closing time,
 * as "End Session for All" does: completed, end_time the moment it ran out, codes freed. Judged
 * by the database's clock, moved `aheadMs` on for tests. Returns their ids.
 */
export async function endExpiredSessions(db: Db, aheadMs = 0): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await queryRows<{ id: string }>(
      tx,
      sql`update game_sessions set status = 'completed', end_time = ${sql.raw(sessionExpirySql("game_sessions"))}
          where status = 'active'
            and ${sql.raw(sessionExpirySql("game_sessions"))} <= now() + make_interval(secs => ${aheadMs / 1000}::double precision)
          returning id`,
    );
    if (ended.length === 0) return [];
    const ids = ended.map((e) => e.id);
    await tx.update(sessionGroups).set({ isActive: false }).where(inArray(sessionGroups.sessionId, ids));
    return ids;
  });
}

/** Deletes an ended session and with it every child's progress, answers and attempts. */
export async function deleteEndedSession(db: Db, sessionId: string, teacherId: string): Promise<void> {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const [session] = await db
    .select({ host: gameSessions.hostTeacherId, status: gameSessions.status })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!session) throw sessionNotFound();
  if (session.host !== teacherId) throw forbidden(resultsMessages.notAuthorizedToDelete);
  if (session.status === "active") throw conflict("session_active", resultsMessages.endBeforeDeleting);
  await db.delete(gameSessions).where(eq(gameSessions.id, sessionId));
}

/**
 * The host takes a pupil out of a session (decision 016), in one transaction: the progress
 * record goes with its answers and attempts (an intruder's answers must not count), the
 * group's member count drops, the name is free again (the real Aoife can join as Aoife), and
 * the device is remembered in `removed_pupils` so it cannot join this session again.
 * `device_id` there is the progress row's per-device id (`student_id`): the one place to
 * change if what identifies a device changes. Removing the same pupil twice is harmless
 * (`removed: false`). Anyone but the host: not found, as for the session's other reads.
 */
export async function removePupil(
  db: Db,
  sessionId: string,
  progressId: string,
  teacherId: string,
): Promise<{ removed: boolean }> {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const [session] = await db
    .select({ host: gameSessions.hostTeacherId })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!session || session.host !== teacherId) throw sessionNotFound();
  if (!isUuid(progressId)) throw progressNotFound();
  return db.transaction(async (tx) => {
    const [pupil] = await tx
      .delete(studentProgress)
      .where(and(eq(studentProgress.id, progressId), eq(studentProgress.sessionId, sessionId)))
      .returning({
        deviceId: studentProgress.studentId,
        groupId: studentProgress.groupId,
        name: studentProgress.studentName,
      });
    if (!pupil) {
      const [already] = await tx
        .select({ progressId: removedPupils.progressId })
        .from(removedPupils)
        .where(and(eq(removedPupils.progressId, progressId), eq(removedPupils.sessionId, sessionId)));
      if (already) return { removed: false };
      throw progressNotFound();
    }
    await tx.insert(removedPupils).values({ progressId, sessionId, deviceId: pupil.deviceId });
    await tx
      .update(sessionGroups)
      .set({ memberCount: sql`greatest(${sessionGroups.memberCount} - 1, 0)` })
      .where(eq(sessionGroups.id, pupil.groupId));
    // The name goes back unless the same device still plays under it in another group.
    const key = nameKey(pupil.name);
    const stillNamed = (
      await tx
        .select({ name: studentProgress.studentName })
        .from(studentProgress)
        .where(and(eq(studentProgress.sessionId, sessionId), eq(studentProgress.studentId, pupil.deviceId)))
    ).some((other) => nameKey(other.name) === key);
    if (!stillNamed) {
      await tx
        .delete(sessionNames)
        .where(
          and(
            eq(sessionNames.sessionId, sessionId),
            eq(sessionNames.nameKey, key),
            eq(sessionNames.studentId, pupil.deviceId),
          ),
        );
    }
    return { removed: true };
  });
}
