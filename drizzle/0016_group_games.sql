-- Issue 30 (decision 036): each group of a session plays a game of its own. Existing groups play
-- their session's game at its version and count, as before.
ALTER TABLE "session_groups" ADD COLUMN "game_id" uuid;--> statement-breakpoint
ALTER TABLE "session_groups" ADD COLUMN "question_version" integer;--> statement-breakpoint
ALTER TABLE "session_groups" ADD COLUMN "question_count" integer;--> statement-breakpoint
UPDATE "session_groups" sg SET "game_id" = s."game_id", "question_version" = s."question_version", "question_count" = s."question_count"
FROM "game_sessions" s WHERE s."id" = sg."session_id";--> statement-breakpoint
ALTER TABLE "session_groups" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "session_groups" ALTER COLUMN "question_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "session_groups" ALTER COLUMN "question_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_groups_game_version_idx" ON "session_groups" USING btree ("game_id","question_version");
