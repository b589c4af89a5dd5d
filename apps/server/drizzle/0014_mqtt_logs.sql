CREATE TABLE "mqtt_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"log" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"client_id" text NOT NULL,
	"username" text NOT NULL,
	"kind" text NOT NULL,
	"event" text,
	"topic" text,
	"qos" integer,
	"retain" boolean,
	"size" integer,
	"payload" text,
	"direction" text,
	"ip" text,
	"transport" text,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "mqtt_logs_company_log_at" ON "mqtt_logs" USING btree ("company_id","log","at");