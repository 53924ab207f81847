import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { plural } from "../../../shared/format.ts";
import { fetchGames, gamesQueryKey } from "../games/games-api.ts";
import { ShowMoreList } from "./show-more.tsx";

export function GamesSection() {
  const navigate = useNavigate();
  const games = useQuery({ queryKey: gamesQueryKey, queryFn: fetchGames });
  return (
    <section aria-labelledby="your-games" className="dashboard-section">
      <h2 id="your-games">Your Games</h2>
      {games.isPending ? <p role="status">Loading...</p> : null}
      {games.isError ? <p role="alert" className="error">Error: Failed to load dashboard data.</p> : null}
      {games.data && games.data.games.length === 0 ? <p>You haven&apos;t created any games yet. Click &quot;Create New Game&quot; to start!</p> : null}
      {games.data && games.data.games.length > 0 ? (
        <ShowMoreList
          items={games.data.games}
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
            </li>
          )}
        />
      ) : null}
    </section>
  );
}
