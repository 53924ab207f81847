/** A group's shape and colour name together: never colour alone. */
import { GROUPS, type GroupIdentifier } from "../../shared/catalogue.ts";

export function GroupBadge({ group, size = "normal" }: { group: GroupIdentifier; size?: "normal" | "large" }) {
  const g = GROUPS[group];
  return (
    <span className={`group-badge group-${group} size-${size}`}>
      <span className="group-symbol" aria-hidden="true">
        {g.symbol}
      </span>
      <span className="group-name">{g.displayName}</span>
    </span>
  );
}
