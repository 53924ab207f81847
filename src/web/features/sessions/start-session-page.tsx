/** Start Session (/start-session/{gameId}): the game, the number of groups, sound effects, Start Session Now. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { plural } from "../../../shared/format.ts";
import { MAX_GROUPS, MIN_GROUPS } from "../../../shared/session-rules.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { fetchGame, gameQueryKey } from "../../lib/games-api.ts";
import { startSession } from "./sessions-api.ts";
import "../../styles/clues.css";

const GROUP_COUNTS = Array.from({ length: MAX_GROUPS - MIN_GROUPS + 1 }, (_, i) => MIN_GROUPS + i);

export default function StartSessionPage() {
  const { gameId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [groupCount, setGroupCount] = useState(1);
  const [soundEffects, setSoundEffects] = useState(false);
  const [classList, setClassList] = useState("");
  const game = useQuery({ queryKey: gameQueryKey(gameId), queryFn: () => fetchGame(gameId), enabled: Boolean(gameId), retry: false });
  const start = useMutation({
    mutationFn: startSession,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: ["sessions"] });
      navigate(`/session-codes/${id}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!game.data || start.isPending) return;
    start.mutate({ gameId, groupCount, soundEffects, classList });
  };

  const loadError = !gameId
    ? "No game ID provided."
    : game.isError
      ? game.error instanceof ApiError && game.error.status === 404
        ? "Game data could not be read."
        : "Failed to fetch game details."
      : null;

  return (
    <main className="page narrow-wide">
      <p>
        <Link to="/dashboard">← Back to Dashboard</Link>
      </p>
      <h1>Start Session</h1>
      {game.isPending && gameId ? <p role="status">Loading...</p> : null}
      {loadError ? (
        <p role="alert" className="error">
          {loadError}
        </p>
      ) : null}
      {game.data ? (
        <form className="card form" onSubmit={onSubmit}>
          <h2 className="game-title">{game.data.game.title || "Game Title Not Found"}</h2>
          <p>{game.data.game.description || "No description."}</p>
          <p className="meta">{plural(game.data.game.questionCount, "question")}</p>
          <div className="field">
            <label htmlFor="group-count">Number of Groups</label>
            <select id="group-count" value={groupCount} onChange={(e) => setGroupCount(Number(e.target.value))}>
              <SelectOptions values={GROUP_COUNTS} />
            </select>
          </div>
          <div className="checkbox-field">
            <input type="checkbox" id="sound-effects" checked={soundEffects} onChange={(e) => setSoundEffects(e.target.checked)} aria-describedby="sound-effects-hint" />
            <div>
              <label htmlFor="sound-effects">Play sound effects on pupils' devices</label>
              <p className="checkbox-hint" id="sound-effects-hint">
                Short sounds when pupils answer and when they finish. Off unless you turn them on.
              </p>
            </div>
          </div>
          <div className="field">
            <label htmlFor="class-list">Class list (optional)</label>
            <textarea id="class-list" rows={5} value={classList} onChange={(e) => setClassList(e.target.value)} aria-describedby="class-list-hint" />
            <p className="hint-below" id="class-list-hint">
              One first name per line. Pupils then choose their name from this list instead of typing it.
            </p>
          </div>
          {start.isError ? (
            <p role="alert" className="error">
              {start.error instanceof ApiError ? errorMessage(start.error) : "Failed to start session."}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={start.isPending}>
            {start.isPending ? "Starting..." : "Start Session Now"}
          </button>
        </form>
      ) : null}
    </main>
  );
}
