CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_duration_ms" integer,
	"replay_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"source_id" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_account_id_idx" ON "api_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","status","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_id_idx" ON "webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_type_source_key" ON "webhook_events" USING btree ("type","source_id");--> statement-breakpoint
-- Event webhooks: a trigger on each record that makes an event writes the event, and one delivery per endpoint
-- that asked for it (the account's own or an ancestor's), in the same transaction as the record; nothing is
-- written when no endpoint listens. Workers hear the NOTIFY and deliver.
CREATE OR REPLACE FUNCTION switchboard_webhook_event(p_account integer, p_type text, p_source text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event bigint;
BEGIN
  IF p_account IS NULL OR NOT EXISTS (
    SELECT 1 FROM webhook_endpoints e JOIN accounts a ON a.id = p_account
    WHERE e.enabled AND e.deleted_at IS NULL AND e.events ? p_type
      AND e.account_id IN (a.id, a.partner_id, a.reseller_id, a.organization_id)) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (account_id, type, source_id) VALUES (p_account, p_type, p_source)
    ON CONFLICT (type, source_id) DO NOTHING RETURNING id INTO v_event;
  IF v_event IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id)
    SELECT e.id, e.account_id, v_event FROM webhook_endpoints e JOIN accounts a ON a.id = p_account
    WHERE e.enabled AND e.deleted_at IS NULL AND e.events ? p_type
      AND e.account_id IN (a.id, a.partner_id, a.reseller_id, a.organization_id)
    ORDER BY e.id;
  PERFORM pg_notify('switchboard_webhooks', v_event::text);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_webhook_conversation_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM switchboard_webhook_event(NEW.account_id, 'conversation.ended', NEW.id::text);
  IF NEW.channel IN ('voice', 'phone') THEN
    PERFORM switchboard_webhook_event(NEW.account_id, 'call.ended', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_logs_webhook_events AFTER INSERT ON conversation_logs
  FOR EACH ROW EXECUTE FUNCTION switchboard_webhook_conversation_log();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_webhook_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.conversation_uuid IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM messages m WHERE m.conversation_uuid = NEW.conversation_uuid AND m.id <> NEW.id) THEN
    PERFORM switchboard_webhook_event(NEW.account_id, 'conversation.started', NEW.conversation_uuid::text);
  END IF;
  IF NEW.direction = 'inbound' AND NEW.author = 'contact' THEN
    PERFORM switchboard_webhook_event(NEW.account_id, 'message.received', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_webhook_events AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION switchboard_webhook_message();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_webhook_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IN ('finished', 'errored') AND NEW.state IS DISTINCT FROM OLD.state THEN
    -- A requeued task that finishes again is a new event: the source names the try.
    PERFORM switchboard_webhook_event(NEW.account_id, 'task.finished',
      NEW.id::text || ':' || jsonb_array_length(NEW.attempts)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_webhook_events AFTER UPDATE ON tasks
  FOR EACH ROW EXECUTE FUNCTION switchboard_webhook_task();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_webhook_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IN ('top_up', 'payment') AND NEW.status = 'posted' THEN
    PERFORM switchboard_webhook_event(
      (SELECT la.account_id FROM ledger_accounts la WHERE la.id = NEW.to_ledger_account_id),
      'payment.received', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_webhook_events AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION switchboard_webhook_payment();
