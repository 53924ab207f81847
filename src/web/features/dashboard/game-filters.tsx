/** Find games (issue 16): search by title, filter by subject and class level; shown once a teacher has more than a handful. */
import { useId } from "react";
import { CLASS_LEVELS, SUBJECTS } from "../../../shared/catalogue.ts";
import { usedValues, type GameFilter } from "../../../shared/game-library.ts";
import type { GameSummary } from "../../../shared/games.ts";
import { SelectOptions } from "../../components/select-options.tsx";

export function GameFilters({ games, filter, onChange, shown }: { games: readonly GameSummary[]; filter: GameFilter; onChange: (filter: GameFilter) => void; shown: number }) {
  const id = useId();
  const { subjects, levels } = usedValues(games, { subjects: SUBJECTS, levels: CLASS_LEVELS });
  return (
    <div className="library-filters" role="search" aria-label="Find games">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search by title</label>
        <input id={`${id}-search`} type="search" value={filter.search} onChange={(e) => onChange({ ...filter, search: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <select id={`${id}-subject`} value={filter.subject} onChange={(e) => onChange({ ...filter, subject: e.target.value })}>
          <option value="">All subjects</option>
          <SelectOptions values={subjects} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>Class Level</label>
        <select id={`${id}-level`} value={filter.level} onChange={(e) => onChange({ ...filter, level: e.target.value })}>
          <option value="">All class levels</option>
          <SelectOptions values={levels} />
        </select>
      </div>
      <p className="library-count" role="status">
        Showing {shown} of {games.length} games
      </p>
    </div>
  );
}
