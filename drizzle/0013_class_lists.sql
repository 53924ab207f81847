ALTER TABLE "game_sessions" ADD COLUMN "class_list" text[];
