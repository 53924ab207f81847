/**
 * Which statement reads or answers for a pupil (decision 033): a session played on screen runs the
 * statements without the hunt, so its hot path pays nothing for it; a session around the room runs
 * their twins with the hunt. A
 * session's hunt mode never changes, so the pupils around the room are remembered here by progress
 * id (the most recent ones); every statement also returns its session's mode and writes nothing for
 * the other mode, so a guess that was wrong (a pupil not remembered yet, another instance, a
 * restart) costs one statement more and is then remembered.
 */
import type { HuntMode } from "../../shared/stations/station-rules.ts";

/** Pupils around the room remembered at most (about 100 bytes each); the oldest are forgotten first. */
const REMEMBERED = 20_000;
const aroundTheRoom = new Set<string>();

function remember(progressId: string, mode: HuntMode) {
  if (mode === "screen") {
    aroundTheRoom.delete(progressId);
    return;
  }
  aroundTheRoom.add(progressId);
  if (aroundTheRoom.size > REMEMBERED) aroundTheRoom.delete(aroundTheRoom.values().next().value!);
}

/**
 * Runs `run` with the statement of the mode the pupil's session is thought to have (on screen
 * unless remembered otherwise); when its row says the other mode, runs that one's.
 */
export async function runForHuntMode<Row extends { hunt_mode: HuntMode }>(
  progressId: string,
  run: (mode: HuntMode) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const guess: HuntMode = aroundTheRoom.has(progressId) ? "room" : "screen";
  const row = await run(guess);
  if (!row || row.hunt_mode === guess) return row;
  remember(progressId, row.hunt_mode);
  return run(row.hunt_mode);
}

/** A pupil known to play around the room (a find was made for them): their next read needs no guess. */
export const rememberAroundTheRoom = (progressId: string) => remember(progressId, "room");
