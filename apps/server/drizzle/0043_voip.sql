-- Internet telephony (issue 33): extensions with their digest credentials (HA1, never the password),
-- call centers and their agents in order, the dial records Kamailio accounts, and Kamailio's own
-- registration table (usrloc, version 9) and version table, prefixed kam_.
CREATE TABLE "kam_location" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruid" varchar(64) DEFAULT '' NOT NULL,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"domain" varchar(64),
	"contact" varchar(512) DEFAULT '' NOT NULL,
	"received" varchar(128),
	"path" varchar(512),
	"expires" timestamp DEFAULT '2030-05-28 21:32:15' NOT NULL,
	"q" real DEFAULT 1 NOT NULL,
	"callid" varchar(255) DEFAULT 'Default-Call-ID' NOT NULL,
	"cseq" integer DEFAULT 1 NOT NULL,
	"last_modified" timestamp DEFAULT '2000-01-01 00:00:01' NOT NULL,
	"flags" integer DEFAULT 0 NOT NULL,
	"cflags" integer DEFAULT 0 NOT NULL,
	"user_agent" varchar(255) DEFAULT '' NOT NULL,
	"socket" varchar(64),
	"methods" integer,
	"instance" varchar(255),
	"reg_id" integer DEFAULT 0 NOT NULL,
	"server_id" integer DEFAULT 0 NOT NULL,
	"connection_id" integer DEFAULT 0 NOT NULL,
	"keepalive" integer DEFAULT 0 NOT NULL,
	"partition" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kam_location_ruid_idx" UNIQUE("ruid")
);
--> statement-breakpoint
CREATE TABLE "kam_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" varchar(32) NOT NULL,
	"table_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kam_version_table_name_idx" UNIQUE("table_name")
);
--> statement-breakpoint
CREATE TABLE "voip_call_center_agents" (
	"call_center_id" integer NOT NULL,
	"extension_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "voip_call_center_agents_call_center_id_extension_id_pk" PRIMARY KEY("call_center_id","extension_id")
);
--> statement-breakpoint
CREATE TABLE "voip_call_centers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dial_id" text NOT NULL,
	"name" text NOT NULL,
	"strategy" text NOT NULL,
	"max_wait" integer NOT NULL,
	"ring_timeout" integer NOT NULL,
	"delay_no_answer" integer DEFAULT 0 NOT NULL,
	"delay_busy" integer DEFAULT 0 NOT NULL,
	"delay_reject" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voip_call_centers_strategy" CHECK ("voip_call_centers"."strategy" in ('ring_all', 'top_down', 'round_robin', 'longest_idle', 'random')),
	CONSTRAINT "voip_call_centers_max_wait" CHECK ("voip_call_centers"."max_wait" between 0 and 600),
	CONSTRAINT "voip_call_centers_ring_timeout" CHECK ("voip_call_centers"."ring_timeout" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "voip_dial_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"call_id" text NOT NULL,
	"caller" text NOT NULL,
	"callee" text NOT NULL,
	"call_center_id" integer,
	"call_center_dial_id" text,
	"agent" text,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"result" text NOT NULL,
	CONSTRAINT "voip_dial_records_result" CHECK ("voip_dial_records"."result" in ('answered', 'no_answer', 'busy', 'cancelled', 'failed', 'queue_timeout'))
);
--> statement-breakpoint
CREATE TABLE "voip_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dial_id" text NOT NULL,
	"domain" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"device_sn" text,
	"ha1" text NOT NULL,
	"ha1b" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voip_extensions_kind" CHECK ("voip_extensions"."kind" in ('device', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "voip_call_center_agents" ADD CONSTRAINT "voip_call_center_agents_call_center_id_voip_call_centers_id_fk" FOREIGN KEY ("call_center_id") REFERENCES "public"."voip_call_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_call_center_agents" ADD CONSTRAINT "voip_call_center_agents_extension_id_voip_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."voip_extensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_call_centers" ADD CONSTRAINT "voip_call_centers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_dial_records" ADD CONSTRAINT "voip_dial_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_dial_records" ADD CONSTRAINT "voip_dial_records_call_center_id_voip_call_centers_id_fk" FOREIGN KEY ("call_center_id") REFERENCES "public"."voip_call_centers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voip_extensions" ADD CONSTRAINT "voip_extensions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kam_location_account_contact_idx" ON "kam_location" USING btree ("username","domain","contact");--> statement-breakpoint
CREATE INDEX "kam_location_expires_idx" ON "kam_location" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "kam_location_tcpcon_idx" ON "kam_location" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "kam_location_connection_idx" ON "kam_location" USING btree ("server_id","connection_id");--> statement-breakpoint
CREATE INDEX "voip_call_center_agents_extension" ON "voip_call_center_agents" USING btree ("extension_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voip_call_centers_company_dial_id" ON "voip_call_centers" USING btree ("company_id","dial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voip_dial_records_call_id" ON "voip_dial_records" USING btree ("company_id","call_id");--> statement-breakpoint
CREATE INDEX "voip_dial_records_company_started" ON "voip_dial_records" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voip_extensions_company_dial_id" ON "voip_extensions" USING btree ("company_id","dial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voip_extensions_dial_id_domain" ON "voip_extensions" USING btree ("dial_id","domain");--> statement-breakpoint
CREATE INDEX "voip_extensions_company_kind" ON "voip_extensions" USING btree ("company_id","kind","created_at");--> statement-breakpoint
-- Kamailio refuses a table whose version row is missing or different.
INSERT INTO "kam_version" ("table_name", "table_version") VALUES ('kam_version', 1), ('kam_location', 9);
