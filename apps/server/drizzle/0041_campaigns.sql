-- Campaigns (issue 34; spec §1, §2.3 promotion_info and trade_in, §9): the vendor's campaigns as data
-- (window, terms, words in three languages), the old-device models a trade-in accepts (the vendor's
-- own brands marked) and the companies' trade-in applications, credited once by the finance
-- schedule. Carries the spec's two late-2025 campaigns, and the trade-in page's apply button.
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"terms" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_in_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"vouchers" integer NOT NULL,
	"voucher_value_fen" integer NOT NULL,
	"voucher_valid_days" integer NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_in_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"own_brand" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_in_applications" ADD CONSTRAINT "trade_in_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_applications" ADD CONSTRAINT "trade_in_applications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_code" ON "campaigns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trade_in_applications_company" ON "trade_in_applications" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "trade_in_applications_to_credit" ON "trade_in_applications" USING btree ("reviewed_at") WHERE status = 'approved' and credited_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_in_models_brand_model" ON "trade_in_models" USING btree ("brand","model");--> statement-breakpoint
INSERT INTO "campaigns" ("code", "kind", "title", "rules", "starts_at", "ends_at", "terms") VALUES
  ('trade-in-2025', 'trade_in', '{"zh-CN": "旧设备换代金券", "en": "Old devices for vouchers", "zh-TW": "舊設備換代金券"}', '{"zh-CN": "2025 年 10 月 1 日至 12 月 31 日，寄回旧设备即可获得代金券：本品牌设备每台 2 张，其他品牌每台 1 张，每张 10 元。审核通过后 24 小时内到账，可抵扣余额或转给合作的一级客户。", "en": "From 1 October to 31 December 2025, send old devices back and get vouchers: two for each device of our brands, one for any other brand, ¥10 each. Credited within 24 hours of approval; use them for your balance or transfer them to a cooperating first-level customer.", "zh-TW": "2025 年 10 月 1 日至 12 月 31 日，寄回舊設備即可獲得代金券：本品牌設備每台 2 張，其他品牌每台 1 張，每張 10 元。審核通過後 24 小時內到帳，可抵扣餘額或轉給合作的一級客戶。"}', '2025-10-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00', '{"voucher_value_fen": 1000, "own_brand_vouchers": 2, "other_brand_vouchers": 1, "voucher_valid_days": 365, "return_address": "广东省深圳市南山区科技园南区 VAP 回收中心 收件人：以旧换新 电话：400-800-0000", "exchange_fen_per_voucher": null}'),
  ('balance-exchange-2025', 'balance_exchange', '{"zh-CN": "余额兑换代金券", "en": "Balance for vouchers", "zh-TW": "餘額兌換代金券"}', '{"zh-CN": "2025 年 11 月 1 日至 12 月 31 日，每 9 元余额可兑换一张 10 元代金券。", "en": "From 1 November to 31 December 2025, every ¥9 of balance buys a ¥10 voucher.", "zh-TW": "2025 年 11 月 1 日至 12 月 31 日，每 9 元餘額可兌換一張 10 元代金券。"}', '2025-11-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00', '{"voucher_value_fen": 1000, "own_brand_vouchers": 0, "other_brand_vouchers": 0, "voucher_valid_days": 365, "return_address": null, "exchange_fen_per_voucher": 900}')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "trade_in_models" ("brand", "model", "own_brand") VALUES
  ('VAP', 'VAP-IPC200', true),
  ('VAP', 'VAP-IPC400', true),
  ('VAP', 'VAP-PTZ600', true),
  ('VAP', 'VAP-NVR800', true),
  ('VAP', 'VAP-BOX100', true),
  ('Hikvision', 'DS-2CD3T46', false),
  ('Hikvision', 'DS-7608N', false),
  ('Dahua', 'IPC-HFW2431', false),
  ('Dahua', 'NVR4108', false),
  ('Uniview', 'IPC2124', false),
  ('Tiandy', 'TC-C34', false)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "menu_items" ("id", "parent_id", "name", "type", "path", "title", "icon", "is_hidden", "is_disable", "sort") VALUES
  (120201, 1202, 'apply', 'btn', '', 'button.apply', '', false, false, 10)
ON CONFLICT DO NOTHING;
