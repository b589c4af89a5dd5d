-- The detection lab's trial images (issue 31): PNG or JPEG, at most 2M and 5000x5000, kept an hour and at most
-- ten a company for its detections; the next upload deletes the expired ones.
CREATE TABLE "lvlm_lab_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lvlm_lab_images" ADD CONSTRAINT "lvlm_lab_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lvlm_lab_images_company" ON "lvlm_lab_images" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "lvlm_lab_images_expiry" ON "lvlm_lab_images" USING btree ("expires_at");