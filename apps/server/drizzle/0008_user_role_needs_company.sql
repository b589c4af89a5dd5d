ALTER TABLE "users" ALTER COLUMN "role_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role_id" DROP NOT NULL;--> statement-breakpoint
-- Accounts signed up or detached before this migration carry role 0 without a company: no role.
UPDATE "users" SET "role_id" = NULL WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_with_company" CHECK (("users"."company_id" is null) = ("users"."role_id" is null));