/**
 * Taking a pupil out of a live session (decision 016): the texts the teacher, the removed
 * pupil and that pupil's device read. A child may have done nothing wrong (a mistyped name,
 * a sibling's tablet): the words are calm and blame no one. No imports: any bundle may load it.
 */

export const removalMessages = {
  /** The teacher's confirmation, before anything happens. */
  confirmTitle: (name: string) => `Remove ${name} from this game?`,
  confirmDetail:
    "Their answers will be deleted from the results, and this device will not be able to join this game again. Their screen will say that you took them out of the game.",
  confirmButton: (name: string) => `Remove ${name}`,
  cancelButton: "Cancel",
  /** Said to the teacher (a live region) once it is done. */
  removed: (name: string) => `${name} was taken out of the game.`,
  failed: "Could not remove the student. Please try again.",
  /** The removed pupil's screen. */
  pupilHeading: "Your teacher has taken you out of this game.",
  pupilDetail: "That's OK. If you are not sure why, put up your hand and ask your teacher.",
  /** Answers to the removed pupil's device: its old progress, and a new try at joining the same session. */
  progressRemoved: "Your teacher has taken you out of this game.",
  cannotRejoin: "Your teacher has taken this device out of this game, so it cannot join this game again. Put up your hand and ask your teacher.",
} as const;
