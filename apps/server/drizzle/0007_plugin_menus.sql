ALTER TABLE "menu_items" ADD COLUMN "plugin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "removed" boolean DEFAULT false NOT NULL;