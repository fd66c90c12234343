import {
  and,
  desc,
  eq,
  forwardingChecks,
  gt,
  lte,
  sandboxCallForwarding,
  users,
  type Db,
} from '@switchboard/db';

export type ForwardingCheckRow = typeof forwardingChecks.$inferSelect;

export async function insertForwardingCheck(
  db: Db,
  values: {
    accountId: number;
    cellNumber: string;
    agentNumber: string;
    callerNumber: string;
    deadline: Date;
  },
): Promise<ForwardingCheckRow> {
  const [row] = await db.insert(forwardingChecks).values(values).returning();
  if (!row) throw new Error('a forwarding check was not written');
  return row;
}

export async function setCheckCallId(db: Db, id: number, callId: string): Promise<void> {
  await db.update(forwardingChecks).set({ callId }).where(eq(forwardingChecks.id, id));
}

/** Ends a check that is still calling; false when it had already ended. */
export async function settleCheck(
  db: Db,
  id: number,
  outcome: { status: 'verified' } | { status: 'failed'; failure: string },
): Promise<boolean> {
  const rows = await db
    .update(forwardingChecks)
    .set({ ...outcome, settledAt: new Date() })
    .where(and(eq(forwardingChecks.id, id), eq(forwardingChecks.status, 'calling')))
    .returning({ id: forwardingChecks.id });
  return rows.length > 0;
}

/** The checks still calling whose test call comes from `from` and should arrive at `to`. */
export async function findCallingChecks(db: Db, from: string, to: string): Promise<ForwardingCheckRow[]> {
  return db
    .select()
    .from(forwardingChecks)
    .where(
      and(
        eq(forwardingChecks.status, 'calling'),
        eq(forwardingChecks.callerNumber, from),
        eq(forwardingChecks.agentNumber, to),
        gt(forwardingChecks.deadline, new Date()),
      ),
    );
}

export async function findCheckByCallId(db: Db, callId: string): Promise<ForwardingCheckRow | null> {
  const [row] = await db.select().from(forwardingChecks).where(eq(forwardingChecks.callId, callId));
  return row ?? null;
}

export async function latestCheck(db: Db, accountId: number): Promise<ForwardingCheckRow | null> {
  const [row] = await db
    .select()
    .from(forwardingChecks)
    .where(eq(forwardingChecks.accountId, accountId))
    .orderBy(desc(forwardingChecks.startedAt), desc(forwardingChecks.id))
    .limit(1);
  return row ?? null;
}

export async function latestVerifiedCheck(db: Db, accountId: number): Promise<ForwardingCheckRow | null> {
  const [row] = await db
    .select()
    .from(forwardingChecks)
    .where(and(eq(forwardingChecks.accountId, accountId), eq(forwardingChecks.status, 'verified')))
    .orderBy(desc(forwardingChecks.settledAt), desc(forwardingChecks.id))
    .limit(1);
  return row ?? null;
}

/** Checks of the account still calling past their deadline. */
export async function overdueChecks(db: Db, accountId: number): Promise<ForwardingCheckRow[]> {
  return db
    .select()
    .from(forwardingChecks)
    .where(
      and(
        eq(forwardingChecks.accountId, accountId),
        eq(forwardingChecks.status, 'calling'),
        lte(forwardingChecks.deadline, new Date()),
      ),
    );
}

/** Where the sandbox network forwards a cell's calls, or null. */
export async function sandboxForwardTarget(db: Db, cellNumber: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(sandboxCallForwarding)
    .where(eq(sandboxCallForwarding.cellNumber, cellNumber));
  return row?.forwardTo ?? null;
}

export async function setSandboxForwardTarget(db: Db, cellNumber: string, forwardTo: string | null) {
  if (forwardTo === null) {
    await db.delete(sandboxCallForwarding).where(eq(sandboxCallForwarding.cellNumber, cellNumber));
    return;
  }
  await db
    .insert(sandboxCallForwarding)
    .values({ cellNumber, forwardTo })
    .onConflictDoUpdate({ target: sandboxCallForwarding.cellNumber, set: { forwardTo, setAt: new Date() } });
}

/** The person's verified phone number (their sign-in number), or null. */
export async function userPhoneNumber(db: Db, userId: number): Promise<string | null> {
  const [user] = await db.select({ phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, userId));
  return user?.phoneNumber ?? null;
}
