CREATE TABLE "task_dial_days" (
	"account_id" integer NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"texts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_dial_days_account_id_day_start_pk" PRIMARY KEY("account_id","day_start")
);
