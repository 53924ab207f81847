ALTER TABLE "game_sessions" ADD COLUMN "pupil_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_pupil_language" CHECK ("game_sessions"."pupil_language" in ('en', 'ga'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_language" CHECK ("games"."language" in ('en', 'ga'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language" CHECK ("users"."preferred_language" in ('en', 'ga'));