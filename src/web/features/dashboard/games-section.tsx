/**
 * Your Games (SPEC section 2) and, below the sessions, Archived games. Each game:
 * start a session, edit, preview as a pupil, duplicate, make a version for another class level
 * (with an AI service), archive, delete. Once a teacher has
 * more than a handful, the list can be searched and filtered (in the browser: the whole
 * list is already here, see game-queries.ts).
 */
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { asMessageText, msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/game-library.css";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  filterGames,
  LIBRARY_SEARCH_THRESHOLD,
  libraryMessages,
  noGameFilter,
} from "../../../shared/games/game-library.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { DashboardSection } from "./dashboard-section.tsx";
import { DeleteGameDialog } from "./delete-game-dialog.tsx";
import { GameFilters } from "./game-filters.tsx";
import { GameSharing } from "./game-sharing.tsx";
import { ShowMoreList } from "./show-more.tsx";
import { type LibraryActions, type LibraryNotice, useGames } from "./use-game-library.ts";

/** A notice handed over by the page that navigated here (the editor's "Changes saved."), read once. */
function useArrivalNotice(): LibraryNotice | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState<LibraryNotice | null>(() => {
    const notice = (location.state as { notice?: unknown } | null)?.notice;
    const text = typeof notice === "string" ? asMessageText(notice) : null;
    return text ? { kind: "success", text } : null;
  });
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  return notice;
}

function Notice({ notice }: { notice: LibraryNotice | null }) {
  const t = useT();
  return (
    <div aria-live="polite" className="library-notice">
      {notice ? <p className={notice.kind === "error" ? "error" : "success"}>{t(notice.text)}</p> : null}
    </div>
  );
}

function GameFacts({ game }: { game: GameSummary }) {
  const t = useT();
  const lang = LANGUAGE_LOCALES[game.language];
  return (
    <>
      <h3 lang={game.title ? lang : undefined}>{game.title || t("dashboard.untitled")}</h3>
      <p className="description" lang={game.description ? lang : undefined}>
        {game.description || t("common.noDescription")}
      </p>
      <p className="meta">{t(msg("common.questionCount", { count: game.questionCount }))}</p>
    </>
  );
}

/** What another feature adds to a game's library card (the app composes it: features do not import each other). */
export type GameCardExtra = (game: GameSummary) => ReactNode;

/** `actions` is the dashboard's one set: what happened is said here, where restored games come back to. */
export function GamesSection({ actions, cardExtra }: { actions: LibraryActions; cardExtra?: GameCardExtra }) {
  const navigate = useNavigate();
  const games = useGames(false);
  const arrival = useArrivalNotice();
  const [toDelete, setToDelete] = useState<GameSummary | null>(null);
  const [filter, setFilter] = useState(noGameFilter);
  const notice = actions.notice ?? arrival;
  const t = useT();

  return (
    <DashboardSection
      id="your-games"
      title="dashboard.yourGames"
      query={games}
      errorText="dashboard.gamesError"
      emptyText="dashboard.noGames"
      before={<Notice notice={notice} />}
    >
      {(items) => {
        const searchable = items.length > LIBRARY_SEARCH_THRESHOLD;
        const shown = searchable ? filterGames(items, filter) : items;
        return (
          <>
            {searchable ? (
              <GameFilters games={items} filter={filter} onChange={setFilter} shown={shown.length} />
            ) : null}
            {shown.length === 0 ? <p>{t(libraryMessages.noMatches)}</p> : null}
            <ShowMoreList
              items={shown}
              noun="Games"
              render={(game) => (
                <li key={game.id} className="card item-card game-card">
                  <GameFacts game={game} />
                  <div className="actions">
                    <Link className="button" to={`/start-session/${game.id}`}>
                      {t("dashboard.startSession")}
                    </Link>
                  </div>
                  <div
                    className="actions game-tools"
                    aria-label={t(msg("dashboard.moreFor", { title: game.title || t("dashboard.untitled") }))}
                    role="group"
                  >
                    <Link
                      className="button button-secondary button-small"
                      to={`/edit-game/${game.id}`}
                      aria-label={t(msg("dashboard.editLabel", { title: game.title }))}
                    >
                      {t("dashboard.edit")}
                    </Link>
                    <Link
                      className="button button-secondary button-small"
                      to={`/preview-game/${game.id}`}
                      aria-label={t(msg("dashboard.previewLabel", { title: game.title }))}
                    >
                      {t("dashboard.preview")}
                    </Link>
                    <Link
                      className="button button-secondary button-small"
                      to={`/games/${game.id}/station-cards`}
                      aria-label={t(msg("dashboard.stationCardsLabel", { title: game.title }))}
                    >
                      {t("dashboard.stationCards")}
                    </Link>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => navigate("/create-game", { state: { sourceGameId: game.id } })}
                    >
                      {t("dashboard.duplicate")}
                    </button>
                    {cardExtra?.(game)}
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={actions.busy}
                      onClick={() => actions.archive.mutate(game)}
                      aria-label={t(msg("dashboard.archiveLabel", { title: game.title }))}
                    >
                      {t("dashboard.archive")}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small button-delete"
                      disabled={actions.busy}
                      onClick={() => setToDelete(game)}
                      aria-label={t(msg("dashboard.deleteLabel", { title: game.title }))}
                    >
                      {t("dashboard.delete")}
                    </button>
                  </div>
                  <GameSharing gameId={game.id} title={game.title || t("dashboard.untitled")} />
                </li>
              )}
            />
            <DeleteGameDialog
              game={toDelete}
              onCancel={() => setToDelete(null)}
              onConfirm={(game) => {
                setToDelete(null);
                actions.remove.mutate(game);
              }}
            />
          </>
        );
      }}
    </DashboardSection>
  );
}

/** Archived games: out of Your Games, kept with their sessions' results, one click from coming back. */
export function ArchivedGamesSection({ actions }: { actions: LibraryActions }) {
  const games = useGames(true);
  const t = useT();
  if (!games.data || games.data.length === 0) return null;
  return (
    <section aria-labelledby="archived-games" className="dashboard-section archived-games">
      <h2 id="archived-games">{t("dashboard.archivedGames")}</h2>
      <p className="section-note">{t("dashboard.archivedNote")}</p>
      <ShowMoreList
        items={games.data}
        noun="Games"
        render={(game) => (
          <li key={game.id} className="card item-card game-card archived">
            <GameFacts game={game} />
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={actions.busy}
                onClick={() => actions.archive.mutate(game)}
                aria-label={t(msg("dashboard.restoreLabel", { title: game.title }))}
              >
                {t("dashboard.restore")}
              </button>
            </div>
          </li>
        )}
      />
    </section>
  );
}
