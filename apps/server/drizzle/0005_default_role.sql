ALTER TABLE "roles" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_default" ON "roles" USING btree ("company_id") WHERE "roles"."is_default";--> statement-breakpoint
-- Every company made before this migration gets its default role: the dashboard only. A company
-- that already has a role of that name keeps it, marked default.
UPDATE "roles" SET "is_default" = true
WHERE "name" = '默认角色'
  AND NOT EXISTS (SELECT 1 FROM "roles" AS "other" WHERE "other"."company_id" = "roles"."company_id" AND "other"."is_default");--> statement-breakpoint
INSERT INTO "roles" ("company_id", "name", "menus", "is_default")
SELECT "companies"."id", '默认角色', '{"dashboard": []}'::jsonb, true FROM "companies"
WHERE NOT EXISTS (SELECT 1 FROM "roles" WHERE "roles"."company_id" = "companies"."id" AND "roles"."is_default");
