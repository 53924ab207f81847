ALTER TABLE "progress_answers" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Existing answers: their attempts, counted once.
UPDATE "progress_answers" a SET "attempts" = GREATEST(1, (SELECT count(*) FROM "answer_attempts" t WHERE t."progress_id" = a."progress_id" AND t."question_index" = a."question_index"));
