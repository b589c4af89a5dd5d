-- Plate recognition (issue 31): the companies' resource packages (a year each, charged once by the ledger
-- entry naming their number), the month's counter of per-call-billed calls whose one-statement increment
-- ranks concurrent calls exactly, and every call that read a plate with how it was paid.
CREATE TABLE "prs_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"day" text NOT NULL,
	"plate" text NOT NULL,
	"plate_type" text NOT NULL,
	"color" text NOT NULL,
	"confidence" real NOT NULL,
	"billing" text NOT NULL,
	"package_id" integer,
	"rank" integer,
	"amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prs_month_counters" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prs_month_counters_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "prs_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"offer" text NOT NULL,
	"calls" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prs_packages_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "prs_calls" ADD CONSTRAINT "prs_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prs_calls" ADD CONSTRAINT "prs_calls_package_id_prs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."prs_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prs_month_counters" ADD CONSTRAINT "prs_month_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prs_packages" ADD CONSTRAINT "prs_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prs_calls_company_at" ON "prs_calls" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "prs_calls_company_month" ON "prs_calls" USING btree ("company_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "prs_packages_company_request" ON "prs_packages" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE INDEX "prs_packages_company_expires" ON "prs_packages" USING btree ("company_id","expires_at");