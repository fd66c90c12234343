import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { notifyRealtime } from './realtime.repo';

/** NOTIFY payloads are capped at 8000 bytes: events carry ids, and viewers fetch what they show. */
const maxPayloadBytes = 7900;

export interface RealtimeAnnouncement {
  /**
   * What happened: 'contact' (a contact's rooms show another name; ids roomId and contactId), later 'task' or
   * 'call'. The inbox's 'message', 'room' and 'notification' come from triggers.
   */
  kind: string;
  /** The account the event belongs to: its viewers (and its organization's) receive it, nobody else. */
  accountId: number;
  organizationId: number | null;
  ids: Record<string, string | number>;
}

/**
 * Announces an event to every viewer of the account, in every server process (after the surrounding transaction,
 * if any, commits). Use it for records whose writes no trigger announces.
 */
export async function publishRealtimeEvent(db: Db, event: RealtimeAnnouncement): Promise<void> {
  if (['message', 'room', 'notification'].includes(event.kind)) {
    throw new AppError('BAD_REQUEST', `The inbox announces "${event.kind}" events itself`);
  }
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > maxPayloadBytes) {
    throw new AppError('BAD_REQUEST', 'A live update carries ids only: this one is larger than 8 KB');
  }
  await notifyRealtime(db, payload);
}
