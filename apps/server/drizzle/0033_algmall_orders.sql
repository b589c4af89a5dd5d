-- The algorithm mall's orders (issue 31): authorisations a company bought, each charged once by the ledger
-- entry that names its number; the console's request key unique per company makes a purchase sent twice one order.
CREATE TABLE "algmall_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"product_id" integer NOT NULL,
	"purchased" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"price_fen" integer NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algmall_orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "algmall_orders" ADD CONSTRAINT "algmall_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algmall_orders" ADD CONSTRAINT "algmall_orders_product_id_algmall_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."algmall_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "algmall_orders_company_request" ON "algmall_orders" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE INDEX "algmall_orders_company_created" ON "algmall_orders" USING btree ("company_id","created_at");