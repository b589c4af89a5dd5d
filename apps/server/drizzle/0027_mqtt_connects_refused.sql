-- Connects the broker refused that named the company's devices or keys, per minute (issue 28: its MQTT dashboard counts them).
ALTER TABLE "mqtt_stats" ADD COLUMN "connects_refused" integer DEFAULT 0 NOT NULL;
