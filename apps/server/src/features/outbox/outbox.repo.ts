import { desc, eq, outboxMessages, type Db } from '@switchboard/db';
import type { OutboxItem } from '../../providers/shared/outbox-recorder';

export async function insertOutboxMessage(db: Db, item: OutboxItem): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: item.channel,
    to: item.to,
    from: item.from ?? null,
    subject: item.subject ?? null,
    text: item.text,
  });
}

export function listOutboxMessages(db: Db, options: { limit: number; to?: string | undefined }) {
  return db
    .select()
    .from(outboxMessages)
    .where(options.to === undefined ? undefined : eq(outboxMessages.to, options.to))
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit);
}
