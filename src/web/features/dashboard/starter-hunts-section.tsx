/**
 * Starter hunts: ready hunts beside the teacher's own games, found by class level,
 * subject and language (at first her interface language and, when her saved class has one, its
 * level), each with Preview and "Use this hunt"; a hunt used offers Start Session and Edit for the
 * copy, now one of her games. The whole list is read once and filtered in the browser, by the
 * rule the server's ?level=… uses (shared/starter/starter-hunts.ts). Its own chunk and stylesheet,
 * loaded once the dashboard is drawn (dashboard-page.tsx).
 */
import "../../styles/starter-hunts.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { defaultClassLevel } from "../../../shared/classes/saved-classes.ts";
import { catalogueNameKey, SUBJECTS } from "../../../shared/games/curriculum.ts";
import { usedValues } from "../../../shared/games/game-library.ts";
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  filterStarterHunts,
  STARTER_LEVELS,
  type StarterHuntFilter,
  type StarterHuntSummary,
  starterFilterShown,
  starterMessages,
} from "../../../shared/starter/starter-hunts.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { fetchClasses } from "../../lib/classes-api.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { fetchStarterHunts, useStarterHuntCopy } from "../../lib/starter-hunts-api.ts";

/** The cards shown before "Show all": a level's three hunts, or two levels' when no level is chosen. */
const FIRST_SHOWN = 6;

export default function StarterHuntsSection() {
  const t = useT();
  const { language: pageLanguage } = useLanguage();
  const hunts = useQuery({
    queryKey: queryKeys.starterHunts,
    queryFn: fetchStarterHunts,
    staleTime: Infinity,
    select: (r) => r.hunts,
  });
  const classes = useQuery({ queryKey: queryKeys.classes, queryFn: fetchClasses });
  const [chosen, setChosen] = useState<StarterHuntFilter>({});
  const [showAll, setShowAll] = useState(false);
  const filter = starterFilterShown(chosen, {
    language: pageLanguage,
    classLevel: defaultClassLevel(classes.data?.classes ?? []),
  });
  const choose = (change: StarterHuntFilter) => {
    setChosen({ ...chosen, ...change });
    setShowAll(false);
  };

  return (
    <section aria-labelledby="starter-hunts" className="dashboard-section starter-hunts">
      <h2 id="starter-hunts">{t("starter.title")}</h2>
      <p className="section-note">{t("starter.intro")}</p>
      {hunts.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {hunts.isError ? (
        <p role="alert" className="error">
          {t("starter.loadError")}
        </p>
      ) : null}
      {hunts.data?.length === 0 ? <p>{t("starter.none")}</p> : null}
      {hunts.data && hunts.data.length > 0
        ? (() => {
            const matching = filterStarterHunts(hunts.data, filter);
            const shown = showAll ? matching : matching.slice(0, FIRST_SHOWN);
            return (
              <>
                <StarterFilters hunts={hunts.data} filter={filter} onChange={choose} shown={matching.length} />
                {matching.length === 0 ? <p>{t("starter.noMatches")}</p> : null}
                <ul className="card-list starter-list">
                  {shown.map((hunt) => (
                    <StarterCard key={hunt.id} hunt={hunt} />
                  ))}
                </ul>
                {matching.length > FIRST_SHOWN ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-expanded={showAll}
                    onClick={() => setShowAll(!showAll)}
                  >
                    {showAll ? t("starter.showFewer") : t(msg("starter.showAll", { count: matching.length }))}
                  </button>
                ) : null}
              </>
            );
          })()
        : null}
    </section>
  );
}

