/**
 * A group's shape and colour name together: never colour alone. The shape is drawn as SVG,
 * not a text symbol: fonts on school devices lack some symbols (⬬, ⯃) and showed an empty box.
 */
import type { ReactElement } from "react";
import { GROUPS, type GroupIdentifier } from "../../shared/games/curriculum.ts";
import { useT } from "../lib/i18n/language.tsx";

const SHAPES: Record<string, ReactElement> = {
  square: <rect x="3" y="3" width="18" height="18" />,
  circle: <circle cx="12" cy="12" r="10" />,
  triangle: <polygon points="12,2 23,21 1,21" />,
  rectangle: <rect x="1" y="7" width="22" height="10" />,
  oval: <ellipse cx="12" cy="12" rx="11" ry="7" />,
  octagon: <polygon points="8,1.5 16,1.5 22.5,8 22.5,16 16,22.5 8,22.5 1.5,16 1.5,8" />,
};

export function GroupShape({ group }: { group: GroupIdentifier }) {
  const shape = GROUPS[group].shape.toLowerCase();
  return (
    <svg className="group-shape" data-shape={shape} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {SHAPES[shape]}
    </svg>
  );
}

export function GroupBadge({ group, size = "normal" }: { group: GroupIdentifier; size?: "normal" | "large" }) {
  const t = useT();
  return (
    <span className={`group-badge group-${group} size-${size}`}>
      <GroupShape group={group} />
      <span className="group-name">{t(GROUPS[group].nameKey)}</span>
    </span>
  );
}
