/**
 * The top of every play screen: the game's title and, in the group's own colour with its big
 * shape, who is playing and in which group. The group is the child's team identity.
 */
import type { PlayState } from "../../../shared/sessions.ts";
import { GroupBadge, GroupShape } from "../../components/group-badge.tsx";

export function PlayHeader({ state }: { state: PlayState }) {
  return (
    <header className={`play-header group-band group-${state.groupIdentifier}`}>
      <span className="group-medallion" aria-hidden="true">
        <GroupShape group={state.groupIdentifier} />
      </span>
      <div className="play-header-text">
        <h1>{state.gameTitle || "Game Title Not Found"}</h1>
        <p className="player">
          <span>
            Player: <strong>{state.studentName}</strong>
          </span>{" "}
          <GroupBadge group={state.groupIdentifier} />
        </p>
      </div>
    </header>
  );
}
