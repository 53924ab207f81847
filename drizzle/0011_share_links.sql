ALTER TABLE "games" ADD COLUMN "share_link_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "games_share_link_id_idx" ON "games" USING btree ("share_link_id");