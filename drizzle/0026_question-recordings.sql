ALTER TABLE "questions" ADD COLUMN "recording_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "clue_recording_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_a" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_b" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_c" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_d" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_e" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_recording_f" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_clue_recording_id_recordings_id_fk" FOREIGN KEY ("clue_recording_id") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_a_recordings_id_fk" FOREIGN KEY ("option_recording_a") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_b_recordings_id_fk" FOREIGN KEY ("option_recording_b") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_c_recordings_id_fk" FOREIGN KEY ("option_recording_c") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_d_recordings_id_fk" FOREIGN KEY ("option_recording_d") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_e_recordings_id_fk" FOREIGN KEY ("option_recording_e") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_recording_f_recordings_id_fk" FOREIGN KEY ("option_recording_f") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_recording_idx" ON "questions" USING btree ("recording_id") WHERE "questions"."recording_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_clue_recording_idx" ON "questions" USING btree ("clue_recording_id") WHERE "questions"."clue_recording_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_a_idx" ON "questions" USING btree ("option_recording_a") WHERE "questions"."option_recording_a" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_b_idx" ON "questions" USING btree ("option_recording_b") WHERE "questions"."option_recording_b" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_c_idx" ON "questions" USING btree ("option_recording_c") WHERE "questions"."option_recording_c" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_d_idx" ON "questions" USING btree ("option_recording_d") WHERE "questions"."option_recording_d" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_e_idx" ON "questions" USING btree ("option_recording_e") WHERE "questions"."option_recording_e" is not null;--> statement-breakpoint
CREATE INDEX "questions_option_recording_f_idx" ON "questions" USING btree ("option_recording_f") WHERE "questions"."option_recording_f" is not null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_clue_recording_has_clue" CHECK ("questions"."clue_recording_id" is null or "questions"."clue" is not null);