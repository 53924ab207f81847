/**
 * A tablet passed around a group (decision 048): whose turn it is, large, in their name's colour,
 * above their question; and between turns a calm card that shows nothing of the last answer —
 * "Well done, Aoife! Pass the tablet to Cian", or after a refresh "It's Cian's turn" — with a big
 * "I'm Cian" that starts his turn (it takes the focus; Enter or Space presses it) and "Add a
 * player". Which of them shows is tablet-view.ts's decision.
 */
import { useEffect, useRef } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import type { TabletPlayer } from "../../../shared/play/play-responses.ts";
import { PlayerName } from "../../components/player-name.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";

/** "Aoife's turn", above the question (or the station to find) of the child answering. */
export function TurnBanner({ player }: { player: TabletPlayer }) {
  return (
    <p className="turn-banner">
      <Slotted id="pupil.tablet.turn" slots={{ name: <PlayerName name={player.name} /> }} />
    </p>
  );
}

/**
 * Between two turns: `from` just answered right (null: the tablet was opened again, or a child was
 * taken out) and `to` takes the tablet. `ready` false: the server's state has not named `to` yet,
 * so "I'm …" waits (pressed meanwhile it does nothing). `onAddPlayer` null: no "Add a player"
 * (this device does not remember the group's code).
 */
export function HandOverCard({
  from,
  to,
  ready,
  onStart,
  onAddPlayer,
  notice = null,
}: {
  from: TabletPlayer | null;
  to: TabletPlayer | null;
  ready: boolean;
  onStart: () => void;
  onAddPlayer: (() => void) | null;
  /** Why the tablet came here (an answer sent in another child's turn: the server's words). */
  notice?: string | null;
}) {
  const t = useT();
  const startButton = useRef<HTMLButtonElement>(null);
  // The next child's button has the focus as the card appears, so Enter or Space starts the turn
  // (and a screen reader reads the name to press).
  const toId = to?.progressId ?? null;
  useEffect(() => {
    if (toId) startButton.current?.focus();
  }, [toId]);
  return (
    <section className="finish-card hand-over" aria-labelledby="hand-over-heading">
      <h2 id="hand-over-heading" className="hand-over-heading">
        {from ? (
          <Slotted id="pupil.tablet.wellDone" slots={{ name: <PlayerName name={from.name} /> }} />
        ) : to ? (
          <Slotted id="pupil.tablet.itsTurn" slots={{ name: <PlayerName name={to.name} /> }} />
        ) : null}
      </h2>
      {notice ? (
        <p className="join-notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      {from && to ? (
        <p className="hand-over-pass">
          <HandOverIcon />
          <span>
            <Slotted id="pupil.tablet.passTo" slots={{ name: <PlayerName name={to.name} /> }} />
          </span>
        </p>
      ) : null}
      {to ? (
        <button
          ref={startButton}
          type="button"
          className="button button-play start-turn"
          aria-disabled={!ready}
          onClick={() => {
            if (ready) onStart();
          }}
        >
          {t(msg("pupil.tablet.imPlayer", { name: to.name }))}
        </button>
      ) : null}
      {onAddPlayer ? (
        <button type="button" className="button button-secondary add-player" onClick={onAddPlayer}>
          {t("pupil.tablet.addPlayer")}
        </button>
      ) : null}
    </section>
  );
}

/** A tablet with an arrow over it: the tablet goes on to the next child. */
function HandOverIcon() {
  return (
    <svg className="hand-over-icon" viewBox="0 0 64 44" aria-hidden="true" focusable="false">
      <path className="arrow" d="M8 16C18 3 46 3 56 16M56 16l-9-1.5M56 16l1.5-9" />
      <rect className="tablet" x="21" y="14" width="22" height="28" rx="4" />
      <rect className="screen" x="25.5" y="18.5" width="13" height="17" rx="1.5" />
    </svg>
  );
}
