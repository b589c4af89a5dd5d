-- The device list's `like` filters on names and serials (issue 30): a pattern that few devices match
-- is found through the trigrams of its text, rather than by testing it on every device of the
-- company (100,000 devices: 450 ms a page on PGlite). pg_trgm is a trusted extension (PostgreSQL 13
-- and later: the database's owner may create it) and PGlite ships it (core/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "devices_name_trgm" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_sn_trgm" ON "devices" USING gin ("sn" gin_trgm_ops);
