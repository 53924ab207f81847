/**
 * A child's name on a tablet a group shares (decision 048): their first letter in a chip of that
 * letter's colour (as on the class list, shared/play/name-letters.web.ts) and the name itself in the
 * same colour, so "Aoife's turn" is seen as Aoife's from across a table. The name is always written
 * out: the colour is never the only sign. The join's players step and the play page use it.
 */
import type { CSSProperties } from "react";
import { nameLetter } from "../../shared/play/name-letters.web.ts";

export function PlayerName({ name, className }: { name: string; className?: string }) {
  const { letter, colour } = nameLetter(name);
  // The letter never ends a line apart from its name: it stays with the name's first word (a long name wraps after it).
  const space = name.search(/\s/);
  const first = space < 0 ? name : name.slice(0, space);
  const rest = space < 0 ? "" : name.slice(space);
  return (
    <span
      className={`player-name${className ? ` ${className}` : ""}`}
      style={{ "--player-colour": colour } as CSSProperties}
    >
      <span className="player-name-start">
        <span className="player-letter" aria-hidden="true">
          {letter}
        </span>
        <span className="player-name-text">{first}</span>
      </span>
      {rest ? <span className="player-name-text">{rest}</span> : null}
    </span>
  );
}
