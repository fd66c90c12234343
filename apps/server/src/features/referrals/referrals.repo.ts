import {
  accounts,
  and,
  asc,
  contacts,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  memberships,
  or,
  referralInvites,
  sql,
  users,
  walletRewards,
  type Db,
} from '@switchboard/db';

export type ReferralInviteRow = typeof referralInvites.$inferSelect;

export async function insertInvite(db: Db, values: typeof referralInvites.$inferInsert) {
  const [row] = await db.insert(referralInvites).values(values).returning();
  if (!row) throw new Error('The invitation was not recorded');
  return row;
}

export async function countInvitesSince(db: Db, accountId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referralInvites)
    .where(and(eq(referralInvites.accountId, accountId), gte(referralInvites.createdAt, since)));
  return row?.n ?? 0;
}

export async function listInvites(db: Db, accountId: number) {
  return db
    .select()
    .from(referralInvites)
    .where(eq(referralInvites.accountId, accountId))
    .orderBy(desc(referralInvites.createdAt))
    .limit(200);
}

export async function listReferralRewards(db: Db, accountId: number) {
  return db
    .select()
    .from(walletRewards)
    .where(
      and(
        eq(walletRewards.accountId, accountId),
        sql`${walletRewards.metadata} ->> 'referralInviteId' IS NOT NULL`,
      ),
    )
    .orderBy(desc(walletRewards.createdAt))
    .limit(200);
}

/** The account's own addresses and those of the people who own it: what an invitation to it was sent to. */
export async function addressesOf(db: Db, accountId: number) {
  const [account] = await db
    .select({
      email: accounts.email,
      phoneNumber: accounts.phoneNumber,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return null;
  const owners = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isOwner, true)));
  const addresses = new Set<string>();
  for (const row of [account, ...owners]) {
    if (row.email) addresses.add(row.email.toLowerCase());
    if (row.phoneNumber) addresses.add(row.phoneNumber);
  }
  return { addresses: [...addresses], createdAt: account.createdAt };
}

/** The oldest unrewarded invitation to one of the addresses, sent before the account existed, by another account. */
export async function findInviteFor(db: Db, accountId: number, addresses: string[], joinedAt: Date) {
  if (addresses.length === 0) return null;
  const [row] = await db
    .select()
    .from(referralInvites)
    .where(
      and(
        inArray(referralInvites.target, addresses),
        isNull(referralInvites.rewardId),
        sql`${referralInvites.createdAt} <= ${joinedAt.toISOString()}::timestamptz`,
        sql`${referralInvites.accountId} <> ${accountId}`,
        // One reward per invited account, however many invited it.
        sql`NOT EXISTS (SELECT 1 FROM referral_invites r WHERE r.invited_account_id = ${accountId})`,
      ),
    )
    .orderBy(asc(referralInvites.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Earns the reward of one invitation: the reward row and the invitation's link to it are written together, and
 * only while the invitation has none, so two payments arriving at once earn it once.
 */
export async function earnInviteReward(db: Db, invite: ReferralInviteRow, invitedAccountId: number) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [claimed] = await tx
      .update(referralInvites)
      .set({ invitedAccountId, rewardedAt: new Date(), rewardId: -1 })
      .where(
        and(
          eq(referralInvites.id, invite.id),
          isNull(referralInvites.rewardId),
          sql`NOT EXISTS (SELECT 1 FROM referral_invites r WHERE r.invited_account_id = ${invitedAccountId})`,
        ),
      )
      .returning({ id: referralInvites.id });
    if (!claimed) return null;
    const [reward] = await tx
      .insert(walletRewards)
      .values({
        accountId: invite.accountId,
        amountUnits: invite.rewardUnits,
        reason: `Referral reward: ${invite.target} joined and paid`,
        metadata: { referralInviteId: invite.id, invitedAccountId },
      })
      .returning();
    if (!reward) throw new Error('The reward was not recorded');
    await tx.update(referralInvites).set({ rewardId: reward.id }).where(eq(referralInvites.id, invite.id));
    return reward;
  });
}

/** Contacts of the account with an email or phone number, and whether each was invited already. */
export async function listInvitableContacts(db: Db, accountId: number) {
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phoneNumber: contacts.phoneNumber,
    })
    .from(contacts)
    .where(
      and(eq(contacts.accountId, accountId), or(isNotNull(contacts.email), isNotNull(contacts.phoneNumber))),
    )
    .orderBy(asc(contacts.name))
    .limit(500);
  const invited = new Set(
    (
      await db
        .select({ target: referralInvites.target })
        .from(referralInvites)
        .where(eq(referralInvites.accountId, accountId))
    ).map((row) => row.target),
  );
  return rows.map((row) => ({
    ...row,
    name: [row.name?.trim(), row.email, row.phoneNumber].find((value) => value) ?? 'Contact',
    invited: [row.email?.toLowerCase(), row.phoneNumber].some((value) => value && invited.has(value)),
  }));
}
