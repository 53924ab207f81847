/**
 * A question's recordings as the screens receive them, built inside the statement that reads the
 * question (the play state and the answer stay one statement each), as its pictures are
 * (images/picture-sql.ts): addresses only, made from the ids without reading the recordings
 * table. Never the bytes: those come from GET /api/recordings/:id.
 */
import { RECORDING_PATH } from "../../shared/games/recordings.ts";

/** The option recording columns of a question row: one per option or order item, A to F. */
export const OPTION_RECORDING_COLUMNS = [
  "option_recording_a",
  "option_recording_b",
  "option_recording_c",
  "option_recording_d",
  "option_recording_e",
  "option_recording_f",
] as const;

/** The recording columns of `alias` (its text's, its clue's, its options'), to select in a lateral or subquery the readers below read from. */
export const recordingColumnsOf = (alias: string) =>
  [`${alias}.recording_id`, `${alias}.clue_recording_id`, ...OPTION_RECORDING_COLUMNS.map((c) => `${alias}.${c}`)].join(
    ", ",
  );

const optionRecordingColumnsOf = (alias: string) => OPTION_RECORDING_COLUMNS.map((c) => `${alias}.${c}`).join(", ");

/** SQL for the address of the recording in `column` (a uuid column or expression), or null. */
export const recordingSrcSql = (column: string) => `'${RECORDING_PATH}' || ${column}`;

/**
 * SQL for the options' recordings of the question row `alias` as a pupil receives them: an address
 * or null per option (or order item), or null when none has one. Only the kinds whose options are
 * shown: a typed answer's options are its accepted answers, never sent in any form.
 */
export const optionRecordingsSql = (alias: string) =>
  `case when ${alias}.kind in ('choice', 'multi', 'order') and coalesce(${optionRecordingColumnsOf(alias)}) is not null
     then (array[${OPTION_RECORDING_COLUMNS.map((c) => recordingSrcSql(`${alias}.${c}`)).join(", ")}])[1:cardinality(${alias}.options)] end`;

/** SQL for the options' recording ids of the question row `alias` (the teacher's read): an id or null per option, or null when none has one. */
export const optionRecordingIdsSql = (alias: string) =>
  `case when coalesce(${optionRecordingColumnsOf(alias)}) is not null then (array[${optionRecordingColumnsOf(alias)}])[1:cardinality(${alias}.options)] end`;
