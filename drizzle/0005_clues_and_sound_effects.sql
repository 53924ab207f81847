ALTER TABLE "game_sessions" ADD COLUMN "sound_effects" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "clue" text;