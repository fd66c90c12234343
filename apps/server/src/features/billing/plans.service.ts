import type { BillingDataView, ProductPlanView, SubscriptionStatus } from '@switchboard/contract';
import { subscriptionStatuses } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findBilling, type OrganizationBillingRow } from './billing.repo';
import {
  findAccountLine,
  findPlan,
  listCatalogue,
  listSellerPlans,
  type AccountLine,
  type SubscriptionPlanRow,
} from './plans.repo';

/** Statuses in which the organization holds a subscription (not ended). */
const liveStatuses: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid'];
/** Statuses in which the subscription's benefits (Premium, the plan's prices) apply. */
export const servingStatuses: readonly string[] = ['active', 'trialing', 'past_due'];

export const usdOfCents = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function presentPlan(row: SubscriptionPlanRow): ProductPlanView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerAccountId: row.ownerAccountId,
    visibility: row.visibility,
    premium: row.premium,
    prices: {
      month: { amountCents: row.monthlyCents, amountUsd: usdOfCents(row.monthlyCents) },
      year: { amountCents: row.yearlyCents, amountUsd: usdOfCents(row.yearlyCents) },
    },
    features: row.features,
    productItems: row.productItems as ProductPlanView['productItems'],
  };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function presentBilling(organizationId: number, row: OrganizationBillingRow | null): BillingDataView {
  const status: SubscriptionStatus = subscriptionStatuses.find((known) => known === row?.status) ?? 'none';
  return {
    organizationId,
    productPlanId: row?.productPlanId ?? null,
    term: row?.term ?? null,
    status,
    subscribed: liveStatuses.includes(status),
    canceled: status === 'canceled' || (row?.cancelAtPeriodEnd ?? false),
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    unpaid: status === 'unpaid',
    createdDate: iso(row?.subscribedAt ?? null),
    canceledDate: iso(row?.canceledAt ?? null),
    currentPeriodStart: iso(row?.currentPeriodStart ?? null),
    currentPeriodEnd: iso(row?.currentPeriodEnd ?? null),
    provider: row?.provider ?? null,
    customerId: row?.customerId ?? null,
    subscriptionId: row?.subscriptionId ?? null,
  };
}

export const isLive = (row: OrganizationBillingRow | null) => liveStatuses.includes(row?.status ?? 'none');

async function lineOf(db: Db, accountId: number): Promise<AccountLine> {
  const line = await findAccountLine(db, accountId);
  if (!line) throw new AppError('NOT_FOUND', 'This session has no account to act for');
  return line;
}

/** The organization an account's billing belongs to: itself, or an agent account's organization. */
export async function organizationFor(db: Db, accountId: number): Promise<AccountLine> {
  const line = await lineOf(db, accountId);
  if (line.accountType === 'organization') return line;
  if (line.accountType === 'agent' && line.organizationId !== null) {
    return lineOf(db, line.organizationId);
  }
  throw new AppError(
    'BAD_REQUEST',
    'Plans are subscribed by organizations: act for an organization (targetAccountId) to see or change its plan',
  );
}

export async function productCatalog(db: Db, accountId: number) {
  const plans = await listCatalogue(db, await lineOf(db, accountId));
  return { success: true as const, plans: plans.map(presentPlan) };
}

export async function productCatalogPlan(db: Db, accountId: number, productPlanId: string) {
  const plans = await listCatalogue(db, await lineOf(db, accountId));
  const plan = plans.find((candidate) => candidate.id === productPlanId);
  if (!plan) throw new AppError('NOT_FOUND', `productPlanId: no plan ${productPlanId} in this catalogue`);
  return { success: true as const, plan: presentPlan(plan) };
}

/**
 * What an organization may buy: the public plans of its nearest seller (its reseller, else its partner, else the
 * platform), and the private plan offered to it.
 */
export async function availablePlans(db: Db, organization: AccountLine): Promise<SubscriptionPlanRow[]> {
  let plans: SubscriptionPlanRow[] = [];
  for (const sellerId of organization.lineage.slice(1)) {
    plans = await listSellerPlans(db, sellerId);
    if (plans.length > 0) break;
  }
  if (plans.length === 0) plans = await listSellerPlans(db, null);
  const offered = await offeredPlanOf(db, organization.id);
  return offered && !plans.some((plan) => plan.id === offered.id) ? [offered, ...plans] : plans;
}

async function offeredPlanOf(db: Db, organizationId: number): Promise<SubscriptionPlanRow | null> {
  const billing = await findBilling(db, organizationId);
  if (!billing?.offeredPlanId) return null;
  const plan = await findPlan(db, billing.offeredPlanId);
  return plan?.active ? plan : null;
}

export async function allAvailablePlans(db: Db, accountId: number) {
  const plans = await availablePlans(db, await organizationFor(db, accountId));
  return { success: true as const, plans: plans.map(presentPlan) };
}

export async function offeredPlan(db: Db, accountId: number) {
  const organization = await organizationFor(db, accountId);
  const plan = await offeredPlanOf(db, organization.id);
  return { success: true as const, plan: plan ? presentPlan(plan) : null };
}

export async function currentPlan(db: Db, accountId: number, sandbox: boolean) {
  const organization = await organizationFor(db, accountId);
  const billing = await findBilling(db, organization.id);
  const plan = isLive(billing) && billing?.productPlanId ? await findPlan(db, billing.productPlanId) : null;
  return {
    success: true as const,
    plan: plan ? presentPlan(plan) : null,
    billing: presentBilling(organization.id, billing),
    sandbox,
  };
}
