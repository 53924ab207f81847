/**
 * The hunt around the room (decision 031) as SQL fragments, for the hot statements that embed them
 * (the play state, the answer, a find). They say in SQL what shared/stations says in
 * TypeScript: a group's route is its game's questions rotated to start at the group's number
 * (`routeOf`), and the next station is the first on the route not answered right (`nextOnRoute`).
 * `progress` and `group` name the `student_progress` row and its `session_groups` row in the
 * statement: the group's game, its pinned version and question count (decision 036;
 * in a session of one game every group's are the session's).
 */
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";

/** The catalogue's group identifiers in order: a group's number is its place here (1-based). */
const GROUP_ORDER = `array[${GROUP_IDENTIFIERS.map((g) => `'${g}'`).join(", ")}]::text[]`;

/** The question index the pupil's group starts its route at: (group number − 1) mod question count. */
export const routeStartSql = (progress: string, group: string) =>
  `((array_position(${GROUP_ORDER}, ${progress}.group_identifier) - 1) % greatest(${group}.question_count, 1))`;

/**
 * The group's game's questions (alias `q`) in route order, for an ORDER BY: from the route's start to
 * the last question, then from the first (group 3 of 5: 2, 3, 4, 0, 1).
 */
export const routeOrderSql = (progress: string, group: string) =>
  `(q.position < ${routeStartSql(progress, group)}), q.position`;

/** The question `q` was answered right by the pupil. */
export const answeredRightSql = (progress: string) =>
  `exists (select 1 from progress_answers a where a.progress_id = ${progress}.id and a.question_index = q.position and a.is_correct)`;

/** The pupil found the station of the question at `questionIndex` (an SQL expression). */
export const foundSql = (progress: string, questionIndex: string) =>
  `exists (select 1 from station_finds f where f.progress_id = ${progress}.id and f.question_index = ${questionIndex})`;

/** The question index of the pupil's next station (null when every one is answered right). */
export const nextOnRouteSql = (progress: string, group: string) =>
  `(select q.position from questions q
     where q.game_id = ${group}.game_id and q.version = ${group}.question_version and not ${answeredRightSql(progress)}
     order by ${routeOrderSql(progress, group)} limit 1)`;

/**
 * Every station of the group's game's questions for the pupil, as JSON (shared/stations/pupil-hunt.ts's
 * StationRead): its card's number (null for a question whose card is not made yet), where it is
 * hidden, found, answered.
 */
export const stationsJsonSql = (progress: string, group: string) =>
  `(select json_agg(json_build_object(
       'questionIndex', q.position, 'number', c.number, 'hidingPlace', q.hiding_place,
       'found', ${foundSql(progress, "q.position")}, 'answered', ${answeredRightSql(progress)}) order by q.position)
     from questions q left join station_cards c on c.station_key = q.station_key
     where q.game_id = ${group}.game_id and q.version = ${group}.question_version)`;
