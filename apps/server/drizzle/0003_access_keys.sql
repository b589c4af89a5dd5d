CREATE TABLE "access_key_nonces" (
	"key_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_key_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "access_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"secret_sealed" text NOT NULL,
	"bandwidth_quarters" integer NOT NULL,
	"is_access_all_group" boolean DEFAULT false NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_key_nonces" ADD CONSTRAINT "access_key_nonces_key_id_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_key_nonces_expires" ON "access_key_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "access_keys_company" ON "access_keys" USING btree ("company_id");