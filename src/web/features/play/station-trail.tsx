/**
 * The trail of a hunt around the room: the stations of the child's route in the
 * order the group visits them, each with its number, answered ones ticked, the one to look for
 * (or whose question is open) marked, and the treasure chest at the end. One image with its own
 * words for screen readers, as the clue trail on screen.
 */

import { msg } from "../../../shared/i18n/messages.ts";
import type { PupilHunt } from "../../../shared/stations/station-responses.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { TreasureChest } from "./clue-trail.tsx";

export function StationTrail({ hunt }: { hunt: PupilHunt }) {
  const t = useT();
  const done = hunt.route.filter((stop) => stop.status === "answered").length;
  const total = hunt.route.length;
  const chestReached = done >= total;
  return (
    <div className="clue-trail station-trail" role="img" aria-label={t(msg("pupil.station.trail", { done, total }))}>
      <span className="trail-path" aria-hidden="true">
        <span className="trail-path-done" style={{ width: `${chestReached ? 100 : ((done + 0.5) / total) * 100}%` }} />
      </span>
      <ol
        className="trail-stops"
        style={{ gridTemplateColumns: `repeat(${total}, minmax(0, 1fr)) auto` }}
        aria-hidden="true"
      >
        {hunt.route.map((stop) => {
          const kind =
            stop.status === "answered" ? "done" : stop.questionIndex === hunt.next?.questionIndex ? "here" : "ahead";
          return (
            <li key={stop.questionIndex} className={`trail-stop station-stop stop-${kind}`} data-status={stop.status}>
              <svg viewBox="0 0 24 24" focusable="false">
                <circle cx="12" cy="12" r="10" />
                {kind === "done" ? (
                  <path d="M7 12.5 10.5 16 17 8.5" />
                ) : (
                  <text x="12" y="12" dy="0.35em" textAnchor="middle">
                    {stop.number}
                  </text>
                )}
              </svg>
            </li>
          );
        })}
        <li className={`trail-stop trail-chest${chestReached ? " chest-reached" : ""}`}>
          <TreasureChest open={chestReached} />
        </li>
      </ol>
    </div>
  );
}
