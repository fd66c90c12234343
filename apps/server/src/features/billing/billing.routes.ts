import { billingEndpoints, usageEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { createPayments } from '../../providers/payments/create';
import type { Feature } from '../feature';
import {
  allAvailablePlans,
  currentPlan,
  offeredPlan,
  productCatalog,
  productCatalogPlan,
} from './plans.service';
import { campaignDayStats, campaignRangeStats } from './campaign-stats.service';
import { createPlan, offerPlan, setWholesalePlan, updatePlan } from './plan-editing.service';
import { runSandboxRenewal, viewSandboxPortal } from './sandbox-portal.service';
import { billingPortalLink, cancelSubscription, subscribe, type BillingDeps } from './subscriptions.service';
import { usageReport } from './usage-stats.service';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

/**
 * Plans and subscriptions: the catalogue, the organization's available, offered and current plan, subscription
 * checkouts (Stripe or the sandbox), cancellation at the period's end and the billing portal. The subscription's
 * state follows the provider's signed events (the payments webhook hands them to `applySubscriptionEvent`).
 */
export const billingFeature: Feature = {
  name: 'billing',
  registerRoutes({ implement, app, db, config }) {
    const deps: BillingDeps = { db, payments: createPayments(config.payments, config.publicUrl), app };
    implement(billingEndpoints)({
      productCatalog: ({ ctx }) => productCatalog(db, acting(ctx.accountId)),
      productCatalogPlan: ({ params, ctx }) =>
        productCatalogPlan(db, acting(ctx.accountId), params.productPlanId),
      createPlan: ({ body, ctx }) => createPlan(db, acting(ctx.accountId), body),
      updatePlan: ({ params, body, ctx }) =>
        updatePlan(db, acting(ctx.accountId), params.productPlanId, body),
      offerPlan: ({ body, ctx }) => offerPlan(db, acting(ctx.accountId), body),
      wholesalePlan: ({ body, ctx }) => setWholesalePlan(db, acting(ctx.accountId), body),
      currentPlan: ({ ctx }) => currentPlan(db, acting(ctx.accountId), deps.payments.sandbox),
      offeredPlan: ({ ctx }) => offeredPlan(db, acting(ctx.accountId)),
      allAvailablePlans: ({ ctx }) => allAvailablePlans(db, acting(ctx.accountId)),
      subscribe: ({ body, ctx }) => subscribe(deps, acting(ctx.accountId), body),
      cancelSubscription: ({ body, ctx }) => cancelSubscription(deps, acting(ctx.accountId), body),
      billingPortalLink: ({ body, ctx }) => billingPortalLink(deps, acting(ctx.accountId), body.redirectUrl),
      sandboxBillingPortal: ({ params }) => viewSandboxPortal(deps, params.portalSessionId),
      sandboxRenewal: ({ params, body }) => runSandboxRenewal(deps, params.portalSessionId, body.outcome),
    });
    implement(usageEndpoints)({
      usageStats: ({ query, ctx }) => usageReport(db, acting(ctx.accountId), query),
      campaignStats: ({ params, query, ctx }) =>
        campaignDayStats(db, acting(ctx.accountId), params.date, query.campaignId),
      campaignStatsRange: ({ body, ctx }) => campaignRangeStats(db, acting(ctx.accountId), body),
    });
  },
};
