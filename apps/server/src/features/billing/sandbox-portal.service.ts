import { AppError } from '../../platform/app-error';
import { SandboxPayments } from '../../providers/payments/sandbox';
import { findBilling, listInvoices } from './billing.repo';
import { findAccountLine, findPlan } from './plans.repo';
import { presentBilling, usdOfCents } from './plans.service';
import { snapshotOf, stripeWebhookPath, type BillingDeps } from './subscriptions.service';

function sandboxOf(deps: BillingDeps): SandboxPayments {
  if (!(deps.payments instanceof SandboxPayments)) {
    throw new AppError('NOT_FOUND', 'Billing goes through Stripe on this server; there is no sandbox portal');
  }
  return deps.payments;
}

function portalOf(deps: BillingDeps, portalSessionId: string) {
  const portal = sandboxOf(deps).portalSession(portalSessionId);
  if (!portal) throw new AppError('NOT_FOUND', 'No sandbox billing portal session has this id');
  return portal;
}

/** The sandbox billing portal: what Stripe's portal shows (the plan, the card on file, the invoices). */
export async function viewSandboxPortal(deps: BillingDeps, portalSessionId: string) {
  const portal = portalOf(deps, portalSessionId);
  const [organization, billing, invoices] = await Promise.all([
    findAccountLine(deps.db, portal.accountId),
    findBilling(deps.db, portal.accountId),
    listInvoices(deps.db, portal.accountId),
  ]);
  const plan = billing?.productPlanId ? await findPlan(deps.db, billing.productPlanId) : null;
  return {
    success: true as const,
    portal: {
      organizationName: organization?.name ?? '',
      planName: plan?.name ?? null,
      billing: presentBilling(portal.accountId, billing),
      paymentMethod:
        billing?.cardBrand && billing.cardLast4
          ? { brand: billing.cardBrand, last4: billing.cardLast4 }
          : null,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        amountUsd: usdOfCents(invoice.amountCents),
        status: invoice.status,
        periodStart: invoice.periodStart?.toISOString() ?? null,
        periodEnd: invoice.periodEnd?.toISOString() ?? null,
        createdAt: invoice.createdAt.toISOString(),
      })),
      returnUrl: portal.returnUrl,
    },
  };
}

/** Runs the renewal now and posts the signed events to the payments webhook, as Stripe's would arrive. */
export async function runSandboxRenewal(
  deps: BillingDeps,
  portalSessionId: string,
  outcome: 'paid' | 'failed',
) {
  const portal = portalOf(deps, portalSessionId);
  const billing = await findBilling(deps.db, portal.accountId);
  if (!billing?.subscriptionId) {
    throw new AppError('BAD_REQUEST', 'This organization has no subscription to renew');
  }
  const deliveries = sandboxOf(deps).renew(billing.subscriptionId, outcome, snapshotOf(billing));
  for (const delivery of deliveries) {
    const response = await deps.app.inject({
      method: 'POST',
      url: stripeWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
    if (response.statusCode !== 200) {
      throw new AppError('UNAVAILABLE', `The payments webhook answered ${response.statusCode}`);
    }
  }
  return {
    success: true as const,
    billing: presentBilling(portal.accountId, await findBilling(deps.db, portal.accountId)),
  };
}
