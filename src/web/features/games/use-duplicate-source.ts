/**
 * Loading a stored game into the editor, once: for Duplicate Game (the source game id in the
 * navigation state) and for Edit Game (the id in the address). `useGameLoader` hands the
 * game to `fill` once; the duplicate flow then forgets the navigation state so that a refresh
 * gives a clean Create New Game.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { libraryMessages } from "../../../shared/games/game-library.ts";
import type { GameDetail } from "../../../shared/games/game-responses.ts";
import { gameMessages } from "../../../shared/games/games.ts";
import type { MessageText } from "../../../shared/i18n/messages.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { fetchGame } from "../../lib/games-api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** The source game id passed by 'Duplicate Game', read once: the state is cleared right after. */
function useSourceGameId(): string | null {
  const location = useLocation();
  const [sourceGameId] = useState(() => {
    const id = (location.state as { sourceGameId?: unknown } | null)?.sourceGameId;
    return typeof id === "string" && id ? id : null;
  });
  return sourceGameId;
}

type Loaded = { loading: boolean; error: MessageText | null; game: GameDetail | undefined };

/** Loads game `gameId` (none: nothing to load) and hands it to `fill` once per game. */
export function useGameLoader(
  gameId: string | null,
  fill: (game: GameDetail) => void,
  messages: { notFound: MessageText; failed: (reason: string) => MessageText },
): Loaded {
  // Always read fresh: an editor must start from what was saved last, not from a cached copy.
  const source = useQuery({
    queryKey: queryKeys.game(gameId ?? ""),
    queryFn: () => fetchGame(gameId!),
    enabled: Boolean(gameId),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const game: GameDetail | undefined = source.data?.game;
  if (game && filledFrom !== game.id) {
    setFilledFrom(game.id);
    fill(game);
  }
  const error = source.isError
    ? source.error instanceof ApiError && source.error.status === 404
      ? messages.notFound
      : messages.failed(errorMessage(source.error))
    : null;
  return { loading: Boolean(gameId) && source.isPending, error, game };
}

export function useDuplicateSource(fill: (game: GameDetail) => void): {
  sourceGameId: string | null;
  loading: boolean;
  error: MessageText | null;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const sourceGameId = useSourceGameId();
  useEffect(() => {
    if (sourceGameId && location.state) navigate(location.pathname, { replace: true, state: null });
  }, [sourceGameId, location.state, location.pathname, navigate]);
  const { loading, error } = useGameLoader(sourceGameId, fill, {
    notFound: gameMessages.sourceNotFound,
    failed: gameMessages.sourceFetchFailed,
  });
  return { sourceGameId, loading, error };
}

/** Edit Game: the game named in the address. */
export function useEditedGame(gameId: string | null, fill: (game: GameDetail) => void) {
  return useGameLoader(gameId, fill, {
    notFound: libraryMessages.gameNotFound,
    failed: libraryMessages.fetchFailed,
  });
}
