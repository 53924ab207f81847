/**
 * Delete with a confirmation (the shared ConfirmDialog). A game with sessions is archived
 * instead, and the dialog says so before the teacher confirms.
 */
import { libraryMessages } from "../../../shared/game-library.ts";
import type { GameSummary } from "../../../shared/games.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";

export function DeleteGameDialog({ game, onConfirm, onCancel }: { game: GameSummary | null; onConfirm: (game: GameSummary) => void; onCancel: () => void }) {
  const title = game?.title || "Untitled Game";
  const played = (game?.sessionCount ?? 0) > 0;
  return (
    <ConfirmDialog
      open={game !== null}
      title={played ? "Archive this game instead?" : "Delete this game?"}
      confirmLabel={played ? "Archive Game" : "Delete Game"}
      cancelLabel="Cancel"
      onConfirm={() => game && onConfirm(game)}
      onCancel={onCancel}
    >
      <p>{game ? (played ? libraryMessages.deleteConfirmWithSessions(title, game.sessionCount) : libraryMessages.deleteConfirm(title)) : null}</p>
    </ConfirmDialog>
  );
}
