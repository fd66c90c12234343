CREATE TABLE "admin_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"target_account_id" integer,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_events_created_idx" ON "admin_audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_events_target_idx" ON "admin_audit_events" USING btree ("target_account_id");--> statement-breakpoint
-- The super admin's audit trail is append-only: no change or removal of a written row, by anyone.
CREATE OR REPLACE FUNCTION switchboard_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_events is append-only: % is not allowed', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_events_append_only BEFORE UPDATE OR DELETE ON admin_audit_events
  FOR EACH ROW EXECUTE FUNCTION switchboard_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_audit_events_no_truncate BEFORE TRUNCATE ON admin_audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION switchboard_audit_append_only();
