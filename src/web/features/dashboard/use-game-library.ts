/**
 * The dashboard's game library: the teacher's games (one list, archived ones flagged), and
 * archive, restore and delete, each telling the teacher what happened in one sentence.
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { libraryMessages } from "../../../shared/games/game-library.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { type MessageText, msg, type Text } from "../../../shared/i18n/messages.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { deleteGame, fetchGames, setGameArchived } from "../../lib/games-api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** `text` is shown through t(): a key, or a key with values. */
export type LibraryNotice = { kind: "success" | "error"; text: Text | MessageText };

export function useGames(archived: boolean) {
  return useQuery({
    queryKey: queryKeys.games,
    queryFn: fetchGames,
    select: (r) => r.games.filter((g) => g.archived === archived),
  });
}

export type LibraryActions = ReturnType<typeof useLibraryActions>;

export function useLibraryActions() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<LibraryNotice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.games });
  const failed = (error: unknown) =>
    setNotice({ kind: "error", text: msg("library.error", { reason: errorMessage(error) }) });

  const archive = useMutation({
    mutationFn: (game: GameSummary) => setGameArchived({ id: game.id, archived: !game.archived }),
    onSuccess: async (_result, game) => {
      setNotice({
        kind: "success",
        text: game.archived ? libraryMessages.restored(game.title) : libraryMessages.archived(game.title),
      });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (game: GameSummary) => deleteGame(game.id),
    onSuccess: async (result, game) => {
      setNotice({
        kind: "success",
        text:
          result.outcome === "deleted"
            ? libraryMessages.deleted(game.title)
            : libraryMessages.archivedInsteadOfDeleted(game.title),
      });
      await refresh();
    },
    onError: failed,
  });
  return { notice, setNotice, archive, remove, busy: archive.isPending || remove.isPending };
}
