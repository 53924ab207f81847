/**
 * The results page's Student Progress table: one row per student, each opening onto their question
 * grid. When the groups played different games, each row names the pupil's game under their group, and the
 * score and grid are out of that game's questions. A child on a tablet shared with others of the group: who
 * else is on it, and whose turn it is, under their name.
 */

import { Fragment, useState } from "react";
import { msg } from "../../../shared/i18n/messages.ts";
import { type GameResults, type StudentResult, studentStatus, timeTaken } from "../../../shared/results/results.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { TabletMark } from "../../components/tablet-mark.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { StudentGrid } from "./student-grid.tsx";

type Props = {
  students: StudentResult[];
  /** The session's games with their questions (one for a session of one game). */
  games: GameResults[];
  onClearHelp: (progressId: string) => void;
  clearing: boolean;
  /** Take a pupil out of the game (asks first). */
  onRemove: (pupil: { progressId: string; name: string }) => void;
};

export function StudentProgressTable({ students, games, onClearHelp, clearing, onRemove }: Props) {
  const split = games.length > 1;
  const gameOf = new Map(games.map((g) => [g.game.id, g]));
  // Which rows are open is kept by student, so live updates never fold them away.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const t = useT();
  const toggle = (progressId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(progressId)) next.delete(progressId);
      else next.add(progressId);
      return next;
    });

  return (
    <section aria-labelledby="student-progress-heading" className="card student-progress">
      <div className="table-header">
        <h2 id="student-progress-heading">{t("results.progress.title")}</h2>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setExpanded(new Set(students.map((s) => s.progressId)))}
          >
            {t("results.progress.expandAll")}
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setExpanded(new Set())}>
            {t("results.progress.collapseAll")}
          </button>
        </div>
      </div>
      {/* Focusable, so a keyboard can scroll it sideways where the table is wider than the screen. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("results.progress.tableLabel")}>
        <table className="progress-table">
          <thead>
            <tr>
              <th scope="col">{t("results.progress.details")}</th>
              <th scope="col">{t("results.csv.studentName")}</th>
              <th scope="col">{t(split ? "results.progress.groupAndGame" : "results.csv.group")}</th>
              <th scope="col">{t("results.csv.score")}</th>
              <th scope="col">{t("results.csv.timeTaken")}</th>
              <th scope="col">{t("results.csv.status")}</th>
              <th scope="col">{t("results.csv.helpRequested")}</th>
            </tr>
          </thead>
          <tbody>
            {students.map((s) => {
              const isOpen = expanded.has(s.progressId);
              const own = gameOf.get(s.gameId) ?? games[0];
              return (
                <Fragment key={s.progressId}>
                  <tr className={s.helpRequested ? "needs-help" : undefined}>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-expanded={isOpen}
                          aria-controls={`grid-${s.progressId}`}
                          aria-label={t(msg(isOpen ? "results.hideFor" : "results.showFor", { name: s.studentName }))}
                          onClick={() => toggle(s.progressId)}
                        >
                          {t(isOpen ? "results.hide" : "results.show")}
                        </button>
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={t(msg("results.removeName", { name: s.studentName }))}
                          onClick={() => onRemove({ progressId: s.progressId, name: s.studentName })}
                        >
                          {t("results.remove")}
                        </button>
                      </div>
                    </td>
                    <th scope="row">
                      {s.studentName}
                      <TabletMark name={s.studentName} tablet={s.tablet} />
                    </th>
                    <td>
                      <GroupBadge group={s.groupIdentifier} />
                      {/* Under the group, not a column of its own: the table still fits a tablet. */}
                      {split ? (
                        <span className="pupil-game">{own?.game.title || t("common.gameTitleNotFound")}</span>
                      ) : null}
                    </td>
                    <td>
                      {s.completedQuestionsCount} / {own?.game.questionCount ?? 0}
                    </td>
                    <td>{timeTaken(s, t)}</td>
                    <td>{t(studentStatus(s))}</td>
                    <td>
                      {s.helpRequested ? (
                        <span className="help-yes">
                          <strong>{t("results.csv.yes")}</strong>{" "}
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            disabled={clearing}
                            onClick={() => onClearHelp(s.progressId)}
                            aria-label={t(msg("results.clearFor", { name: s.studentName }))}
                          >
                            {t("results.clear")}
                          </button>
                        </span>
                      ) : (
                        t("results.csv.no")
                      )}
                    </td>
                  </tr>
                  {isOpen ? (
                    <tr id={`grid-${s.progressId}`} className="grid-row">
                      <td colSpan={7}>
                        <StudentGrid student={s} questions={own?.questions ?? []} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
