/**
 * A group's children taking turns on one tablet (decision 048): the children who joined a group on
 * one device. Each is a pupil of their own (their own progress, answers and tries); the tablet
 * moves on when every child has answered its question right. No imports: pupils load it.
 */

/** At most this many children share one tablet. */
export const TABLET_MAX_PLAYERS = 6;

/** What the turn rule reads of each child on a tablet. */
export type TurnCandidate = {
  progressId: string;
  /** The child's place in the turn order: the order they were added to the tablet (0 first). */
  seat: number;
  /** Questions answered right: on screen the question the child is at, around the room the station along the route. */
  completedQuestionsCount: number;
  completed: boolean;
};

/**
 * Whose turn it is: the tablet is at the question (or station) of the child furthest behind, and of
 * the children at it the first added answers first. A child added late catches up alone first.
 * Null when every child has finished. The answer statement says the same in SQL
 * (`tabletTurnSql` in server/play/tablet-sql.ts).
 */
export function turnOf<T extends TurnCandidate>(players: readonly T[]): T | null {
  let turn: T | null = null;
  for (const player of players) {
    if (player.completed) continue;
    if (
      turn === null ||
      player.completedQuestionsCount < turn.completedQuestionsCount ||
      (player.completedQuestionsCount === turn.completedQuestionsCount && player.seat < turn.seat)
    )
      turn = player;
  }
  return turn;
}

/**
 * Whose turn it is once `current` has answered its question right (the hand-over names them):
 * the first added of the children still at that question, else the first of the next; null when
 * that answer finished the tablet's hunt.
 */
export function nextInTurn<T extends TurnCandidate>(
  players: readonly T[],
  current: T,
  questionCount: number,
): T | null {
  return turnOf(
    players.map((p) => {
      if (p.progressId !== current.progressId) return p;
      const completedQuestionsCount = p.completedQuestionsCount + 1;
      return { ...p, completedQuestionsCount, completed: completedQuestionsCount >= questionCount };
    }),
  );
}
