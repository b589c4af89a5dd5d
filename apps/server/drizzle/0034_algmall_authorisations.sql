-- The algorithm mall's authorisations (issue 31): one device's authorisation of a product, online (a job of the task
-- engine carries its licence) or offline (a licence file); the order its authorisation came from, and whether it was given back.
CREATE TABLE "algmall_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"mode" text NOT NULL,
	"product_id" integer NOT NULL,
	"device_id" integer,
	"sn" text NOT NULL,
	"hardware_id" text,
	"job_id" bigint,
	"order_id" integer,
	"returned" boolean DEFAULT false NOT NULL,
	"trial_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "algmall_authorisations" ADD CONSTRAINT "algmall_authorisations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algmall_authorisations" ADD CONSTRAINT "algmall_authorisations_product_id_algmall_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."algmall_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algmall_authorisations" ADD CONSTRAINT "algmall_authorisations_order_id_algmall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."algmall_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "algmall_authorisations_company_created" ON "algmall_authorisations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "algmall_authorisations_job" ON "algmall_authorisations" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "algmall_authorisations_trial" ON "algmall_authorisations" USING btree ("company_id","product_id","sn") WHERE "algmall_authorisations"."trial_until" is not null;