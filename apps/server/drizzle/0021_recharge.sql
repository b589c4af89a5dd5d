CREATE TABLE "company_finance" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"low_balance_threshold" bigint NOT NULL,
	"invoice" jsonb,
	"suspended" boolean DEFAULT false NOT NULL,
	"low_balance_warned" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"pay_url" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "recharge_orders_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "product" text;--> statement-breakpoint
ALTER TABLE "company_finance" ADD CONSTRAINT "company_finance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_orders_company_created" ON "recharge_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_pending" ON "recharge_orders" USING btree ("expires_at") WHERE state = 'pending';