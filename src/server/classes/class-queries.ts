/** Reads of a teacher's saved classes: only ever the teacher's own. */
import { and, desc, eq } from "drizzle-orm";
import {
  type ClassProgressResponse,
  type ClassProgressRow,
  classProgress,
} from "../../shared/classes/class-progress.ts";
import type { SavedClass } from "../../shared/classes/saved-classes.ts";
import type { ClassLevel } from "../../shared/games/curriculum.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { classes } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { fromJson } from "../sessions/session-queries.ts";

const savedClassColumns = {
  id: classes.id,
  name: classes.name,
  level: classes.level,
  names: classes.names,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

type SavedClassRow = {
  id: string;
  name: string;
  level: string | null;
  names: string[];
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** A row as the API presents it (dates as ISO 8601 text). */
export function presentClass(row: SavedClassRow): SavedClass {
  return {
    id: row.id,
    name: row.name,
    level: row.level as ClassLevel | null,
    names: row.names,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The teacher's classes, newest first. */
export async function listClasses(db: Db, teacherId: string): Promise<SavedClass[]> {
  const rows = await db
    .select(savedClassColumns)
    .from(classes)
    .where(eq(classes.teacherId, teacherId))
    .orderBy(desc(classes.createdAt), desc(classes.id));
  return rows.map(presentClass);
}

/** One of the teacher's classes, or null (another teacher's and a missing one alike). */
export async function findClassForTeacher(db: Db, classId: string, teacherId: string): Promise<SavedClass | null> {
  if (!isUuid(classId)) return null;
  const [row] = await db
    .select(savedClassColumns)
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)));
  return row ? presentClass(row) : null;
}

export { savedClassColumns };

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The class and every pupil record of the sessions started with it that are still kept (a session
 * deleted, by its teacher or the retention sweep, takes its records with it): each with its group
 * game, that game question count, and its answers with their question's text, clue, kind and options
 * (the pupil's last answer is shown by kind); an answer ever wrong also with the pupil's first try (kept
 * on the answer's row by its first insert: a wrong one, since the answer was ever wrong) and the
 * question's notes per option. One round trip.
 */
const CLASS_PROGRESS = statement<"classId" | "teacherId">(
  "class_progress",
  `select c.id, c.name, c.names,
     (select coalesce(json_agg(json_build_object(
         'sessionId', s.id, 'startTime', ${iso("s.start_time")}, 'studentName', p.student_name,
         'gameId', sg.game_id, 'gameTitle', g.title, 'questionCount', sg.question_count,
         'completedQuestionsCount', p.completed_questions_count, 'firstAttemptCorrectCount', p.first_attempt_correct_count,
         'helpRequested', p.help_requested,
         'answers', (select coalesce(json_agg(json_build_object(
                        'questionIndex', a.question_index, 'isCorrect', a.is_correct, 'wasEverIncorrect', a.was_ever_incorrect,
                        'questionText', q.question_text, 'clue', q.clue, 'kind', q.kind, 'options', q.options,
                        'selectedOption', a.selected_option, 'typedAnswer', a.typed_answer, 'givenOrder', a.given_order,
                        'first', case when a.was_ever_incorrect and a.first_selected_option is not null then
                                   json_build_object('selectedOption', a.first_selected_option, 'typedAnswer', a.first_typed_answer,
                                                     'givenOrder', a.first_given_order, 'isCorrect', false) end,
                        'optionNotes', case when a.was_ever_incorrect then q.option_notes end)
                        order by a.question_index), '[]')
                     from progress_answers a
                     join questions q on q.game_id = sg.game_id and q.version = sg.question_version and q.position = a.question_index
                     where a.progress_id = p.id))
       order by s.start_time, p.student_name), '[]')
      from game_sessions s
      join student_progress p on p.session_id = s.id
      join session_groups sg on sg.id = p.group_id
      join games g on g.id = sg.game_id
      where s.class_id = c.id and s.host_teacher_id = c.teacher_id) as rows
   from classes c
   where c.id = :classId::uuid and c.teacher_id = :teacherId::text`,
);

/** A class progress for its teacher, or null (another teacher class and a missing one alike). */
export async function findClassProgress(
  db: Db,
  classId: string,
  teacherId: string,
): Promise<ClassProgressResponse | null> {
  if (!isUuid(classId)) return null;
  const [row] = await runStatement<
    { id: string; name: string; names: string[]; rows: ClassProgressRow[] | string },
    "classId" | "teacherId"
  >(db, CLASS_PROGRESS, { classId, teacherId });
  if (!row) return null;
  return { class: { id: row.id, name: row.name }, pupils: classProgress(row.names, fromJson(row.rows)) };
}
