/**
 * Delete with a confirmation (the shared ConfirmDialog). A game with sessions is archived
 * instead, and the dialog says so before the teacher confirms.
 */

import { libraryMessages } from "../../../shared/games/game-library.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useT } from "../../lib/i18n/language.tsx";

export function DeleteGameDialog({
  game,
  onConfirm,
  onCancel,
}: {
  game: GameSummary | null;
  onConfirm: (game: GameSummary) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const title = game?.title || t("dashboard.untitled");
  const played = (game?.sessionCount ?? 0) > 0;
  return (
    <ConfirmDialog
      open={game !== null}
      title={t(played ? "dashboard.deleteDialog.archiveTitle" : "dashboard.deleteDialog.deleteTitle")}
      confirmLabel={t(played ? "dashboard.deleteDialog.archiveButton" : "dashboard.deleteDialog.deleteButton")}
      cancelLabel={t("dashboard.cancel")}
      onConfirm={() => game && onConfirm(game)}
      onCancel={onCancel}
    >
      <p>
        {game
          ? t(
              played
                ? libraryMessages.deleteConfirmWithSessions(title, game.sessionCount)
                : libraryMessages.deleteConfirm(title),
            )
          : null}
      </p>
    </ConfirmDialog>
  );
}
