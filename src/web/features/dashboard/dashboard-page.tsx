import { Link } from "react-router";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { useLogout } from "../../lib/auth/use-logout.ts";
import { GameFileImport } from "./game-file-import.tsx";
import { ArchivedGamesSection, GamesSection } from "./games-section.tsx";
import { useLibraryActions } from "./use-game-library.ts";
import { ActiveSessionsSection, PastSessionsSection } from "./sessions-section.tsx";

export default function DashboardPage() {
  const auth = useAuth();
  const signOut = useLogout();
  const library = useLibraryActions();

  return (
    <div className="page wide">
      <header className="dashboard-header">
        <h1>Teacher Dashboard</h1>
        <div className="header-actions">
          {auth.kind === "teacher" ? <span className="signed-in-as">{auth.user.displayName}</span> : null}
          <Link className="button button-secondary" to="/account">
            My Account
          </Link>
          <button type="button" className="button button-secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Logout
          </button>
        </div>
      </header>
      {signOut.isError ? <p role="alert" className="error">Error: Failed to log out.</p> : null}
      <main>
        <div className="dashboard-tools">
          <Link className="button" to="/create-game">
            Create New Game
          </Link>
          <GameFileImport />
        </div>
        <GamesSection actions={library} />
        <ActiveSessionsSection />
        <PastSessionsSection />
        <ArchivedGamesSection actions={library} />
      </main>
    </div>
  );
}
