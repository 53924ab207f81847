/**
 * Taking a pupil out of a live session (decision 016): the texts the teacher, the removed
 * pupil and that pupil's device read. A child may have done nothing wrong (a mistyped name,
 * a sibling's tablet): the words are calm and blame no one. Catalogue keys; any bundle may load it.
 */
import { type MessageTable, msg } from "../i18n/messages.ts";

export const removalMessages = {
  /** The teacher's confirmation, before anything happens. */
  confirmTitle: (name: string) => msg("sessions.removal.confirmTitle", { name }),
  confirmDetail: "sessions.removal.confirmDetail",
  confirmButton: (name: string) => msg("sessions.removal.confirmButton", { name }),
  cancelButton: "sessions.removal.cancel",
  /** Said to the teacher (a live region) once it is done. */
  removed: (name: string) => msg("sessions.removal.removed", { name }),
  failed: "sessions.removal.failed",
  /** The removed pupil's screen. */
  pupilHeading: "pupil.removed.heading",
  pupilDetail: "pupil.removed.detail",
  /** Answers to the removed pupil's device: its old progress, and a new try at joining the same session. */
  progressRemoved: "pupil.removed.heading",
  cannotRejoin: "pupil.removed.cannotRejoin",
} as const satisfies MessageTable;
