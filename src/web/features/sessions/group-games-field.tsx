/**
 * Start Session's "Give groups different games": folded away, so the form is as simple
 * as ever for a teacher who plays one game. Open, each group may play another of the teacher's own
 * games (one game per class level in the room), and a quick row gives one game to several groups
 * at once ("groups 1 to 3 play …"). A group left on "The session's game" plays the game the session
 * is started from. The chosen list is in group order; null keeps a group on the session's game.
 */
import { useId, useState } from "react";
import { GROUP_IDENTIFIERS, GROUPS } from "../../../shared/games/curriculum.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { assignGameToGroups } from "../../../shared/sessions/group-games.ts";
import { GroupShape } from "../../components/group-badge.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/group-games.css";

/** The groups that play a game other than the session's, of the first `groupCount`. */
export const groupsOnOtherGames = (chosen: readonly (string | null)[], groupCount: number): number =>
  chosen.slice(0, groupCount).filter(Boolean).length;

function GameOptions({ sessionTitle, games }: { sessionTitle: string; games: readonly GameSummary[] }) {
  const t = useT();
  return (
    <>
      <option value="">{t(msg("sessions.start.sessionGame", { title: sessionTitle }))}</option>
      {games.map((g) => (
        <option key={g.id} value={g.id} lang={LANGUAGE_LOCALES[g.language]}>
          {g.title || t("common.gameTitleNotFound")}
        </option>
      ))}
    </>
  );
}

export function GroupGamesField({
  groupCount,
  sessionTitle,
  games,
  chosen,
  onChange,
}: {
  groupCount: number;
  /** The title of the game the session is started from (the default of every group). */
  sessionTitle: string;
  /** The teacher's other games a group may play: their own, not archived, with questions. */
  games: readonly GameSummary[];
  chosen: readonly (string | null)[];
  onChange: (chosen: (string | null)[]) => void;
}) {
  const t = useT();
  const id = useId();
  const [from, setFrom] = useState(1);
  const [to, setTo] = useState(groupCount);
  const [quickGame, setQuickGame] = useState("");
  const groups = GROUP_IDENTIFIERS.slice(0, groupCount);
  const others = groupsOnOtherGames(chosen, groupCount);
  const numbered = (n: number) => `${n}. ${t(GROUPS[groups[n - 1]!].nameKey)}`;
  const setGroup = (index: number, gameId: string) =>
    onChange(assignGameToGroups(chosen, groupCount, index + 1, index + 1, gameId || null));

  return (
    <details className="group-games">
      <summary>
        <span className="group-games-title">{t("sessions.start.groupGames")}</span>
        {others > 0 ? (
          <span className="group-games-count">{t(msg("sessions.start.groupGamesChosen", { count: others }))}</span>
        ) : null}
      </summary>
      <p className="field-hint">{t("sessions.start.groupGamesHint")}</p>
      <fieldset className="quick-assign">
        <legend>{t("sessions.start.quickAssign")}</legend>
        <div className="quick-assign-row">
          <div className="field">
            <label htmlFor={`${id}-from`}>{t("sessions.start.quickFrom")}</label>
            <select
              id={`${id}-from`}
              value={Math.min(from, groupCount)}
              onChange={(e) => setFrom(Number(e.target.value))}
            >
              {groups.map((g, i) => (
                <option key={g} value={i + 1}>
                  {numbered(i + 1)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t("sessions.start.quickTo")}</label>
            <select id={`${id}-to`} value={Math.min(to, groupCount)} onChange={(e) => setTo(Number(e.target.value))}>
              {groups.map((g, i) => (
                <option key={g} value={i + 1}>
                  {numbered(i + 1)}
                </option>
              ))}
            </select>
          </div>
          <div className="field quick-assign-game">
            <label htmlFor={`${id}-game`}>{t("sessions.start.quickGame")}</label>
            <select id={`${id}-game`} value={quickGame} onChange={(e) => setQuickGame(e.target.value)}>
              <GameOptions sessionTitle={sessionTitle} games={games} />
            </select>
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              onChange(
                assignGameToGroups(
                  chosen,
                  groupCount,
                  Math.min(from, groupCount),
                  Math.min(to, groupCount),
                  quickGame || null,
                ),
              )
            }
          >
            {t("sessions.start.quickApply")}
          </button>
        </div>
      </fieldset>
      <ol className="group-game-list">
        {groups.map((g, i) => (
          <li key={g} className={`field group-${g}`}>
            <label htmlFor={`${id}-group-${i}`}>
              <GroupShape group={g} />
              {t(msg("sessions.start.groupPlays", { number: i + 1, group: t(GROUPS[g].nameKey) }))}
            </label>
            <select id={`${id}-group-${i}`} value={chosen[i] ?? ""} onChange={(e) => setGroup(i, e.target.value)}>
              <GameOptions sessionTitle={sessionTitle} games={games} />
            </select>
          </li>
        ))}
      </ol>
    </details>
  );
}
