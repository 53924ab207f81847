/** Find games: search by title, filter by subject and class level; shown once a teacher has more than a handful. */

import { useId } from "react";
import { CLASS_LEVELS, catalogueNameKey, SUBJECTS } from "../../../shared/games/curriculum.ts";
import { type GameFilter, usedValues } from "../../../shared/games/game-library.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { useT } from "../../lib/i18n/language.tsx";

export function GameFilters({
  games,
  filter,
  onChange,
  shown,
}: {
  games: readonly GameSummary[];
  filter: GameFilter;
  onChange: (filter: GameFilter) => void;
  shown: number;
}) {
  const id = useId();
  const t = useT();
  const { subjects, levels } = usedValues(games, { subjects: SUBJECTS, levels: CLASS_LEVELS });
  return (
    <div className="library-filters" role="search" aria-label={t("dashboard.filters.label")}>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t("dashboard.filters.search")}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t("dashboard.filters.subject")}</label>
        <select
          id={`${id}-subject`}
          value={filter.subject}
          onChange={(e) => onChange({ ...filter, subject: e.target.value })}
        >
          <option value="">{t("dashboard.filters.allSubjects")}</option>
          <SelectOptions values={subjects} nameKey={(value) => catalogueNameKey("subject", value)} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>{t("dashboard.filters.level")}</label>
        <select
          id={`${id}-level`}
          value={filter.level}
          onChange={(e) => onChange({ ...filter, level: e.target.value })}
        >
          <option value="">{t("dashboard.filters.allLevels")}</option>
          <SelectOptions values={levels} nameKey={(value) => catalogueNameKey("level", value)} />
        </select>
      </div>
      <p className="library-count" role="status">
        {t(msg("dashboard.filters.showing", { shown, total: games.length }))}
      </p>
    </div>
  );
}
