CREATE TABLE "bind_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sn" text NOT NULL,
	"action" text NOT NULL,
	"before" text DEFAULT '' NOT NULL,
	"after" text DEFAULT '' NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"max_devices" integer NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_groups_within_max" CHECK ("device_groups"."devices" >= 0 and "device_groups"."devices" <= "device_groups"."max_devices")
);
--> statement-breakpoint
CREATE TABLE "device_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer,
	"sn" text NOT NULL,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"hardware_version" text NOT NULL,
	"mac" text NOT NULL,
	"gb28181_id" text DEFAULT '' NOT NULL,
	"gb_password_sealed" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"firmware_version" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"last_online_at" timestamp with time zone,
	"last_offline_at" timestamp with time zone,
	"cloud_backup" text DEFAULT 'none' NOT NULL,
	"cloud_video" text DEFAULT 'none' NOT NULL,
	"network_mode" text DEFAULT 'normal' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_sealed" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_status" CHECK ("devices"."status" in ('online', 'offline')),
	CONSTRAINT "devices_network_mode" CHECK ("devices"."network_mode" in ('normal', 'iot_card'))
);
--> statement-breakpoint
CREATE TABLE "factory_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" text NOT NULL,
	"device_code" text NOT NULL,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"hardware_version" text NOT NULL,
	"firmware_version" text NOT NULL,
	"mac" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"production_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factory_units_kind" CHECK ("factory_units"."kind" in ('ipc', 'nvr'))
);
--> statement-breakpoint
ALTER TABLE "bind_records" ADD CONSTRAINT "bind_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_versions" ADD CONSTRAINT "device_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_unit_id_factory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."factory_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bind_records_company_time" ON "bind_records" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bind_records_company_sn" ON "bind_records" USING btree ("company_id","sn","id");--> statement-breakpoint
CREATE INDEX "bind_records_device" ON "bind_records" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_company_name" ON "device_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_unit" ON "devices" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_company_sn" ON "devices" USING btree ("company_id","sn");--> statement-breakpoint
CREATE INDEX "devices_company_name" ON "devices" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "devices_company_model" ON "devices" USING btree ("company_id","model","id");--> statement-breakpoint
CREATE INDEX "devices_company_firmware" ON "devices" USING btree ("company_id","firmware_version","id");--> statement-breakpoint
CREATE INDEX "devices_company_status" ON "devices" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "devices_company_last_online" ON "devices" USING btree ("company_id","last_online_at","id");--> statement-breakpoint
CREATE INDEX "devices_company_bound_at" ON "devices" USING btree ("company_id","bound_at","id");--> statement-breakpoint
CREATE INDEX "devices_group" ON "devices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "devices_company_group" ON "devices" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factory_units_sn" ON "factory_units" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "factory_units_device_code" ON "factory_units" USING btree ("device_code");