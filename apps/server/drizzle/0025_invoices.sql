CREATE TABLE "invoice_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'invoicing' NOT NULL,
	"details" jsonb NOT NULL,
	"invoice_number" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_orders_invoice" ON "invoice_orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company" ON "invoices" USING btree ("company_id","id");