function StarterFilters({
  hunts,
  filter,
  onChange,
  shown,
}: {
  hunts: readonly StarterHuntSummary[];
  filter: Required<StarterHuntFilter>;
  onChange: (change: StarterHuntFilter) => void;
  shown: number;
}) {
  const id = useId();
  const t = useT();
  // The subjects the set has (a school's own set may have others than the shipped one's), in the curriculum's order.
  const { subjects } = usedValues(
    hunts.map((h) => ({ aiLastUsedSubject: h.subject, aiLastUsedLevel: h.classLevel })),
    { subjects: SUBJECTS, levels: STARTER_LEVELS },
  );
  return (
    <div className="library-filters starter-filters" role="search" aria-label={t("starter.filters.label")}>
      <div className="field">
        <label htmlFor={`${id}-level`}>{t("dashboard.filters.level")}</label>
        <select id={`${id}-level`} value={filter.level} onChange={(e) => onChange({ level: e.target.value })}>
          <option value="">{t("dashboard.filters.allLevels")}</option>
          <SelectOptions values={STARTER_LEVELS} nameKey={(value) => catalogueNameKey("level", value)} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t("dashboard.filters.subject")}</label>
        <select id={`${id}-subject`} value={filter.subject} onChange={(e) => onChange({ subject: e.target.value })}>
          <option value="">{t("dashboard.filters.allSubjects")}</option>
          <SelectOptions values={subjects} nameKey={(value) => catalogueNameKey("subject", value)} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-language`}>{t("starter.filters.language")}</label>
        <select
          id={`${id}-language`}
          value={filter.language}
          onChange={(e) => onChange({ language: e.target.value as Language | "" })}
        >
          <option value="">{t("starter.filters.allLanguages")}</option>
          <SelectOptions values={LANGUAGES} nameKey={(value) => `starter.language.${value}`} />
        </select>
      </div>
      <p className="library-count" role="status">
        {t(msg("starter.showing", { count: shown }))}
      </p>
    </div>
  );
}

function StarterCard({ hunt }: { hunt: StarterHuntSummary }) {
  const t = useT();
  const copy = useStarterHuntCopy();
  const used = copy.data;
  const startRef = useRef<HTMLAnchorElement>(null);
  // "Use this hunt" is gone once the copy is made: the focus goes on to what comes next.
  useEffect(() => {
    if (used) startRef.current?.focus();
  }, [used]);
  const lang = LANGUAGE_LOCALES[hunt.language];
  // Both are of our lists: the starter library keeps only hunts whose level and subject are (starter-library.ts).
  const facts = [
    t(catalogueNameKey("level", hunt.classLevel)),
    t(catalogueNameKey("subject", hunt.subject)),
    t(msg("common.questionCount", { count: hunt.questionCount })),
  ];
  return (
    <li className="card item-card starter-card">
      <h3 lang={lang}>{hunt.title}</h3>
      <p className="meta">{facts.join(" · ")}</p>
      <p className="description" lang={lang}>
        {hunt.description}
      </p>
      {hunt.language === "ga" ? (
        <p className="meta starter-reviewed">
          {t(msg("starter.irishReviewedBy", { name: hunt.irishReviewedBy ?? "—" }))}
        </p>
      ) : null}
      {used ? <p className="success starter-used">{t(starterMessages.used(used.title))}</p> : null}
      <div className="actions starter-actions">
        {used ? (
          <>
            <Link
              ref={startRef}
              className="button button-small"
              to={`/start-session/${used.id}`}
              aria-label={t(msg("starter.startSessionLabel", { title: used.title }))}
            >
              {t("dashboard.startSession")}
            </Link>
            <Link
              className="button button-secondary button-small"
              to={`/edit-game/${used.id}`}
              aria-label={t(msg("dashboard.editLabel", { title: used.title }))}
            >
              {t("dashboard.edit")}
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="button button-small"
            aria-disabled={copy.isPending}
            aria-label={copy.isPending ? undefined : t(msg("starter.useLabel", { title: hunt.title }))}
            onClick={() => {
              if (!copy.isPending) copy.mutate(hunt.id);
            }}
          >
            {t(copy.isPending ? "starter.using" : "starter.use")}
          </button>
        )}
        <Link
          className="button button-secondary button-small"
          to={`/starter-hunts/${encodeURIComponent(hunt.id)}/preview`}
          aria-label={t(msg("dashboard.previewLabel", { title: hunt.title }))}
        >
          {t("dashboard.preview")}
        </Link>
      </div>
      {copy.isError ? (
        <p role="alert" className="error">
          {t(msg("starter.useFailed", { reason: errorMessage(copy.error) }))}
        </p>
      ) : null}
    </li>
  );
}
