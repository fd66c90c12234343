import type { Db } from '../../platform/database';
import type { OutboxRecorder } from '../../providers/shared/outbox-recorder';
import { insertOutboxMessage, listOutboxMessages } from './outbox.repo';

/** The recorder the sandbox mail and SMS providers write through. */
export function outboxRecorder(db: Db): OutboxRecorder {
  return (item) => insertOutboxMessage(db, item);
}

export async function listOutbox(db: Db, options: { limit: number; to?: string | undefined }) {
  const rows = await listOutboxMessages(db, options);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}
