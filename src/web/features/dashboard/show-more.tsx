import { type ReactNode, useState } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";

export const PREVIEW_SIZE = 3;

/** The first 3 items, and a toggle for the rest ('Show More … (N more)' / 'Show Less …'). */
export function ShowMoreList<T>({
  items,
  noun,
  render,
}: {
  items: readonly T[];
  noun: "Games" | "Sessions";
  render: (item: T) => ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const t = useT();
  const hidden = items.length - PREVIEW_SIZE;
  const shown = expanded ? items : items.slice(0, PREVIEW_SIZE);
  return (
    <>
      <ul className="card-list">{shown.map(render)}</ul>
      {hidden > 0 ? (
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded
            ? t(`dashboard.showLess${noun}`)
            : t(msg(noun === "Games" ? "dashboard.showMoreGames" : "dashboard.showMoreSessions", { hidden }))}
        </button>
      ) : null}
    </>
  );
}
