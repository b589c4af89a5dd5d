CREATE TABLE "mqtt_stats" (
	"company_id" integer NOT NULL,
	"node" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"device_clients" integer NOT NULL,
	"user_clients" integer NOT NULL,
	"subscriptions" integer NOT NULL,
	"messages_in" integer NOT NULL,
	"messages_out" integer NOT NULL,
	CONSTRAINT "mqtt_stats_company_id_minute_node_pk" PRIMARY KEY("company_id","minute","node")
);
--> statement-breakpoint
CREATE INDEX "mqtt_stats_minute" ON "mqtt_stats" USING btree ("minute");