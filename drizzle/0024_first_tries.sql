ALTER TABLE "progress_answers" ADD COLUMN "first_selected_option" smallint;--> statement-breakpoint
ALTER TABLE "progress_answers" ADD COLUMN "first_typed_answer" text;--> statement-breakpoint
ALTER TABLE "progress_answers" ADD COLUMN "first_given_order" smallint[];--> statement-breakpoint
-- The answers of before: each question's first try is its earliest kept try (the lowest id).
UPDATE "progress_answers" a
   SET "first_selected_option" = f."selected_option", "first_typed_answer" = f."typed_answer", "first_given_order" = f."given_order"
  FROM (SELECT DISTINCT ON ("progress_id", "question_index") "progress_id", "question_index", "selected_option", "typed_answer", "given_order"
          FROM "answer_attempts" ORDER BY "progress_id", "question_index", "id") f
 WHERE f."progress_id" = a."progress_id" AND f."question_index" = a."question_index";
