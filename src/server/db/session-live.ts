/**
 * The "session is live" rule (SPEC section 4), written once as SQL: a session accepts joins,
 * answers and help requests while it is active and within its maxDuration. Every query that
 * needs it embeds these fragments, so that the rule is judged by the database's clock alone.
 * `alias` names the `game_sessions` row in the query.
 */
import { sql } from "drizzle-orm";

/**
 * The moment a session stops being live: its maxDuration (minutes) after its start, or, for a
 * homework session (decision 041), its closing time, before or after that.
 */
export const sessionExpirySql = (alias: string) =>
  `coalesce(${alias}.closes_at, ${alias}.start_time + make_interval(mins => ${alias}.max_duration))`;

export const sessionIsLiveSql = (alias: string) =>
  `(${alias}.status = 'active' and ${sessionExpirySql(alias)} > now())`;

/** The rule as a Drizzle column, for queries that select from `game_sessions` under its own name. */
export const gameSessionIsLive = sql<boolean>`${sql.raw(sessionIsLiveSql(`"game_sessions"`))}`;
