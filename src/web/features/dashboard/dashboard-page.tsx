import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ErrorBoundary } from "../../components/error-boundary.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { useLogout } from "../../lib/auth/use-logout.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { GameFileImport } from "./game-file-import.tsx";
import { ArchivedGamesSection, type GameCardExtra, GamesSection } from "./games-section.tsx";
import { ActiveSessionsSection, PastSessionsSection } from "./sessions-section.tsx";
import { useLibraryActions } from "./use-game-library.ts";

/** The starter hunts: a chunk of their own, fetched once the dashboard is drawn. */
const StarterHuntsSection = lazy(() => import("./starter-hunts-section.tsx"));

/** The section's place while its code comes, or when it could not (the rest of the dashboard stays). */
function StarterHuntsPlaceholder({ failed = false }: { failed?: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="starter-hunts" className="dashboard-section">
      <h2 id="starter-hunts">{t("starter.title")}</h2>
      {failed ? (
        <p role="alert" className="error">
          {t("starter.loadError")}
        </p>
      ) : (
        <p role="status">{t("common.loading")}</p>
      )}
    </section>
  );
}

/** `gameCardExtra`: what another feature adds to each library card (web/app/dashboard-route.tsx). */
export default function DashboardPage({ gameCardExtra }: { gameCardExtra?: GameCardExtra }) {
  const auth = useAuth();
  const signOut = useLogout();
  const library = useLibraryActions();
  const t = useT();

  return (
    <div className="page wide">
      <header className="dashboard-header">
        <h1>{t("dashboard.title")}</h1>
        <div className="header-actions">
          {auth.kind === "teacher" ? <span className="signed-in-as">{auth.user.displayName}</span> : null}
          <Link className="button button-secondary" to="/classes">
            {t("dashboard.myClasses")}
          </Link>
          <Link className="button button-secondary" to="/account">
            {t("dashboard.myAccount")}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            {t("common.auth.logout")}
          </button>
        </div>
      </header>
      {signOut.isError ? (
        <p role="alert" className="error">
          {t("dashboard.logoutFailed")}
        </p>
      ) : null}
      <main>
        <div className="dashboard-tools">
          <Link className="button" to="/create-game">
            {t("dashboard.createGame")}
          </Link>
          <GameFileImport />
        </div>
        <GamesSection actions={library} cardExtra={gameCardExtra} />
        <ErrorBoundary fallback={() => <StarterHuntsPlaceholder failed />}>
          <Suspense fallback={<StarterHuntsPlaceholder />}>
            <StarterHuntsSection />
          </Suspense>
        </ErrorBoundary>
        <ActiveSessionsSection />
        <PastSessionsSection />
        <ArchivedGamesSection actions={library} />
      </main>
    </div>
  );
}
