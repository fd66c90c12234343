import {
  and,
  conversationLogs,
  desc,
  eq,
  inArray,
  isNull,
  ledgerAccounts,
  ledgerTransfers,
  lt,
  messages,
  queryRows,
  rooms,
  sql,
  tasks,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type Db,
} from '@switchboard/db';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

const live = isNull(webhookEndpoints.deletedAt);

export async function insertWebhookEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert) {
  const [written] = await db.insert(webhookEndpoints).values(row).returning();
  if (!written) throw new Error('insert returned nothing');
  return written;
}

export async function listWebhookEndpoints(db: Db, accountId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), live))
    .orderBy(webhookEndpoints.id);
}

export async function findWebhookEndpoint(db: Db, id: number): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), live));
  return row ?? null;
}

export async function updateWebhookEndpoint(
  db: Db,
  id: number,
  change: Partial<Pick<WebhookEndpointRow, 'url' | 'label' | 'events' | 'enabled' | 'disabledReason'>>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(change)
    .where(and(eq(webhookEndpoints.id, id), live))
    .returning();
  return row ?? null;
}

/** Removes the endpoint (its rows stay for the record) and drops what was still to be sent to it. */
export async function deleteWebhookEndpoint(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ deletedAt: new Date() }).where(eq(webhookEndpoints.id, id));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'The endpoint was removed', completedAt: new Date() })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  });
}

/** Per endpoint: deliveries still pending, and the newest delivery's status and time. */
export async function deliveryHealth(db: Db, endpointIds: number[]) {
  if (endpointIds.length === 0)
    return new Map<number, { pending: number; last: WebhookDeliveryRow | null }>();
  const pending = await db
    .select({ endpointId: webhookDeliveries.endpointId, count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.endpointId, endpointIds), eq(webhookDeliveries.status, 'pending')))
    .groupBy(webhookDeliveries.endpointId);
  const last = await queryRows<{ endpoint_id: number; id: number | string }>(
    db,
    sql`SELECT DISTINCT ON (endpoint_id) endpoint_id, id FROM webhook_deliveries
        WHERE endpoint_id IN (${sql.join(
          endpointIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY endpoint_id, id DESC`,
  );
  const lastRows = last.length
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.id,
            last.map((row) => Number(row.id)),
          ),
        )
    : [];
  return new Map(
    endpointIds.map((id) => [
      id,
      {
        pending: pending.find((row) => row.endpointId === id)?.count ?? 0,
        last: lastRows.find((row) => row.endpointId === id) ?? null,
      },
    ]),
  );
}

export async function listDeliveries(db: Db, endpointId: number, page: { limit: number; before?: number }) {
  const deliveries = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        page.before === undefined ? undefined : lt(webhookDeliveries.id, page.before),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((row) => row.delivery.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return deliveries.map((row) => ({
    ...row,
    attempts: attempts.filter((attempt) => attempt.deliveryId === row.delivery.id),
  }));
}

export async function findDelivery(db: Db, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function insertReplay(db: Db, original: WebhookDeliveryRow): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: original.endpointId,
      accountId: original.accountId,
      eventId: original.eventId,
      replayOf: original.id,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * Leases the endpoint's next due delivery (lowest id first). Nothing when that delivery is already leased by
 * another worker: one delivery per endpoint is in flight at a time, so first tries leave in the order the events
 * happened.
 */
export async function leaseNextDelivery(
  db: Db,
  endpointId: number,
  leaseSeconds: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await queryRows<{ id: number | string }>(
    db,
    sql`WITH head AS (
          SELECT id FROM webhook_deliveries
          WHERE endpoint_id = ${endpointId} AND status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT 1)
        UPDATE webhook_deliveries d
        SET leased_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
        FROM head
        WHERE d.id = head.id AND d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until < now())
        RETURNING d.id`,
  );
  if (!row) return null;
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, Number(row.id)));
  return delivery ?? null;
}

/** Records one attempt and where the delivery stands after it, together. */
export async function recordAttempt(
  db: Db,
  attempt: typeof webhookAttempts.$inferInsert,
  outcome: {
    status: 'pending' | 'succeeded' | 'failed';
    nextAttemptAt?: Date;
    disableEndpoint?: { id: number; reason: string };
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values(attempt);
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        leasedUntil: null,
        lastStatusCode: attempt.statusCode ?? null,
        lastError: attempt.error ?? null,
        lastDurationMs: attempt.durationMs,
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        ...(outcome.status === 'pending' ? {} : { completedAt: new Date() }),
      })
      .where(eq(webhookDeliveries.id, attempt.deliveryId));
    if (outcome.disableEndpoint) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: outcome.disableEndpoint.reason })
        .where(eq(webhookEndpoints.id, outcome.disableEndpoint.id));
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: outcome.disableEndpoint.reason, completedAt: new Date() })
        .where(
          and(
            eq(webhookDeliveries.endpointId, outcome.disableEndpoint.id),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
    }
  });
}

/** When the endpoint's next pending delivery falls due (null: nothing pending). */
export async function nextDueAt(db: Db, endpointId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  return row?.at ? new Date(row.at) : null;
}

/** Endpoints with a delivery due now and none in flight (what a sweep hands to workers). */
export async function endpointsWithDueDeliveries(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ endpoint_id: number | string }>(
    db,
    sql`SELECT DISTINCT endpoint_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (leased_until IS NULL OR leased_until < now())
        LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.endpoint_id));
}

export async function endpointsOfEvent(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.status, 'pending')));
  return [...new Set(rows.map((row) => row.endpointId))];
}

export async function findEvent(db: Db, id: number): Promise<WebhookEventRow | null> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row ?? null;
}

/** Keeps the payload built at the first delivery (the first writer wins), and answers the one kept. */
export async function saveEventData(db: Db, id: number, data: Record<string, unknown>) {
  await db
    .update(webhookEvents)
    .set({ data })
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.data)));
  return (await findEvent(db, id))?.data ?? data;
}

export async function findConversationLogForEvent(db: Db, id: number) {
  const [row] = await db.select().from(conversationLogs).where(eq(conversationLogs.id, id));
  return row ?? null;
}

export async function findMessageForEvent(db: Db, id: number) {
  const [row] = await db
    .select({ message: messages, contactAddress: rooms.contactAddress, contactName: rooms.contactName })
    .from(messages)
    .innerJoin(rooms, eq(rooms.roomId, messages.roomId))
    .where(eq(messages.id, id));
  return row ?? null;
}

export async function findFirstMessageOfConversation(db: Db, uuid: string) {
  const [row] = await db
    .select({ message: messages, contactAddress: rooms.contactAddress, contactName: rooms.contactName })
    .from(messages)
    .innerJoin(rooms, eq(rooms.roomId, messages.roomId))
    .where(eq(messages.conversationUuid, uuid))
    .orderBy(messages.id)
    .limit(1);
  return row ?? null;
}

export async function findTaskForEvent(db: Db, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

export async function findTransferForEvent(db: Db, id: string) {
  const [row] = await db
    .select({ transfer: ledgerTransfers, accountId: ledgerAccounts.accountId })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.toLedgerAccountId))
    .where(eq(ledgerTransfers.id, id));
  return row ?? null;
}
