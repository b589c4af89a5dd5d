-- Uploads of large objects in parts, resumable (issue 32): one unfinished upload per object path, and
-- the parts that have arrived with their ETags, recorded by the server as the bucket may list none.
-- Hologram parking (issue 32): the companies' screen-display schemes of parking sites with their scheme
-- files, and each scheme's deliveries to devices, carried by jobs of the task engine.
CREATE TABLE "object_upload_parts" (
	"upload_id" text NOT NULL,
	"number" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "object_upload_parts_upload_id_number_pk" PRIMARY KEY("upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "object_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"backend_id" text NOT NULL,
	"staging" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hologram_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"scheme_id" integer NOT NULL,
	"device_id" integer,
	"sn" text NOT NULL,
	"job_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hologram_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"site" text NOT NULL,
	"file" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"screens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "object_upload_parts" ADD CONSTRAINT "object_upload_parts_upload_id_object_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."object_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_uploads" ADD CONSTRAINT "object_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hologram_deliveries" ADD CONSTRAINT "hologram_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hologram_deliveries" ADD CONSTRAINT "hologram_deliveries_scheme_id_hologram_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."hologram_schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hologram_schemes" ADD CONSTRAINT "hologram_schemes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "object_uploads_path" ON "object_uploads" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "hologram_deliveries_scheme_sn" ON "hologram_deliveries" USING btree ("scheme_id","sn");--> statement-breakpoint
CREATE UNIQUE INDEX "hologram_deliveries_job" ON "hologram_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "hologram_schemes_company_created" ON "hologram_schemes" USING btree ("company_id","created_at");