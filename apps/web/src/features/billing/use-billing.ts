import { billingEndpoints, type BillingDataView, type ProductPlanView } from '@switchboard/contract';
import { useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';

/** The account the plan screens act for: the one the page is about (an agent answers for its organization). */
export function useBillingTarget(): { targetAccountId?: number } {
  const { accountId } = usePathAccount();
  return accountId === null ? {} : { targetAccountId: accountId };
}

/** Every endpoint whose answer changes when the subscription does. */
export const billingQueries = [
  billingEndpoints.currentPlan,
  billingEndpoints.allAvailablePlans,
  billingEndpoints.offeredPlan,
] as const;

export function useCurrentPlan(options: { enabled?: boolean } = {}) {
  return useApiQuery(billingEndpoints.currentPlan, useBillingTarget(), { retry: false, ...options });
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Whole dollars without cents ($49), otherwise two decimals. */
export function formatPlanUsd(amountUsd: string): string {
  const value = Number(amountUsd);
  return Number.isInteger(value) ? `$${value.toLocaleString('en-US')}` : usd.format(value);
}

/** A per-unit price in USD, with as many decimals as it needs ($0.12, $0.0000025). */
export function formatUnitPrice(price: string): string {
  const [whole = '0', decimals = ''] = price.split('.');
  return `$${whole}.${decimals.padEnd(2, '0')}`;
}

/** Large quantities compacted with k or M (spec part 2 §9). */
export const formatQuantity = (value: number) => compact.format(value).replace('K', 'k');

export const termLabel = { month: 'month', year: 'year' } as const;

export function planPrice(plan: ProductPlanView, term: 'month' | 'year'): string {
  return `${formatPlanUsd(plan.prices[term].amountUsd)} / ${termLabel[term]}`;
}

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '—';

/** What the status means for a person, and the colour it shows in. */
export function describeStatus(billing: BillingDataView): { label: string; color: string } {
  if (billing.unpaid) return { label: 'Unpaid', color: 'red' };
  if (billing.status === 'past_due') return { label: 'Payment retrying', color: 'orange' };
  if (billing.cancelAtPeriodEnd && billing.subscribed)
    return { label: 'Ends at period end', color: 'yellow' };
  if (billing.status === 'active' || billing.status === 'trialing') return { label: 'Active', color: 'teal' };
  if (billing.status === 'canceled') return { label: 'Canceled', color: 'gray' };
  return { label: 'No plan', color: 'gray' };
}
