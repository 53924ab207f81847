/**
 * A tablet several children of a group share (decision 048) as SQL for the statements that embed it.
 * Its children are the progress rows of one group and one device with a place in its turn order
 * (`seat`); a child alone on a device has none, so statements guarded by `seat is not null` read
 * nothing more for them.
 */

/**
 * Whose turn it is on the tablet of `progress`, as a lateral join named `turn` (`turn.id`,
 * `turn.student_name`): the rule of shared/play/tablet-turns.ts turnOf, the child furthest behind
 * and of those the first added; no row once every child has finished.
 */
export const tabletTurnJoinSql = (progress: string) =>
  `left join lateral (
     select t.id, t.student_name from student_progress t
     where t.group_id = ${progress}.group_id and t.student_id = ${progress}.student_id and t.seat is not null
       and t.completed_at is null
     order by t.completed_questions_count, t.seat limit 1
   ) turn on ${progress}.seat is not null`;

/**
 * The other children of the tablet of `target` at the same place as it (the same next station on
 * the group's route), as `student_progress` rows `s`: a find made on the tablet is theirs too.
 */
export const tabletSiblingsAtSamePlaceSql = (target: string) =>
  `student_progress s
   where ${target}.seat is not null and s.group_id = ${target}.group_id and s.student_id = ${target}.student_id
     and s.seat is not null and s.id <> ${target}.id and s.completed_questions_count = ${target}.completed_questions_count`;
