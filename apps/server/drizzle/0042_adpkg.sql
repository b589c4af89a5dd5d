-- Ad packages (issue 32): the companies' layouts of a device's screen with their items (files in the
-- object store and what was read of them), and each package's deliveries to devices, carried by jobs
-- of the task engine.
CREATE TABLE "ad_package_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"device_id" integer,
	"sn" text NOT NULL,
	"job_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"top_share" integer NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_package_deliveries" ADD CONSTRAINT "ad_package_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_package_deliveries" ADD CONSTRAINT "ad_package_deliveries_package_id_ad_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ad_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_packages" ADD CONSTRAINT "ad_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_package_deliveries_package_sn" ON "ad_package_deliveries" USING btree ("package_id","sn");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_package_deliveries_job" ON "ad_package_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "ad_packages_company_created" ON "ad_packages" USING btree ("company_id","created_at");