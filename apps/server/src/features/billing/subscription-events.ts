import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type {
  InvoiceSnapshot,
  PaymentEvent,
  SubscriptionSnapshot,
  SubscriptionsProvider,
} from '../../providers/payments/types';
import {
  applyEventOnce,
  findBilling,
  findBillingAccountByProviderIds,
  type BillingChange,
  type EventDecision,
  type OrganizationBillingRow,
} from './billing.repo';
import { createLedger } from '../ledger';
import { settlePaidOverage } from './card-receivable.service';
import { chargeRenewalOverage, type CardInvoice } from './overage.service';
import { servingStatuses } from './plans.service';
import { findAccountLine, findPlan } from './plans.repo';

/** The provider events that move an organization's subscription. */
export const subscriptionEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const date = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

const nothing = (outcome: string): EventDecision => ({ change: null, invoice: null, outcome });

/** A report older than the newest applied never changes the state (webhooks arrive in any order). */
const isStale = (row: OrganizationBillingRow, at: number) =>
  row.stateEventAt !== null && at < row.stateEventAt;

/** Another subscription than the organization's current one (an old one ending late) leaves the state alone. */
const isOtherSubscription = (row: OrganizationBillingRow, subscriptionId: string | null) =>
  row.subscriptionId !== null && subscriptionId !== null && row.subscriptionId !== subscriptionId;

/** The billing data a subscription report sets; `deleted` ends it. */
export function subscriptionChange(
  row: OrganizationBillingRow,
  subscription: SubscriptionSnapshot,
  at: number,
  provider: string,
  deleted = false,
): BillingChange {
  const sameSubscription = row.subscriptionId === subscription.id;
  return {
    provider,
    subscriptionId: subscription.id,
    customerId: subscription.customerId || row.customerId,
    productPlanId: subscription.productPlanId ?? row.productPlanId,
    term: subscription.term ?? row.term,
    status: deleted ? 'canceled' : subscription.status,
    cancelAtPeriodEnd: !deleted && subscription.cancelAtPeriodEnd,
    currentPeriodStart: date(subscription.currentPeriodStart) ?? row.currentPeriodStart,
    currentPeriodEnd: date(subscription.currentPeriodEnd) ?? row.currentPeriodEnd,
    subscribedAt: sameSubscription && row.subscribedAt ? row.subscribedAt : date(subscription.created),
    canceledAt:
      date(subscription.canceledAt ?? subscription.endedAt) ??
      (sameSubscription && (subscription.cancelAtPeriodEnd || deleted) ? row.canceledAt : null),
    ...(sameSubscription ? {} : { cancelReason: null, cancelDetails: null }),
    ...(subscription.card && { cardBrand: subscription.card.brand, cardLast4: subscription.card.last4 }),
    stateEventAt: at,
  };
}

function invoiceDecision(
  row: OrganizationBillingRow,
  invoice: InvoiceSnapshot,
  paid: boolean,
  at: number,
): EventDecision {
  const record = {
    id: invoice.id,
    accountId: row.accountId,
    subscriptionId: invoice.subscriptionId,
    amountCents: paid ? invoice.amountPaidCents : invoice.amountDueCents,
    currency: invoice.currency,
    status: paid ? ('paid' as const) : ('failed' as const),
    attemptCount: invoice.attemptCount,
    periodStart: date(invoice.periodStart),
    periodEnd: date(invoice.periodEnd),
    hostedUrl: invoice.hostedUrl,
    eventAt: at,
  };
  if (isOtherSubscription(row, invoice.subscriptionId)) {
    return { change: null, invoice: record, outcome: 'other-subscription' };
  }
  if (isStale(row, at) || row.status === 'canceled') {
    return { change: null, invoice: record, outcome: 'stale' };
  }
  if (paid) {
    // Paid: the period it covers is served. This is where a renewal's overage will be charged.
    return {
      change: {
        status: 'active',
        subscriptionId: invoice.subscriptionId ?? row.subscriptionId,
        currentPeriodStart: date(invoice.periodStart) ?? row.currentPeriodStart,
        currentPeriodEnd: date(invoice.periodEnd) ?? row.currentPeriodEnd,
        stateEventAt: at,
      },
      invoice: record,
      outcome: 'paid',
    };
  }
  // Stripe retries a failed renewal on its schedule; once none is left the organization is unpaid.
  const status = invoice.nextPaymentAttempt === null ? 'unpaid' : 'past_due';
  return { change: { status, stateEventAt: at }, invoice: record, outcome: status };
}

