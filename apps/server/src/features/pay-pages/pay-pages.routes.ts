import { payPagesEndpoints } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, rateLimited } from '../../platform/app-error';
import { takeRateLimitSlots } from '../auth/verification-codes';
import type { FeatureContext } from '../feature';
import {
  fetchPaymentSlug,
  pendingSlugInvoice,
  publicPage,
  recordPageView,
  requestSlugInvoice,
  slugCheckoutStatus,
  type PayPagesDeps,
} from './pay-pages.service';
import { publicPageStats } from './stats.service';

const minuteMs = 60_000;

/** Calls a client address may make a minute to the pages anyone can open, by what they cost. */
const perMinute = { read: 120, invoice: 10, view: 60 } as const;

async function limit(deps: PayPagesDeps, request: FastifyRequest, kind: keyof typeof perMinute) {
  const slots = await takeRateLimitSlots(deps.db, [
    { bucket: `pay-page-${kind}-ip`, key: request.ip, limit: perMinute[kind], windowMs: minuteMs },
  ]);
  if (!slots.ok) {
    throw rateLimited(
      `Too many requests from this address: at most ${perMinute[kind]} a minute`,
      slots.retryAfterSeconds,
    );
  }
}

/**
 * Pay pages and public pages: who a slug pays, Lightning invoices paid to it, the card payment's status for the
 * payer's success page, the public page with the agent's number, view and click counts, and the owner's stats.
 * Registered by the wallet feature, which owns the providers (the sandbox node and card processor keep their
 * state in memory, so both must use the same instances).
 */
export function registerPayPages(context: Pick<FeatureContext, 'implement'>, deps: PayPagesDeps) {
  context.implement(payPagesEndpoints)({
    fetchPaymentSlug: async ({ body, ctx }) => {
      await limit(deps, ctx.request, 'read');
      return fetchPaymentSlug(deps, body.slug);
    },
    requestSlugInvoice: async ({ params, body, ctx }) => {
      await limit(deps, ctx.request, 'invoice');
      return requestSlugInvoice(deps, params.slug, body);
    },
    pendingSlugInvoice: async ({ params, query, ctx }) => {
      await limit(deps, ctx.request, 'read');
      return pendingSlugInvoice(deps, params.slug, query.paymentHash);
    },
    slugCheckoutStatus: async ({ params, ctx }) => {
      await limit(deps, ctx.request, 'read');
      return slugCheckoutStatus(deps, params.slug, params.sessionId);
    },
    publicPage: async ({ params, ctx }) => {
      await limit(deps, ctx.request, 'read');
      return publicPage(deps, params.username);
    },
    recordPageView: async ({ body, ctx }) => {
      await limit(deps, ctx.request, 'view');
      return recordPageView(deps, body);
    },
    publicPageStats: ({ query, ctx }) => {
      if (ctx.accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
      return publicPageStats(deps.db, ctx.accountId, query.days);
    },
  });
}
