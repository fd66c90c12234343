CREATE TABLE "job_effects" (
	"job_id" text NOT NULL,
	"step" text NOT NULL,
	"attempt_id" text NOT NULL,
	"state" text NOT NULL,
	"result" jsonb,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "job_effects_job_id_step_pk" PRIMARY KEY("job_id","step")
);
--> statement-breakpoint
CREATE INDEX "job_effects_claimed_at_idx" ON "job_effects" USING btree ("claimed_at");