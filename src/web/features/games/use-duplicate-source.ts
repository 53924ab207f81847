/**
 * Duplicate Game: the create-game form opened with a source game id in the navigation state.
 * Loads that game, hands it to `fill` once, then forgets the navigation state so that a
 * refresh gives a clean Create New Game.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { gameMessages, type GameDetail } from "../../../shared/games.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { fetchGame, gameQueryKey } from "../../lib/games-api.ts";

/** The source game id passed by 'Duplicate Game', read once: the state is cleared right after. */
function useSourceGameId(): string | null {
  const location = useLocation();
  const [sourceGameId] = useState(() => {
    const id = (location.state as { sourceGameId?: unknown } | null)?.sourceGameId;
    return typeof id === "string" && id ? id : null;
  });
  return sourceGameId;
}

export function useDuplicateSource(fill: (game: GameDetail) => void): { sourceGameId: string | null; loading: boolean; error: string | null } {
  const navigate = useNavigate();
  const location = useLocation();
  const sourceGameId = useSourceGameId();
  const source = useQuery({ queryKey: gameQueryKey(sourceGameId ?? ""), queryFn: () => fetchGame(sourceGameId!), enabled: Boolean(sourceGameId), retry: false });
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    if (sourceGameId && location.state) navigate(location.pathname, { replace: true, state: null });
  }, [sourceGameId, location.state, location.pathname, navigate]);
  const sourceGame: GameDetail | undefined = source.data?.game;
  if (sourceGame && filledFrom !== sourceGame.id) {
    setFilledFrom(sourceGame.id);
    fill(sourceGame);
  }
  const error = source.isError
    ? source.error instanceof ApiError && source.error.status === 404
      ? gameMessages.sourceNotFound
      : `Error fetching source game: ${errorMessage(source.error)}`
    : null;
  return { sourceGameId, loading: Boolean(sourceGameId) && source.isPending, error };
}
