/**
 * Delete with a confirmation, in a modal dialog (the browser's <dialog>: focus kept inside,
 * Escape cancels). A game with sessions is archived instead, and the dialog says so before.
 */
import { useEffect, useRef } from "react";
import { libraryMessages } from "../../../shared/game-library.ts";
import type { GameSummary } from "../../../shared/games.ts";

export function DeleteGameDialog({ game, onConfirm, onCancel }: { game: GameSummary | null; onConfirm: (game: GameSummary) => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (game && !element.open) element.showModal();
    if (!game && element.open) element.close();
  }, [game]);
  const title = game?.title || "Untitled Game";
  const played = (game?.sessionCount ?? 0) > 0;
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-game-heading" aria-describedby="delete-game-text" onClose={onCancel}>
      <h2 id="delete-game-heading">{played ? "Archive this game instead?" : "Delete this game?"}</h2>
      <p id="delete-game-text">{game ? (played ? libraryMessages.deleteConfirmWithSessions(title, game.sessionCount) : libraryMessages.deleteConfirm(title)) : null}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={played ? "button" : "button button-danger"} onClick={() => game && onConfirm(game)}>
          {played ? "Archive Game" : "Delete Game"}
        </button>
      </div>
    </dialog>
  );
}
