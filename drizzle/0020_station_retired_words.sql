CREATE TABLE "station_retired_words" (
	"game_id" uuid NOT NULL,
	"word_key" text NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_retired_words_game_id_word_key_pk" PRIMARY KEY("game_id","word_key")
);
--> statement-breakpoint
ALTER TABLE "station_retired_words" ADD CONSTRAINT "station_retired_words_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;