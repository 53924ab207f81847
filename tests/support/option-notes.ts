/**
 * A game's create body with "why a child might pick this" notes on one question: one entry per
 * option, null (sent as "") for the right option and for a wrong one without a note. The notes
 * are saved through the games API like a teacher's; tests never write them into the database.
 */
export function withOptionNotes<G extends { questions: readonly object[] }>(
  game: G,
  notesByQuestion: Record<number, readonly (string | null)[]>,
): G {
  return {
    ...game,
    questions: game.questions.map((question, index) => {
      const notes = notesByQuestion[index];
      return notes ? { ...question, optionNotes: notes.map((note) => note ?? "") } : question;
    }),
  };
}
