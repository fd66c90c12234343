import { and, desc, eq, or, outboxMessages } from '@switchboard/db';
import type { Db } from '../../platform/database';

/** The texts the sandbox network carried from or to a number, newest first. */
export function textsOfNumber(db: Db, phoneNumber: string, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'sms'),
        or(eq(outboxMessages.to, phoneNumber), eq(outboxMessages.from, phoneNumber)),
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

/** Records a text the sandbox network carried (in its outbox, where the sandbox carrier's texts are). */
export async function recordCarriedText(db: Db, from: string, to: string, text: string) {
  const [row] = await db.insert(outboxMessages).values({ channel: 'sms', from, to, text }).returning();
  if (!row) throw new Error('the sandbox network did not record a text');
  return row;
}
