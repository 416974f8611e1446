CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"event_kind" text NOT NULL,
	"message_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"url" text NOT NULL,
	"event_kinds" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"paused_reason" text,
	"paused_at" timestamp with time zone,
	"secret" text NOT NULL,
	"previous_secret" text,
	"cursor_tx" text NOT NULL,
	"cursor_id" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "webhook_endpoints_paused_reason_ck" CHECK ("webhook_endpoints"."paused_reason" is null or "webhook_endpoints"."paused_reason" in ('manual', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_message_idx" ON "webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_client_idx" ON "webhook_endpoints" USING btree ("client_id","id");