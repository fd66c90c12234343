CREATE TABLE "do_not_call" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_dials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"type" text NOT NULL,
	"target" text NOT NULL,
	"dialed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "waiting_reason" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "waiting_detail" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "call_id" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "dial_policy" jsonb;--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_organization_id_accounts_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_org_number_key" ON "do_not_call" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE INDEX "task_dials_account_dialed_at_idx" ON "task_dials" USING btree ("account_id","dialed_at");--> statement-breakpoint
CREATE INDEX "task_dials_target_idx" ON "task_dials" USING btree ("target","dialed_at");--> statement-breakpoint
CREATE INDEX "tasks_call_idx" ON "tasks" USING btree ("call_id");