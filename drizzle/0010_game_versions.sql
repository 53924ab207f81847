-- Decision 017: a game's questions are versioned; a session keeps the version it started with.
-- Existing games, their questions and their sessions are all version 1, so sessions started
-- before this migration still show the questions they were asked.
ALTER TABLE "questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "question_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "question_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_game_id_position_pk";--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_game_id_version_position_pk" PRIMARY KEY("game_id","version","position");
--> statement-breakpoint
CREATE INDEX "game_sessions_game_version_idx" ON "game_sessions" USING btree ("game_id","question_version");
