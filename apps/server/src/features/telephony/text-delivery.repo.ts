import { and, eq, inArray, messages, textDeliveries, type Db } from '@switchboard/db';

export type TextDeliveryRow = typeof textDeliveries.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type TextStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/** Records which carrier text a message became, and sets the message's status. */
export async function recordDelivery(
  db: Db,
  delivery: {
    messageId: number;
    accountId: number;
    carrier: string;
    carrierMessageId: string;
    status: TextStatus;
    errorCode?: string | null;
    errorMessage?: string | null;
  },
): Promise<MessageRow | null> {
  const { status, ...row } = delivery;
  return db.transaction(async (tx) => {
    await tx.insert(textDeliveries).values(row).onConflictDoNothing();
    const [updated] = await tx
      .update(messages)
      .set({ status })
      .where(eq(messages.id, delivery.messageId))
      .returning();
    return updated ?? null;
  });
}

export async function findDelivery(
  db: Db,
  carrier: string,
  carrierMessageId: string,
): Promise<(TextDeliveryRow & { status: MessageRow['status'] }) | null> {
  const [row] = await db
    .select({ delivery: textDeliveries, status: messages.status })
    .from(textDeliveries)
    .innerJoin(messages, eq(messages.id, textDeliveries.messageId))
    .where(and(eq(textDeliveries.carrier, carrier), eq(textDeliveries.carrierMessageId, carrierMessageId)));
  return row ? { ...row.delivery, status: row.status } : null;
}

/** The carrier's later word on a text: the message's new status and, when it failed, the carrier's error. */
export async function updateDelivery(
  db: Db,
  messageId: number,
  change: { status: TextStatus; errorCode: string | null; errorMessage: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(messages).set({ status: change.status }).where(eq(messages.id, messageId));
    await tx
      .update(textDeliveries)
      .set({ errorCode: change.errorCode, errorMessage: change.errorMessage, updatedAt: new Date() })
      .where(eq(textDeliveries.messageId, messageId));
  });
}

/** The carrier's error of each failed text among these messages (by message id); texts without one are left out. */
export async function findCarrierErrors(
  db: Db,
  messageIds: readonly number[],
): Promise<Map<number, { code: string | null; message: string }>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({
      messageId: textDeliveries.messageId,
      errorCode: textDeliveries.errorCode,
      errorMessage: textDeliveries.errorMessage,
    })
    .from(textDeliveries)
    .where(inArray(textDeliveries.messageId, [...messageIds]));
  const errors = new Map<number, { code: string | null; message: string }>();
  for (const row of rows) {
    if (row.errorMessage !== null)
      errors.set(row.messageId, { code: row.errorCode, message: row.errorMessage });
  }
  return errors;
}
