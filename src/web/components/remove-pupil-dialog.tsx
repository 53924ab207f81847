/**
 * "Remove Aoife from this game?": the teacher's side of taking a pupil out of a live session
 * (decision 016), shared by the codes page and the results page. `ask(pupil)` opens the
 * confirmation; once done, `status` says so (a live region) and the page re-reads.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { Message } from "../../shared/i18n/messages.ts";
import { removalMessages } from "../../shared/sessions/pupil-removal.ts";
import { useT } from "../lib/i18n/language.tsx";
import { removePupil } from "../lib/pupil-removal-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export type PupilToRemove = { progressId: string; name: string };

export function usePupilRemoval(sessionId: string, onRemoved: () => void) {
  const [pupil, setPupil] = useState<PupilToRemove | null>(null);
  const [done, setDone] = useState<Message | null>(null);
  const t = useT();
  const removal = useMutation({
    mutationFn: (target: PupilToRemove) => removePupil(sessionId, target.progressId),
    onSuccess: (_result, target) => {
      setDone(removalMessages.removed(target.name));
      setPupil(null);
      onRemoved();
    },
  });
  const cancel = () => {
    setPupil(null);
    removal.reset();
  };

  const dialog = (
    <ConfirmDialog
      open={pupil !== null}
      title={pupil ? t(removalMessages.confirmTitle(pupil.name)) : ""}
      confirmLabel={pupil ? t(removalMessages.confirmButton(pupil.name)) : ""}
      cancelLabel={t(removalMessages.cancelButton)}
      busy={removal.isPending}
      error={removal.isError ? t(removalMessages.failed) : null}
      onConfirm={() => pupil && removal.mutate(pupil)}
      onCancel={cancel}
    >
      <p>{t(removalMessages.confirmDetail)}</p>
    </ConfirmDialog>
  );
  const status = (
    <p role="status" className="success removal-status">
      {done ? t(done) : null}
    </p>
  );
  return {
    ask: (target: PupilToRemove) => {
      setDone(null);
      removal.reset();
      setPupil(target);
    },
    dialog,
    status,
  };
}
