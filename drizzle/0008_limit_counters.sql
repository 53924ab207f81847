-- UNLOGGED: the abuse limits' counters need no crash safety (a lost counter forgives a few
-- minutes of a limit) and should cost no write-ahead log on every join (decision 015).
CREATE UNLOGGED TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_counters_window_ends_idx" ON "limit_counters" USING btree ("window_ends");
