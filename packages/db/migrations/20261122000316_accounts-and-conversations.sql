CREATE SEQUENCE "public"."principal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY DEFAULT nextval('principal_id_seq') NOT NULL,
	"account_type" text NOT NULL,
	"parent_id" integer,
	"partner_id" integer,
	"reseller_id" integer,
	"organization_id" integer,
	"username" text NOT NULL,
	"name" text,
	"email" text,
	"phone_number" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_links_position" text,
	"profile_image" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_details" text,
	"deleted_at" timestamp with time zone,
	"vida_premium" boolean DEFAULT false NOT NULL,
	"vida_phone_number" text,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"external_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY DEFAULT nextval('principal_id_seq') NOT NULL,
	"account_id" integer,
	"email" text,
	"phone_number" text,
	"name" text,
	"super_admin" boolean DEFAULT false NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"identifier" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"request_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"account_id" integer NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"agent_id" integer,
	"organization_id" integer,
	"reseller_id" integer,
	"partner_id" integer,
	"timestamp" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"from_number" text,
	"to_number" text,
	"cnam" text,
	"room_id" text,
	"direction" text NOT NULL,
	"transfer" text,
	"call_id" text,
	"channel" text NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"appointment_booked" boolean DEFAULT false NOT NULL,
	"collected_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"greeting_latency_ms" integer,
	"turn_latencies_ms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"usage" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"conversation_uuid" uuid,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"room_id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"contact_profile_id" integer NOT NULL,
	"contact_address" text NOT NULL,
	"contact_name" text,
	"channel" text DEFAULT 'sms' NOT NULL,
	"inbox" text DEFAULT 'agent' NOT NULL,
	"ai_agent_enabled" boolean DEFAULT true NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"current_uuid" uuid,
	"rating" smallint,
	"reaction" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"unit" text NOT NULL,
	"quantity" bigint NOT NULL,
	"conversation_uuid" uuid,
	"idempotency_key" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"subject" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_room_id_rooms_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("room_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_key" ON "accounts" USING btree ("username");--> statement-breakpoint
CREATE INDEX "accounts_parent_id_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_organization_id_idx" ON "accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "accounts_reseller_id_idx" ON "accounts" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "accounts_partner_id_idx" ON "accounts" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "accounts_external_account_id_idx" ON "accounts" USING btree ("external_account_id");--> statement-breakpoint
CREATE INDEX "memberships_account_id_idx" ON "memberships" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_token_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_id_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_identifier_idx" ON "verification_codes" USING btree ("identifier","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_request_ip_idx" ON "verification_codes" USING btree ("request_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_logs_uuid_key" ON "conversation_logs" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "conversation_logs_account_timestamp_idx" ON "conversation_logs" USING btree ("account_id","timestamp");--> statement-breakpoint
CREATE INDEX "conversation_logs_organization_timestamp_idx" ON "conversation_logs" USING btree ("organization_id","timestamp");--> statement-breakpoint
CREATE INDEX "conversation_logs_reseller_timestamp_idx" ON "conversation_logs" USING btree ("reseller_id","timestamp");--> statement-breakpoint
CREATE INDEX "conversation_logs_partner_timestamp_idx" ON "conversation_logs" USING btree ("partner_id","timestamp");--> statement-breakpoint
CREATE INDEX "messages_room_created_at_idx" ON "messages" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_account_created_at_idx" ON "messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_uuid_idx" ON "messages" USING btree ("conversation_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_account_contact_key" ON "rooms" USING btree ("account_id","contact_address");--> statement-breakpoint
CREATE INDEX "rooms_account_last_message_idx" ON "rooms" USING btree ("account_id","inbox","last_message_at");--> statement-breakpoint
CREATE INDEX "rooms_organization_id_idx" ON "rooms" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_idempotency_key" ON "usage_events" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "usage_events_account_occurred_at_idx" ON "usage_events" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at");