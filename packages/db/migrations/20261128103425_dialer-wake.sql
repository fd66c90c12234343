-- The dialer acts when a task becomes due instead of at its next sweep: writes that make a task pending announce
-- the earliest due time they wrote (one notification per statement, epoch ms), and a call of a running task that
-- ends, or whose conversation log is written, announces 'settle' (its try can be closed and its line is free).
CREATE OR REPLACE FUNCTION switchboard_notify_tasks_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due timestamptz;
BEGIN
  SELECT min(scheduled_for) INTO due FROM written_tasks WHERE state = 'pending';
  IF due IS NOT NULL THEN
    PERFORM pg_notify('dialer_wake', floor(extract(epoch FROM due) * 1000)::bigint::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_insert_notify_dialer AFTER INSERT ON tasks REFERENCING NEW TABLE AS written_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION switchboard_notify_tasks_due();
--> statement-breakpoint
CREATE TRIGGER tasks_update_notify_dialer AFTER UPDATE ON tasks REFERENCING NEW TABLE AS written_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION switchboard_notify_tasks_due();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_notify_task_call() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM tasks WHERE call_id = NEW.call_id AND state = 'running') THEN
    PERFORM pg_notify('dialer_wake', 'settle');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER phone_calls_ended_notify_dialer AFTER UPDATE OF status ON phone_calls
  FOR EACH ROW WHEN (NEW.status IN ('completed', 'busy', 'no-answer', 'failed', 'canceled')
    AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION switchboard_notify_task_call();
--> statement-breakpoint
CREATE TRIGGER conversation_logs_call_notify_dialer AFTER INSERT ON conversation_logs
  FOR EACH ROW WHEN (NEW.call_id IS NOT NULL)
  EXECUTE FUNCTION switchboard_notify_task_call();
