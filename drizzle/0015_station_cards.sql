CREATE TABLE "station_cards" (
	"station_key" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"token" text NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"number" smallint NOT NULL,
	"printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_finds" (
	"progress_id" uuid NOT NULL,
	"question_index" smallint NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_finds_progress_id_question_index_pk" PRIMARY KEY("progress_id","question_index")
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "hunt_mode" text DEFAULT 'screen' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hiding_place" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "station_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "station_cards" ADD CONSTRAINT "station_cards_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_finds" ADD CONSTRAINT "station_finds_progress_id_student_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."student_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "station_cards_token_idx" ON "station_cards" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "station_cards_game_word_idx" ON "station_cards" USING btree ("game_id","word_key");--> statement-breakpoint
CREATE UNIQUE INDEX "station_cards_game_number_idx" ON "station_cards" USING btree ("game_id","number");--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_hunt_mode" CHECK ("game_sessions"."hunt_mode" in ('screen', 'room'));--> statement-breakpoint
-- A station card's updated_at stays true for raw SQL writes too ("New cards" is one UPDATE).
CREATE TRIGGER station_cards_set_updated_at BEFORE UPDATE ON station_cards FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
-- The questions already saved: every version of a game's question at one position is the same
-- question, so it shares one station key (its card), that of the newest version.
UPDATE questions q SET station_key = newest.station_key
FROM (SELECT DISTINCT ON (game_id, position) game_id, position, station_key
      FROM questions ORDER BY game_id, position, version DESC) newest
WHERE q.game_id = newest.game_id AND q.position = newest.position AND q.station_key <> newest.station_key;
