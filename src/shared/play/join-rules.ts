/** What a join accepts: the code as typed, the pupil's name's length (no imports: the join page loads it). */

export const JOIN_CODE_PATTERN = /^[0-9]{6}$/;
export const STUDENT_NAME_MAX_LENGTH = 40;

/** Keep digits only, at most 6: what the join-code field accepts as the child types. */
export const sanitiseJoinCode = (typed: string) => typed.replace(/\D/g, "").slice(0, 6);
