CREATE TABLE "carrier_events" (
	"carrier" text NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_events_carrier_event_key_pk" PRIMARY KEY("carrier","event_key")
);
--> statement-breakpoint
CREATE TABLE "phone_calls" (
	"call_id" text PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"account_id" integer NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"caller_name" text,
	"status" text NOT NULL,
	"stream_token_hash" text,
	"conversation_uuid" text,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"agent_number" text NOT NULL,
	"contact_number" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "phone_calls_account_created_at_idx" ON "phone_calls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_outs_pair_key" ON "sms_opt_outs" USING btree ("agent_number","contact_number");