CREATE TABLE "session_names" (
	"session_id" uuid NOT NULL,
	"name_key" text NOT NULL,
	"student_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_names_session_id_name_key_pk" PRIMARY KEY("session_id","name_key")
);
--> statement-breakpoint
ALTER TABLE "session_names" ADD CONSTRAINT "session_names_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_names" ADD CONSTRAINT "session_names_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;