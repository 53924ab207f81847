ALTER TABLE "questions" DROP CONSTRAINT "questions_four_options";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_correct_answer_range";--> statement-breakpoint
ALTER TABLE "answer_attempts" ADD COLUMN "typed_answer" text;--> statement-breakpoint
ALTER TABLE "answer_attempts" ADD COLUMN "given_order" smallint[];--> statement-breakpoint
ALTER TABLE "progress_answers" ADD COLUMN "typed_answer" text;--> statement-breakpoint
ALTER TABLE "progress_answers" ADD COLUMN "given_order" smallint[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "kind" text DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "fadas_count" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_keys" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_loose_keys" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_image_e" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_image_f" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_e_images_id_fk" FOREIGN KEY ("option_image_e") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_f_images_id_fk" FOREIGN KEY ("option_image_f") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_option_image_e_idx" ON "questions" USING btree ("option_image_e") WHERE "questions"."option_image_e" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_image_f_idx" ON "questions" USING btree ("option_image_f") WHERE "questions"."option_image_f" is not null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_options_of_kind" CHECK (case "questions"."kind"
        when 'choice' then cardinality("questions"."options") = 4 and "questions"."correct_answer" between 0 and 3
        when 'multi' then cardinality("questions"."options") = 4 and "questions"."correct_answer" between 1 and 15
        when 'truefalse' then cardinality("questions"."options") = 0 and "questions"."correct_answer" between 0 and 1
        when 'typed' then cardinality("questions"."options") between 1 and 5 and "questions"."correct_answer" = 0
          and cardinality("questions"."answer_keys") = cardinality("questions"."options") and cardinality("questions"."answer_loose_keys") = cardinality("questions"."options")
        when 'order' then cardinality("questions"."options") between 3 and 6 and "questions"."correct_answer" = 0
        else false end);