function decide(event: PaymentEvent, provider: string) {
  return (row: OrganizationBillingRow): EventDecision => {
    const at = event.created;
    const { session, subscription, invoice } = event;
    if (event.type === 'checkout.session.completed' && session) {
      // The checkout links the customer and subscription; their state comes with the subscription's events.
      return {
        change: {
          provider,
          customerId: session.customerId ?? row.customerId,
          ...(session.subscriptionId && !isOtherSubscriptionLive(row, session.subscriptionId)
            ? { subscriptionId: session.subscriptionId }
            : {}),
        },
        invoice: null,
        outcome: 'linked',
      };
    }
    if (subscription) {
      if (isOtherSubscription(row, subscription.id) && servingStatuses.includes(row.status)) {
        return nothing('other-subscription');
      }
      if (isStale(row, at)) return nothing('stale');
      const deleted = event.type === 'customer.subscription.deleted';
      return {
        change: subscriptionChange(row, subscription, at, provider, deleted),
        invoice: null,
        outcome: deleted ? 'canceled' : subscription.status,
      };
    }
    if (invoice) return invoiceDecision(row, invoice, event.type === 'invoice.paid', at);
    return nothing('ignored');
  };
}

const isOtherSubscriptionLive = (row: OrganizationBillingRow, subscriptionId: string) =>
  isOtherSubscription(row, subscriptionId) && servingStatuses.includes(row.status);

/** Premium and the plan's usage prices while the subscription serves; neither once it does not. */
export async function entitlementsOf(db: Db, row: OrganizationBillingRow) {
  const serving = servingStatuses.includes(row.status);
  const plan = row.productPlanId ? await findPlan(db, row.productPlanId) : null;
  return { premium: serving && (plan?.premium ?? false), planId: serving ? (plan?.id ?? null) : null };
}

/**
 * Applies a verified provider event to the organization it names (its metadata, else the recorded customer or
 * subscription): once per event id, never regressing to an older report.
 */
export async function applySubscriptionEvent(
  deps: {
    db: Db;
    logger: FastifyBaseLogger;
    provider: string;
    /** The card processor that holds the subscriptions: a renewal's overage goes on its next invoice. */
    payments?: Pick<SubscriptionsProvider, 'addInvoiceItem'>;
  },
  event: PaymentEvent,
): Promise<{ applied: boolean; replayed: boolean; outcome: string }> {
  const { db, logger } = deps;
  if (!(subscriptionEventTypes as readonly string[]).includes(event.type)) {
    return { applied: false, replayed: false, outcome: 'ignored' };
  }
  if (event.type === 'checkout.session.completed' && event.session?.mode !== 'subscription') {
    return { applied: false, replayed: false, outcome: 'ignored' };
  }
  const named = event.session?.accountId ?? event.subscription?.accountId ?? event.invoice?.accountId ?? null;
  let accountId =
    named ??
    (await findBillingAccountByProviderIds(db, {
      subscriptionId: event.subscription?.id ?? event.invoice?.subscriptionId ?? null,
      customerId:
        event.subscription?.customerId ?? event.invoice?.customerId ?? event.session?.customerId ?? null,
    }));
  if (accountId !== null) {
    const line = await findAccountLine(db, accountId);
    if (line?.accountType !== 'organization') accountId = null;
  }
  const result = await applyEventOnce(db, event, accountId, decide(event, deps.provider), (row, tx) =>
    entitlementsOf(tx, row),
  );
  if (result.outcome === 'unmatched') {
    logger.warn({ eventId: event.id, type: event.type }, 'a billing event names no organization of ours');
  }
  // A paid invoice settles the overage it billed, whatever the state change (a late payment of an invoice that
  // failed for good, a replay, an event older than the state): money received is received, once per period.
  if (event.type === 'invoice.paid' && event.invoice && accountId !== null) {
    await settlePaidOverage(
      { ledger: createLedger(db), logger, provider: deps.provider },
      accountId,
      event.invoice,
    );
  }
  // A renewal paid: the ended period's overage is charged, once (a replayed event settles what a failed one left).
  const renewal = event.invoice;
  if (
    event.type === 'invoice.paid' &&
    renewal?.billingReason === 'subscription_cycle' &&
    renewal.periodStart !== null &&
    accountId !== null &&
    result.outcome === 'paid'
  ) {
    const billing = await findBilling(db, accountId);
    const subscriptionId = renewal.subscriptionId ?? billing?.subscriptionId ?? null;
    const customerId = renewal.customerId ?? billing?.customerId ?? null;
    const card: CardInvoice | null =
      deps.payments && subscriptionId && customerId
        ? { payments: deps.payments, provider: deps.provider, customerId, subscriptionId }
        : null;
    await chargeRenewalOverage(db, accountId, new Date(renewal.periodStart * 1000), createLedger(db), card);
  }
  return { applied: !result.replayed, ...result };
}
