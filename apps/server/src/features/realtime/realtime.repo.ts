import { listenForNotifications, notifyChannel, type Db, type NotificationListener } from '@switchboard/db';

/** The one NOTIFY channel every live update travels on (the inbox's triggers write to it too). */
export const realtimeChannel = 'switchboard_realtime';

export function listenRealtime(
  db: Db,
  onPayload: (payload: string) => void,
  options: { onError?: (error: unknown) => void; onReconnect?: () => void },
): Promise<NotificationListener> {
  return listenForNotifications(db, realtimeChannel, onPayload, options);
}

export function notifyRealtime(db: Db, payload: string): Promise<void> {
  return notifyChannel(db, realtimeChannel, payload);
}
