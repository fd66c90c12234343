import {
  accounts,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  ne,
  sql,
  taskLimits,
  tasks,
  type Db,
  type SQL,
} from '@switchboard/db';

export type { TaskDialPolicy, TaskRetryPolicy } from '@switchboard/db';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskLimitsRow = typeof taskLimits.$inferSelect;
export type TaskStateValue = TaskRow['state'];

/** The tasks of an account and of every account below it (an agent account's are its own). */
const inScope = (accountId: number): SQL =>
  sql`${tasks.accountId} IN (SELECT ${accounts.id} FROM ${accounts} WHERE ${accounts.id} = ${accountId}
    OR ${accounts.organizationId} = ${accountId} OR ${accounts.resellerId} = ${accountId}
    OR ${accounts.partnerId} = ${accountId})`;

export interface TaskListQuery {
  scopeAccountId: number;
  limit: number;
  offset: number;
  sort: 'createdAt' | 'updatedAt' | 'scheduledFor';
  order: 'asc' | 'desc';
  state?: TaskStateValue | undefined;
  batchId?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

export async function listTaskRows(
  db: Db,
  query: TaskListQuery,
): Promise<{ rows: TaskRow[]; total: number }> {
  const where = and(
    inScope(query.scopeAccountId),
    query.state === undefined ? ne(tasks.state, 'deleted') : eq(tasks.state, query.state),
    query.batchId === undefined ? undefined : eq(tasks.batchId, query.batchId),
    query.since === undefined ? undefined : gte(tasks.updatedAt, query.since),
    query.until === undefined ? undefined : lte(tasks.updatedAt, query.until),
  );
  const column = tasks[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(tasks)
    .where(where)
    .orderBy(direction(column), direction(tasks.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ total: sql<string>`count(*)` })
    .from(tasks)
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function countTasksByState(
  db: Db,
  scopeAccountId: number,
  batchId: string | undefined,
): Promise<Map<TaskStateValue, number>> {
  const rows = await db
    .select({ state: tasks.state, total: sql<string>`count(*)` })
    .from(tasks)
    .where(and(inScope(scopeAccountId), batchId === undefined ? undefined : eq(tasks.batchId, batchId)))
    .groupBy(tasks.state);
  return new Map(rows.map((row) => [row.state, Number(row.total)]));
}

/** Stores tasks all together or not at all (a CSV upload is never half queued). */
export async function insertTaskRows(db: Db, rows: NewTaskRow[]): Promise<TaskRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const inserted: TaskRow[] = [];
    // Batches keep each statement's parameter count well under PostgreSQL's limit.
    for (let start = 0; start < rows.length; start += 500) {
      inserted.push(
        ...(await tx
          .insert(tasks)
          .values(rows.slice(start, start + 500))
          .returning()),
      );
    }
    return inserted;
  });
}

export async function findTaskRow(db: Db, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

/** The latest text task an agent account sent into a room since `since` (not deleted), newest first. */
export async function findTextTaskOfRoom(
  db: Db,
  accountId: number,
  roomId: string,
  since: Date,
): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.accountId, accountId),
        eq(tasks.type, 'text'),
        eq(tasks.conversationId, roomId),
        ne(tasks.state, 'deleted'),
        gte(tasks.updatedAt, since),
      ),
    )
    .orderBy(desc(tasks.updatedAt))
    .limit(1);
  return row ?? null;
}

// Id only: the tenant check asks who owns a task before any account is trusted.
export async function findTaskOwner(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ accountId: tasks.accountId }).from(tasks).where(eq(tasks.id, id));
  return row?.accountId ?? null;
}

/**
 * Changes a task only while it is in one of `from` (and, with `callId`, still on that call); null when it is not
 * (anymore).
 */
export async function updateTaskRow(
  db: Db,
  id: number,
  from: readonly TaskStateValue[],
  patch: Partial<NewTaskRow>,
  callId?: string | null,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(tasks.id, id),
        inArray(tasks.state, [...from]),
        typeof callId === 'string' ? eq(tasks.callId, callId) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** A due task as the dispatch keys its job. */
export interface DueTaskKey {
  id: number;
  scheduledFor: Date;
}

/**
 * Pending tasks due by `now` (and after `dueAfter`), in id order after `after` (the last id of the page before):
 * what the dialer sends next. Paged by id, not due time: a due time read back in milliseconds may sort before its stored microseconds.
 */
export async function findDueTaskKeys(
  db: Db,
  now: Date,
  limit: number,
  after: number | null = null,
  dueAfter?: Date,
): Promise<DueTaskKey[]> {
  return db
    .select({ id: tasks.id, scheduledFor: tasks.scheduledFor })
    .from(tasks)
    .where(
      and(
        eq(tasks.state, 'pending'),
        lte(tasks.scheduledFor, now),
        after === null ? undefined : gt(tasks.id, after),
        dueAfter === undefined ? undefined : gt(tasks.scheduledFor, dueAfter),
      ),
    )
    .orderBy(asc(tasks.id))
    .limit(limit);
}

/** When the next pending task comes due after `now` (null: none waits). */
export async function findNextDueTime(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: tasks.scheduledFor })
    .from(tasks)
    .where(and(eq(tasks.state, 'pending'), gt(tasks.scheduledFor, now)))
    .orderBy(asc(tasks.scheduledFor))
    .limit(1);
  return row?.at ?? null;
}

export interface AccountNode {
  id: number;
  accountType: 'partner' | 'reseller' | 'organization' | 'agent';
  name: string;
  organizationId: number | null;
  deleted: boolean;
}

const tierOrder = { partner: 0, reseller: 1, organization: 2, agent: 3 } as const;

function toNode(row: typeof accounts.$inferSelect): AccountNode {
  const details = row.details;
  const named = [
    row.name,
    details.agentName,
    details.orgName,
    details.resellerName,
    details.partnerName,
  ].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return {
    id: row.id,
    accountType: row.accountType,
    name: named ?? row.username,
    organizationId: row.organizationId,
    deleted: row.deletedAt !== null,
  };
}

export async function findAccountNodes(db: Db, ids: readonly number[]): Promise<AccountNode[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return rows.map(toNode);
}

/**
 * The account and its ancestors, top first, each with its own limits row when it has one: one statement (the
 * dialer reads it for every task it places).
 */
export async function findLimitChain(
  db: Db,
  accountId: number,
): Promise<{ node: AccountNode; limits: TaskLimitsRow | null }[]> {
  const rows = await db
    .select({ account: accounts, limits: taskLimits })
    .from(accounts)
    .leftJoin(taskLimits, eq(taskLimits.accountId, accounts.id))
    .where(
      sql`${accounts.id} IN (SELECT unnest(ARRAY[chain.partner_id, chain.reseller_id, chain.organization_id,
        chain.parent_id, chain.id]) FROM accounts AS chain WHERE chain.id = ${accountId})`,
    );
  return rows
    .map((row) => ({ node: toNode(row.account), limits: row.limits }))
    .sort((a, b) => tierOrder[a.node.accountType] - tierOrder[b.node.accountType]);
}

export async function upsertTaskLimitRow(db: Db, row: Omit<TaskLimitsRow, 'updatedAt'>): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await db
    .insert(taskLimits)
    .values(values)
    .onConflictDoUpdate({ target: taskLimits.accountId, set: values });
}
