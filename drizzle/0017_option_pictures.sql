-- Issue 31 (decision 038): each of a question's four options may have a picture, its text its description.
-- Four nullable columns, each referencing images, so an image in use is never deleted.
ALTER TABLE "questions" ADD COLUMN "option_image_a" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_image_b" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_image_c" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_image_d" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_a_images_id_fk" FOREIGN KEY ("option_image_a") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_b_images_id_fk" FOREIGN KEY ("option_image_b") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_c_images_id_fk" FOREIGN KEY ("option_image_c") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_image_d_images_id_fk" FOREIGN KEY ("option_image_d") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_option_image_a_idx" ON "questions" USING btree ("option_image_a") WHERE "questions"."option_image_a" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_image_b_idx" ON "questions" USING btree ("option_image_b") WHERE "questions"."option_image_b" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_image_c_idx" ON "questions" USING btree ("option_image_c") WHERE "questions"."option_image_c" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_image_d_idx" ON "questions" USING btree ("option_image_d") WHERE "questions"."option_image_d" is not null;