ALTER TABLE "terminal_tickets" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "terminal_tickets" ADD COLUMN "language" text DEFAULT 'zh-CN' NOT NULL;