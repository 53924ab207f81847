/**
 * A statement PostgreSQL ends as a deadlock's victim was rolled back whole, so running it again
 * is safe. Our statements lock rows in one order and should never deadlock; this keeps an
 * unforeseen one from reaching a user as a 500.
 */

/** PostgreSQL's SQLSTATE for a statement ended as a deadlock's victim. */
export const DEADLOCK_DETECTED = "40P01";

const isDeadlock = (error: unknown) => (error as { code?: string } | null)?.code === DEADLOCK_DETECTED;

/** Runs `run`, and again (up to `retries` times) while PostgreSQL ends it as a deadlock's victim. */
export async function retriedOnDeadlock<T>(run: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= retries) throw error;
    }
  }
}
