/**
 * Progress drawn as a trail of stops to the treasure chest: stops passed are filled with a
 * tick, the current one is marked, the rest are open. The words "Question n of total" beside
 * the question say the same for screen readers; the trail is one image with its own words.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";

export function ClueTrail({ total, done, current }: { total: number; done: number; current: number | null }) {
  const t = useT();
  const stops = Array.from({ length: total }, (_, i) => (i < done ? "done" : i === current ? "here" : "ahead"));
  const chestReached = done >= total;
  return (
    <div className="clue-trail" role="img" aria-label={t(msg("pupil.play.trail", { done, total }))}>
      <span className="trail-path" aria-hidden="true">
        <span className="trail-path-done" style={{ width: `${walked(done, total)}%` }} />
      </span>
      <ol
        className="trail-stops"
        style={{ gridTemplateColumns: `repeat(${total}, minmax(0, 1fr)) auto` }}
        aria-hidden="true"
      >
        {stops.map((kind, i) => (
          <li key={i} className={`trail-stop stop-${kind}`}>
            <svg viewBox="0 0 24 24" focusable="false">
              <circle cx="12" cy="12" r="10" />
              {kind === "done" ? <path d="M7 12.5 10.5 16 17 8.5" /> : null}
              {kind === "here" ? <circle className="stop-here-dot" cx="12" cy="12" r="4.5" /> : null}
            </svg>
          </li>
        ))}
        <li className={`trail-stop trail-chest${chestReached ? " chest-reached" : ""}`}>
          <TreasureChest open={chestReached} />
        </li>
      </ol>
    </div>
  );
}

/** How much of the path is gold: up to the stop the child stands at (the middle of its place), all of it at the end. */
function walked(done: number, total: number): number {
  if (total === 0 || done >= total) return 100;
  return ((done + 0.5) / total) * 100;
}

/** The chest at the end of the trail; the completion screen shows it large and opening. */
export function TreasureChest({ open, className = "" }: { open: boolean; className?: string }) {
  return (
    <svg
      className={`treasure-chest${open ? " is-open" : ""} ${className}`}
      viewBox="-4 -14 72 70"
      aria-hidden="true"
      focusable="false"
    >
      <g className="chest-glow">
        <circle cx="32" cy="24" r="18" />
      </g>
      <rect className="chest-body" x="6" y="26" width="52" height="26" rx="4" />
      <rect className="chest-band" x="6" y="34" width="52" height="5" />
      <g className="chest-lid">
        <path className="chest-lid-top" d="M6 26v-6a14 14 0 0 1 14-14h24a14 14 0 0 1 14 14v6z" />
        <rect className="chest-band" x="29" y="6" width="6" height="20" />
      </g>
      <rect className="chest-lock" x="27" y="29" width="10" height="12" rx="2" />
    </svg>
  );
}
