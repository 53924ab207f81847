-- Pupils are no longer accounts (decision 014): student_id holds the signed device id of
-- auth/pupil-device.ts, with no users row behind it.
ALTER TABLE "session_names" DROP CONSTRAINT "session_names_student_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "student_progress" DROP CONSTRAINT "student_progress_student_id_users_id_fk";
