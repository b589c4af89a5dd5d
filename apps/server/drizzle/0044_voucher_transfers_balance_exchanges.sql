-- Vouchers on the trade-in screen (issue 34; spec §2.4, §3 coupon transfer, §4.3, §6): a company's
-- voucher transfers with a quantity to a cooperating first-level customer, each success or failed,
-- and its exchanges of balance for vouchers under a balance-exchange campaign (the ledger entry of
-- kind voucher_exchange names the exchange).
CREATE TABLE "balance_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"spent_fen" integer NOT NULL,
	"voucher_value_fen" integer NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"to_company_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"value_fen" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"requested_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_exchanges" ADD CONSTRAINT "balance_exchanges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_exchanges" ADD CONSTRAINT "balance_exchanges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_transfers" ADD CONSTRAINT "voucher_transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_transfers" ADD CONSTRAINT "voucher_transfers_to_company_id_companies_id_fk" FOREIGN KEY ("to_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_exchanges_company" ON "balance_exchanges" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "voucher_transfers_company" ON "voucher_transfers" USING btree ("company_id","id");