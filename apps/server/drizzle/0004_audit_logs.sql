CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer NOT NULL,
	"user_phone" text DEFAULT '' NOT NULL,
	"user_nickname" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"access_key_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_company_time" ON "audit_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_company_user_time" ON "audit_logs" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
-- The audit log page (owner only: its routes declare the owner access kind, and no role can be given it).
INSERT INTO "menu_items" ("id", "parent_id", "name", "type", "path", "title", "icon", "is_hidden", "is_disable", "sort") VALUES
  (803, 800, 'system_audit', 'page', 'audit', 'menu.system_audit', '', false, false, 30);
