-- Real payment gateways (issue 34): a cancelled or expired recharge order of Alipay or WeChat Pay is
-- closed at the gateway too; `gateway_closed_at` says it was, and the finance schedule retries those
-- still open there.
ALTER TABLE "recharge_orders" ADD COLUMN "gateway_closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "recharge_orders_gateway_open" ON "recharge_orders" USING btree ("closed_at") WHERE state in ('cancelled', 'expired') and gateway_closed_at is null and provider <> 'development';