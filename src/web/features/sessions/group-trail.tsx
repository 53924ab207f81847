/**
 * A group's trail around the room, on the codes page and the projector: the stations of
 * its own route in order, each drawn by its card's symbol and number, marked answered (a tick, filled
 * dark), found (filled white) or still to find (a dashed outline): shape and words, never colour
 * alone. With more than one pupil in the group, each stop also says how many answered it. It
 * measures the group against its own route: no ranking of groups or children.
 */
import type { CSSProperties } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import type { GroupTrailStop } from "../../../shared/stations/station-responses.ts";
import { StationSymbol, stationSymbolNameKey } from "../../components/station-symbol.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/station-trails.css";

export type StopState = "answered" | "found" | "toFind";

const STOP_KEY = {
  answered: "sessions.trail.keyAnswered",
  found: "sessions.trail.keyFound",
  toFind: "sessions.trail.keyToFind",
} as const;

/** Answered: every pupil of the group answered it right; found: someone has found it; else still to find. */
export function stopState(stop: Pick<GroupTrailStop, "found" | "answered">, memberCount: number): StopState {
  if (memberCount > 0 && stop.answered >= memberCount) return "answered";
  return stop.found > 0 ? "found" : "toFind";
}

function Tick() {
  return (
    <svg className="trail-tick" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12.5 10 17.5 19 7" />
    </svg>
  );
}

export function GroupTrail({
  trail,
  memberCount,
  groupName,
}: {
  trail: GroupTrailStop[];
  memberCount: number;
  groupName: string;
}) {
  const t = useT();
  const showCounts = memberCount > 1;
  return (
    <ol
      className="station-trail"
      aria-label={t(msg("sessions.trail.label", { group: groupName }))}
      // The projector sizes the stops by how many there are.
      style={{ "--stations": trail.length } as CSSProperties}
    >
      {trail.map((stop) => {
        const state = stopState(stop, memberCount);
        return (
          <li key={stop.questionIndex} className={`trail-station station-${state}`}>
            <span className="trail-station-mark" aria-hidden="true">
              <StationSymbol symbol={stop.symbol} decorative />
              <span className="trail-station-number">{stop.number}</span>
              {state === "answered" ? <Tick /> : null}
            </span>
            {showCounts ? (
              <span className="trail-station-count" aria-hidden="true">
                {stop.answered}/{memberCount}
              </span>
            ) : null}
            <span className="visually-hidden">
              {t(
                msg(`sessions.trail.${state}`, {
                  number: stop.number,
                  symbol: t(stationSymbolNameKey(stop.symbol)),
                  found: stop.found,
                  answered: stop.answered,
                  members: memberCount,
                }),
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** What the marks mean, once above the groups: the same marks, in words. */
export function TrailKey() {
  const t = useT();
  const states: StopState[] = ["answered", "found", "toFind"];
  return (
    <ul className="trail-key" aria-label={t("sessions.trail.keyLabel")}>
      {states.map((state) => (
        <li key={state}>
          <span className={`trail-station station-${state}`} aria-hidden="true">
            <span className="trail-station-mark">
              <span className="trail-station-number">1</span>
              {state === "answered" ? <Tick /> : null}
            </span>
          </span>
          <span className="trail-key-text">{t(STOP_KEY[state])}</span>
        </li>
      ))}
    </ul>
  );
}
