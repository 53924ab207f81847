/**
 * Writing sessions: start (session + groups with unique join codes, in one transaction), end
 * (host only), the sweep that ends sessions past their maxDuration, deleting an ended one, and
 * taking a pupil out of a session.
 */
import type { Language } from "../../shared/i18n/languages.ts";
import type { HuntMode } from "../../shared/stations/station-rules.ts";
import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import { libraryMessages } from "../../shared/games/game-library.ts";
import { nameKey } from "../../shared/text.ts";
import {
  DEFAULT_MAX_DURATION_MINUTES,
  MAX_GROUPS,
  MIN_GROUPS,
  sessionMessages,
} from "../../shared/sessions/session-rules.ts";
import { queryRows, type Db } from "../db/client.ts";
import {
  games,
  gameSessions,
  questions,
  removedPupils,
  sessionGroups,
  sessionNames,
  studentProgress,
} from "../db/schema.ts";
import { gameSessionIsLive, sessionExpirySql, sessionIsLiveSql } from "../db/session-live.ts";
import { isUuid } from "../db/uuid.ts";
import { ensureStationCards } from "../stations/station-card-commands.ts";
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

export const JOIN_CODE_ATTEMPTS = 10;

export const randomJoinCode = () => String(randomInt(100000, 1000000));

export async function startSession(
  db: Db,
  teacherId: string,
  input: {
    gameId: string;
    groupCount: number;
    soundEffects?: boolean;
    classList?: string[];
    pupilLanguage?: Language;
    huntMode?: HuntMode;
  },
  nextCode: () => string = randomJoinCode,
): Promise<{ id: string }> {
  if (!Number.isInteger(input.groupCount) || input.groupCount < MIN_GROUPS || input.groupCount > MAX_GROUPS) {
    throw badRequest("invalid_group_count", sessionMessages.groupCountRange, "groupCount");
  }
  if (!isUuid(input.gameId)) throw notFound("Game data could not be read.");
  const [game] = await db
    .select({ creatorId: games.creatorId, archived: games.archived })
    .from(games)
    .where(eq(games.id, input.gameId));
  if (!game) throw notFound("Game data could not be read.");
  if (game.creatorId !== teacherId) throw forbidden(sessionMessages.notAuthorizedToStart);
  if (game.archived) throw conflict("game_archived", libraryMessages.archivedCannotStart);

  return db.transaction(async (tx) => {
    // One start at a time per teacher, so that starts at the same moment cannot all slip under the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sessions:${teacherId}`}))`);
    const [{ running }] = (await tx
      .select({ running: sql<number>`count(*)::int` })
      .from(gameSessions)
      .where(and(eq(gameSessions.hostTeacherId, teacherId), gameSessionIsLive))) as [{ running: number }];
    if (Number(running) >= TEACHER_LIMITS.activeSessions)
      throw conflict("too_many_sessions", limitMessages.tooManyActiveSessions);
    // Around the room, every question has its station card before a pupil looks for one (a game
    // saved before issue 29 has none yet). Before the `for share` below: it may lock the game for update.
    if (input.huntMode === "room") await ensureStationCards(tx, input.gameId);
    // The session keeps the version of the questions the game has now (decision 017). `for share`
    // waits for an edit being saved, and holds one off until this session is committed.
    const [current] = await queryRows<{ version: number; archived: boolean }>(
      tx,
      sql`select question_version as version, archived from ${games} where id = ${input.gameId} for share`,
    );
    if (!current) throw notFound("Game data could not be read.");
    if (current.archived) throw conflict("game_archived", libraryMessages.archivedCannotStart);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.gameId, input.gameId), eq(questions.version, current.version)))) as [{ count: number }];
    if (Number(count) === 0) throw badRequest("game_has_no_questions", sessionMessages.gameHasNoQuestions);
    const [session] = await tx
      .insert(gameSessions)
      .values({
        gameId: input.gameId,
        hostTeacherId: teacherId,
        status: "active",
        maxDuration: DEFAULT_MAX_DURATION_MINUTES,
        questionCount: Number(count),
        questionVersion: current.version,
        soundEffects: input.soundEffects ?? false,
        pupilLanguage: input.pupilLanguage ?? "en",
        huntMode: input.huntMode ?? "screen",
        classList: input.classList && input.classList.length > 0 ? input.classList : null,
      })
      .returning({ id: gameSessions.id });

    const usedHere = new Set<string>();
    for (const groupIdentifier of GROUP_IDENTIFIERS.slice(0, input.groupCount)) {
      let created = false;
      for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS && !created; attempt++) {
        const joinCode = nextCode();
        if (usedHere.has(joinCode)) continue;
        // Unique among active sessions, by the partial unique index; a clash inserts nothing.
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`insert into session_groups (session_id, join_code, group_identifier, game_id, question_version, question_count)
              values (${session!.id}, ${joinCode}, ${groupIdentifier}, ${input.gameId}, ${current.version}, ${Number(count)})
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

/** Ends every active session older than its maxDuration (minutes). Returns their ids. */
export async function endExpiredSessions(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await queryRows<{ id: string }>(
      tx,
      sql`update game_sessions set status = 'completed', end_time = ${sql.raw(sessionExpirySql("game_sessions"))}
          where status = 'active' and not ${sql.raw(sessionIsLiveSql("game_sessions"))}
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
  if (session.host !== teacherId) throw forbidden("You are not authorized to delete this session's results.");
  if (session.status === "active") throw conflict("session_active", "End the session before deleting its results.");
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
