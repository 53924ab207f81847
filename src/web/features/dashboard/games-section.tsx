import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { plural } from "../../../shared/format.ts";
import { fetchGames, gamesQueryKey } from "../../lib/games-api.ts";
import { DashboardSection } from "./dashboard-section.tsx";
import { GameSharing } from "./game-sharing.tsx";
import { ShowMoreList } from "./show-more.tsx";

export function GamesSection() {
  const navigate = useNavigate();
  const games = useQuery({ queryKey: gamesQueryKey, queryFn: fetchGames, select: (r) => r.games });
  return (
    <DashboardSection
      id="your-games"
      title="Your Games"
      query={games}
      errorText="Error: Failed to load dashboard data."
      emptyText={'You haven\'t created any games yet. Click "Create New Game" to start!'}
    >
      {(items) => (
        <ShowMoreList
          items={items}
          noun="Games"
          render={(game) => (
            <li key={game.id} className="card item-card">
              <h3>{game.title || "Untitled Game"}</h3>
              <p className="description">{game.description || "No description."}</p>
              <p className="meta">{plural(game.questionCount, "question")}</p>
              <div className="actions">
                <Link className="button" to={`/start-session/${game.id}`}>
                  Start New Session
                </Link>
                <button type="button" className="button button-secondary" onClick={() => navigate("/create-game", { state: { sourceGameId: game.id } })}>
                  Duplicate Game
                </button>
              </div>
              <GameSharing gameId={game.id} title={game.title || "Untitled Game"} />
            </li>
          )}
        />
      )}
    </DashboardSection>
  );
}
