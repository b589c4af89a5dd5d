ALTER TABLE "companies" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
-- Companies from before plans keep what they had: the remote terminal (spec §6); new ones start free.
UPDATE "companies" SET "plan" = 'standard';
