/**
 * The top of every play screen: the game's title and, in the group's own colour with its big
 * shape, who is playing and in which group. The group is the child's team identity. On a tablet
 * a group shares (decision 048) the group alone: whose turn it is shows under it, larger.
 */

import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import type { PlayState } from "../../../shared/play/play-responses.ts";
import { GroupBadge, GroupShape } from "../../components/group-badge.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";

export function PlayHeader({ state, shared = false }: { state: PlayState; shared?: boolean }) {
  const t = useT();
  return (
    <header className={`play-header group-band group-${state.groupIdentifier}`}>
      <span className="group-medallion" aria-hidden="true">
        <GroupShape group={state.groupIdentifier} />
      </span>
      <div className="play-header-text">
        {/* The title is the teacher's, in the questions' language. */}
        <h1 lang={state.gameTitle ? LANGUAGE_LOCALES[state.questionLanguage] : undefined}>
          {state.gameTitle || t("common.gameTitleNotFound")}
        </h1>
        <p className="player">
          {shared ? null : (
            <>
              <span>
                <Slotted id="pupil.play.player" slots={{ name: <strong>{state.studentName}</strong> }} />
              </span>{" "}
            </>
          )}
          <GroupBadge group={state.groupIdentifier} />
        </p>
      </div>
    </header>
  );
}
