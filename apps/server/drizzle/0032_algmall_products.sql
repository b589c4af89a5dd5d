-- The algorithm mall's products (issue 31): the vendor's algorithms, loaded by the operator by code.
CREATE TABLE "algmall_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"detail" jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" text NOT NULL,
	"kinds" text[] NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_fen" integer NOT NULL,
	"trial_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "algmall_products_code" ON "algmall_products" USING btree ("code");