import { listenForNotifications, type Db, type NotificationListener } from '@switchboard/db';

export type { NotificationListener };

/** The channel on which a send announces `<job type>|<due at, epoch ms>` to every process's consumers. */
export const nudgeChannel = 'job_queue_due';

/** Hears job nudges (in-process on PGlite; on PostgreSQL one dedicated connection, reconnecting after a loss). */
export function listenForNudges(
  db: Db,
  onNudge: (name: string, dueAt: number) => void,
  options: { onError: (error: unknown) => void; onReconnect: () => void },
): Promise<NotificationListener> {
  return listenForNotifications(
    db,
    nudgeChannel,
    (payload) => {
      const separator = payload.lastIndexOf('|');
      onNudge(payload.slice(0, separator), Number(payload.slice(separator + 1)) || Date.now());
    },
    options,
  );
}
