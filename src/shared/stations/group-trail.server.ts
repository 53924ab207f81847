/**
 * A group's trail around the room, as its teacher watches it (the codes page and the projector):
 * the stations of the group's route in the order it visits them, each with how many of the
 * group's pupils found it and answered its question right. Counts of the group, never of a child
 * against another: the stage shows how far a group has come, not a ranking.
 */
import type { GroupIdentifier } from "../games/curriculum.ts";
import { groupNumberOf } from "./pupil-hunt.ts";
import type { GroupTrailStop } from "./station-responses.ts";
import { routeOf, stationSymbolOf } from "./station-rules.ts";

/** A session's station: the question at `questionIndex` is the card numbered `number` (null: no card made yet). */
export type SessionStation = { questionIndex: number; number: number | null };
/** How many pupils of a group found a station, and answered its question right. */
export type StationCount = { questionIndex: number; found: number; answered: number };

export function groupTrail(
  group: GroupIdentifier,
  stations: readonly SessionStation[],
  counts: readonly StationCount[],
): GroupTrailStop[] {
  const numberAt = new Map(stations.map((s) => [s.questionIndex, s.number]));
  const countAt = new Map(counts.map((c) => [c.questionIndex, c]));
  return routeOf(groupNumberOf(group), stations.length).map((questionIndex) => {
    // A question of a game saved before station cards, with no card yet: its place in the game.
    const number = numberAt.get(questionIndex) ?? questionIndex + 1;
    const count = countAt.get(questionIndex);
    return {
      questionIndex,
      number,
      symbol: stationSymbolOf(number),
      found: count?.found ?? 0,
      answered: count?.answered ?? 0,
    };
  });
}
