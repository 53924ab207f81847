import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime, formatTime, formatWeekday } from "../../../shared/format.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { sessionGamesTitle } from "../../../shared/sessions/group-games.ts";
import type { SessionSummary } from "../../../shared/sessions/session-responses.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { fetchSessions } from "./dashboard-api.ts";
import { DashboardSection } from "./dashboard-section.tsx";
import { ShowMoreList } from "./show-more.tsx";

/**
 * A session's title: the games its groups play, "A + B" when several (decision 036); for
 * one, its title (the session's own game's, unless every group was given another).
 */
const sessionTitle = (s: SessionSummary) => (s.gameTitles.length > 0 ? sessionGamesTitle(s.gameTitles) : s.gameTitle);

/** The status in the reader's language, capitalised as the SPEC shows it ("Completed"). */
const statusLabel = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ActiveSessionsSection() {
  const t = useT();
  const { language } = useLanguage();
  const sessions = useQuery({
    queryKey: queryKeys.sessionList("active"),
    queryFn: () => fetchSessions("active"),
    select: (r) => r.sessions,
  });
  return (
    <DashboardSection
      id="active-sessions"
      title="dashboard.activeSessions"
      query={sessions}
      errorText="dashboard.activeError"
      emptyText="dashboard.noActive"
    >
      {(items) => (
        <ul className="card-list">
          {items.map((s) => (
            <li key={s.id} className="card item-card">
              <h3>{sessionTitle(s) || t("common.gameTitleNotFound")}</h3>
              <p className="status-active">{t("dashboard.statusActive")}</p>
              <p className="meta">
                {t(msg("dashboard.startedAt", { date: formatDateTime(s.startTime, LANGUAGE_LOCALES[language]) }))}
              </p>
              {s.closesAt ? (
                <p className="meta">
                  {t(
                    msg("dashboard.closesAt", {
                      day: formatWeekday(s.closesAt, LANGUAGE_LOCALES[language]),
                      time: formatTime(s.closesAt, LANGUAGE_LOCALES[language]),
                    }),
                  )}
                </p>
              ) : null}
              <Link className="button" to={`/session-codes/${s.id}`}>
                {t("dashboard.viewCodes")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function PastSessionsSection() {
  const t = useT();
  const { language } = useLanguage();
  const sessions = useQuery({
    queryKey: queryKeys.sessionList("past"),
    queryFn: () => fetchSessions("past"),
    select: (r) => r.sessions,
  });
  return (
    <DashboardSection
      id="past-sessions"
      title="dashboard.pastSessions"
      query={sessions}
      errorText="dashboard.pastError"
      emptyText="dashboard.noPast"
    >
      {(items) => (
        <ShowMoreList
          items={items}
          noun="Sessions"
          render={(s) => (
            <li key={s.id} className="card item-card">
              <h3>{sessionTitle(s) || t("common.gameTitleNotFound")}</h3>
              <p>{t(msg("dashboard.status", { status: statusLabel(t(`sessions.status.${s.status}`)) }))}</p>
              <p className="meta">
                {t(msg("dashboard.endedAt", { date: formatDateTime(s.endTime, LANGUAGE_LOCALES[language]) }))}
              </p>
              {s.status === "completed" ? (
                <Link className="button button-secondary" to={`/results/${s.id}`}>
                  {t("dashboard.viewResults")}
                </Link>
              ) : null}
            </li>
          )}
        />
      )}
    </DashboardSection>
  );
}
