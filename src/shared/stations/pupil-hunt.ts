/**
 * A pupil's hunt around the room as their screen receives it (PlayState.hunt): the
 * stations of the session in the order of their group's route, each found, answered or still to
 * find, and the one to look for next. Pure: the server reads the stations and calls it.
 */
import { GROUP_IDENTIFIERS } from "../games/curriculum.ts";
import type { PupilHunt, StationStop } from "./station-responses.ts";
import { nextOnRoute, routeOf, stationSymbolOf } from "./station-rules.ts";

/** A group's number on the routes: 1 for the first group of the catalogue (yellow square), 2 for the next, … */
export const groupNumberOf = (groupIdentifier: string): number =>
  GROUP_IDENTIFIERS.indexOf(groupIdentifier as (typeof GROUP_IDENTIFIERS)[number]) + 1;

/** One station of the session as the server reads it, by question index (`number` null: its card is not made yet). */
export type StationRead = {
  questionIndex: number;
  number: number | null;
  hidingPlace: string | null;
  found: boolean;
  answered: boolean;
};

/** The pupil's route (their group's), each stop with its status, and the next stop (null when every station is answered). */
export function pupilHunt(stations: readonly StationRead[], groupIdentifier: string, questionCount: number): PupilHunt {
  const byIndex = new Map(stations.map((s) => [s.questionIndex, s]));
  const route = routeOf(groupNumberOf(groupIdentifier), questionCount);
  const answered = new Set(stations.filter((s) => s.answered).map((s) => s.questionIndex));
  const stops: StationStop[] = route.flatMap((questionIndex) => {
    const station = byIndex.get(questionIndex);
    if (!station || station.number === null) return [];
    return [
      {
        questionIndex,
        number: station.number,
        symbol: stationSymbolOf(station.number),
        hidingPlace: station.hidingPlace,
        status: station.answered ? "answered" : station.found ? "found" : "toFind",
      },
    ];
  });
  const next = nextOnRoute(route, answered);
  return { route: stops, next: stops.find((s) => s.questionIndex === next) ?? null };
}
