CREATE TABLE "cloud_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"service" text NOT NULL,
	"plan" text NOT NULL,
	"next_plan" text,
	"state" text DEFAULT 'active' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"space_used" bigint DEFAULT 0 NOT NULL,
	"flow_used" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_finance" ADD COLUMN "renewal_warned_for" text;--> statement-breakpoint
ALTER TABLE "cloud_packages" ADD CONSTRAINT "cloud_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_packages" ADD CONSTRAINT "cloud_packages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_packages_open" ON "cloud_packages" USING btree ("device_id","service") WHERE state <> 'closed';--> statement-breakpoint
CREATE INDEX "cloud_packages_company" ON "cloud_packages" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "cloud_packages_due" ON "cloud_packages" USING btree ("period_end") WHERE state <> 'closed';