CREATE TABLE "removed_pupils" (
	"progress_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "removed_pupils" ADD CONSTRAINT "removed_pupils_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "removed_pupils_session_device_idx" ON "removed_pupils" USING btree ("session_id","device_id");