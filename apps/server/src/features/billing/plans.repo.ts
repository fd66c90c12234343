import {
  accounts,
  and,
  asc,
  eq,
  inArray,
  isNull,
  or,
  planAssignments,
  pricePlans,
  sql,
  subscriptionPlans,
  type Db,
} from '@switchboard/db';

export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect & {
  productItems: Record<string, unknown>;
};

export interface AccountLine {
  id: number;
  accountType: 'partner' | 'reseller' | 'organization' | 'agent';
  name: string;
  email: string | null;
  organizationId: number | null;
  /** The account itself first, then each account above it up to its partner. */
  lineage: number[];
}

const planColumns = {
  id: subscriptionPlans.id,
  ownerAccountId: subscriptionPlans.ownerAccountId,
  name: subscriptionPlans.name,
  description: subscriptionPlans.description,
  monthlyCents: subscriptionPlans.monthlyCents,
  yearlyCents: subscriptionPlans.yearlyCents,
  features: subscriptionPlans.features,
  premium: subscriptionPlans.premium,
  visibility: subscriptionPlans.visibility,
  sortOrder: subscriptionPlans.sortOrder,
  active: subscriptionPlans.active,
  createdAt: subscriptionPlans.createdAt,
  productItems: sql<Record<string, unknown>>`coalesce(${pricePlans.productItems}, '{}'::jsonb)`,
};

const orderPlans = [asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.monthlyCents)] as const;

/** A live account with the ids above it (nearest first), or null. */
export async function findAccountLine(db: Db, accountId: number): Promise<AccountLine | null> {
  const [account] = await db
    .select({
      id: accounts.id,
      accountType: accounts.accountType,
      name: accounts.name,
      username: accounts.username,
      email: accounts.email,
      organizationId: accounts.organizationId,
      parentId: accounts.parentId,
      displayName: sql<
        string | null
      >`coalesce(${accounts.details}->>'orgName', ${accounts.details}->>'resellerName', ${accounts.details}->>'partnerName', ${accounts.details}->>'agentName')`,
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deletedAt)));
  if (!account) return null;
  const lineage = [account.id];
  let parentId = account.parentId;
  for (let depth = 0; parentId !== null && depth < 8; depth += 1) {
    lineage.push(parentId);
    const [parent] = await db
      .select({ parentId: accounts.parentId })
      .from(accounts)
      .where(eq(accounts.id, parentId));
    parentId = parent?.parentId ?? null;
  }
  return {
    id: account.id,
    accountType: account.accountType,
    name: account.name ?? account.displayName ?? account.username,
    email: account.email,
    organizationId: account.organizationId,
    lineage,
  };
}

/**
 * The catalogue a partner or reseller sees: the platform's plans, its own and its ancestors', and those of the
 * accounts below it (a partner sees its resellers' plans). Never a sibling reseller's.
 */
export async function listCatalogue(db: Db, line: AccountLine): Promise<SubscriptionPlanRow[]> {
  const below = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(eq(accounts.partnerId, line.id), eq(accounts.resellerId, line.id)));
  return db
    .select(planColumns)
    .from(subscriptionPlans)
    .leftJoin(pricePlans, eq(pricePlans.id, subscriptionPlans.id))
    .where(
      and(
        eq(subscriptionPlans.active, true),
        or(
          isNull(subscriptionPlans.ownerAccountId),
          inArray(subscriptionPlans.ownerAccountId, line.lineage),
          inArray(subscriptionPlans.ownerAccountId, below),
        ),
      ),
    )
    .orderBy(...orderPlans);
}

/** The active public plans of one seller (null: the platform). */
export async function listSellerPlans(db: Db, ownerAccountId: number | null): Promise<SubscriptionPlanRow[]> {
  return db
    .select(planColumns)
    .from(subscriptionPlans)
    .leftJoin(pricePlans, eq(pricePlans.id, subscriptionPlans.id))
    .where(
      and(
        eq(subscriptionPlans.active, true),
        eq(subscriptionPlans.visibility, 'public'),
        ownerAccountId === null
          ? isNull(subscriptionPlans.ownerAccountId)
          : eq(subscriptionPlans.ownerAccountId, ownerAccountId),
      ),
    )
    .orderBy(...orderPlans);
}

export async function findPlan(db: Db, id: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db
    .select(planColumns)
    .from(subscriptionPlans)
    .leftJoin(pricePlans, eq(pricePlans.id, subscriptionPlans.id))
    .where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

export type PlanInsert = Omit<typeof subscriptionPlans.$inferInsert, 'sortOrder' | 'createdAt'> & {
  productItems: Record<string, unknown>;
};

/** A seller's new plan: its subscription plan and its usage prices (the price plan of the same id), last in order. */
export async function insertPlan(db: Db, plan: PlanInsert & { ownerAccountId: number }): Promise<void> {
  const { productItems, ...row } = plan;
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ next: sql<number>`count(*)::int` })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.ownerAccountId, plan.ownerAccountId));
    await tx.insert(pricePlans).values({
      id: plan.id,
      name: plan.name,
      ownerAccountId: plan.ownerAccountId,
      isDefault: false,
      productItems,
    });
    await tx.insert(subscriptionPlans).values({ ...row, sortOrder: order?.next ?? 0 });
  });
}

export type PlanChange = Partial<
  Omit<typeof subscriptionPlans.$inferInsert, 'id' | 'ownerAccountId' | 'createdAt'>
>;

/** Writes the fields given to the plan and its usage prices, together. */
export async function savePlan(
  db: Db,
  id: string,
  change: PlanChange,
  productItems: Record<string, unknown> | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(change).length > 0)
      await tx.update(subscriptionPlans).set(change).where(eq(subscriptionPlans.id, id));
    const priceChange = {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(productItems ? { productItems } : {}),
    };
    if (Object.keys(priceChange).length > 0)
      await tx.update(pricePlans).set(priceChange).where(eq(pricePlans.id, id));
  });
}

/** Puts an account on a price plan (a reseller on its partner's wholesale plan). */
export async function assignPricePlan(db: Db, accountId: number, planId: string): Promise<void> {
  await db
    .insert(planAssignments)
    .values({ accountId, planId })
    .onConflictDoUpdate({ target: planAssignments.accountId, set: { planId, assignedAt: new Date() } });
}
