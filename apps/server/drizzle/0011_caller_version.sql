CREATE TABLE "caller_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "caller_version_one_row" CHECK ("caller_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "caller_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Raised before the statement, not after: the version row is locked before the statement's own
-- rows, so two transactions that both change callers queue on it instead of deadlocking on each
-- other's rows. A statement that changes nothing still raises it (a needless re-read, never a stale one).
-- The new version is also announced (delivered at commit): the embedded server, the database's only
-- client, learns it from the announcement instead of reading it on every request (auth/caller.ts).
CREATE FUNCTION "raise_caller_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
BEGIN
  UPDATE "caller_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO raised;
  PERFORM pg_notify('caller_version', raised::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new session changes no caller already read (a sign-in must not throw every server's callers away).
CREATE TRIGGER "sessions_raise_caller_version" BEFORE UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_caller_version"();--> statement-breakpoint
CREATE TRIGGER "users_raise_caller_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_caller_version"();--> statement-breakpoint
CREATE TRIGGER "companies_raise_caller_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_caller_version"();--> statement-breakpoint
CREATE TRIGGER "roles_raise_caller_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_caller_version"();
