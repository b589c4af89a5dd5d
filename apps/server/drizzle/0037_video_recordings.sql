-- Video detail (issue 32): the cloud video recordings devices with a cloud video package upload, one row
-- per device and start; a recording is listed once its object (recording/{company}_{md5}.mp4) is stored.
CREATE TABLE "video_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"path" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_recordings" ADD CONSTRAINT "video_recordings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_recordings" ADD CONSTRAINT "video_recordings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_recordings_device_start" ON "video_recordings" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "video_recordings_company" ON "video_recordings" USING btree ("company_id","started_at");