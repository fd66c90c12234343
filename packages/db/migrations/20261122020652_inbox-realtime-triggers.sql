-- Live updates: every write to the conversation records announces itself on one channel, with ids only (NOTIFY
-- payloads are capped at 8 KB); each server process listens and loads what its viewers need.
CREATE OR REPLACE FUNCTION switchboard_notify_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('switchboard_realtime', json_build_object(
    'kind', 'message',
    'accountId', NEW.account_id,
    'organizationId', (SELECT r.organization_id FROM rooms r WHERE r.room_id = NEW.room_id),
    'roomId', NEW.room_id,
    'id', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_notify_realtime AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION switchboard_notify_message();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_notify_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW IS NOT DISTINCT FROM OLD THEN
      RETURN NULL;
    END IF;
    -- A message's own touch of its room (preview, time, unread count) travels with the message event.
    IF NEW.last_message_at IS DISTINCT FROM OLD.last_message_at
      AND ROW(NEW.inbox, NEW.inbox_pinned, NEW.attention, NEW.spam, NEW.ai_agent_enabled, NEW.closed_at,
              NEW.blocked, NEW.rating, NEW.reaction, NEW.contact_name, NEW.current_uuid)
        IS NOT DISTINCT FROM
          ROW(OLD.inbox, OLD.inbox_pinned, OLD.attention, OLD.spam, OLD.ai_agent_enabled, OLD.closed_at,
              OLD.blocked, OLD.rating, OLD.reaction, OLD.contact_name, OLD.current_uuid) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('switchboard_realtime', json_build_object(
    'kind', 'room',
    'accountId', NEW.account_id,
    'organizationId', NEW.organization_id,
    'roomId', NEW.room_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_notify_realtime AFTER INSERT OR UPDATE ON rooms
  FOR EACH ROW EXECUTE FUNCTION switchboard_notify_room();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION switchboard_notify_inbox_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('switchboard_realtime', json_build_object(
    'kind', 'notification',
    'accountId', NEW.account_id,
    'organizationId', (SELECT r.organization_id FROM rooms r WHERE r.room_id = NEW.room_id),
    'roomId', NEW.room_id,
    'id', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_notifications_notify_realtime AFTER INSERT OR UPDATE ON inbox_notifications
  FOR EACH ROW EXECUTE FUNCTION switchboard_notify_inbox_notification();
