-- Resources (issue 32): the vendor's downloadable files (company null, keyed by code) and the companies' own,
-- each an object of the store with its size and md5; and their share links and the official page's
-- skip-login grants, a random token kept only as its SHA-256, revocable, counting their downloads.
CREATE TABLE "resource_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"resource_id" integer,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"code" text,
	"category" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"version" text NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_links" ADD CONSTRAINT "resource_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_links" ADD CONSTRAINT "resource_links_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_links" ADD CONSTRAINT "resource_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_links_token" ON "resource_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "resource_links_resource" ON "resource_links" USING btree ("resource_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_vendor_code" ON "resources" USING btree ("code") WHERE "resources"."company_id" is null;--> statement-breakpoint
CREATE INDEX "resources_company" ON "resources" USING btree ("company_id","updated_at");