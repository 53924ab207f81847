CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"sha256" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "images_owner_sha256_idx" ON "images" USING btree ("owner_id","sha256");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_image_idx" ON "questions" USING btree ("image_id") WHERE "questions"."image_id" is not null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_has_alt" CHECK (("questions"."image_id" is null) = ("questions"."image_alt" is null));