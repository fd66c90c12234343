import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { errorBody } from '../../http/error-handler';
import { ProviderUnreachable } from '../../providers/payouts/types';
import { findPayoutByRef } from './payouts.repo';
import { applyOutcome, type PayoutDeps } from './payouts.service';

export const paypalWebhookPath = '/api/paypal/webhook';

function batchOf(event: unknown): string | null {
  const resource = ((event as { resource?: unknown } | null)?.resource ?? {}) as {
    payout_batch_id?: unknown;
    batch_header?: { payout_batch_id?: unknown };
  };
  const id = resource.payout_batch_id ?? resource.batch_header?.payout_batch_id;
  return typeof id === 'string' ? id : null;
}

/**
 * POST /api/paypal/webhook: PAYMENT.PAYOUTSBATCH.* and PAYMENT.PAYOUTS-ITEM.* events. Each delivery is confirmed
 * with PayPal (verify-webhook-signature) and then the batch is read back from PayPal, which decides: paid posts
 * the held transfer, failed voids it, and a paid item later returned or reversed is credited back once.
 */
export function registerPaypalWebhook(
  app: FastifyInstance,
  deps: PayoutDeps,
  logger: FastifyBaseLogger,
): void {
  app.post(paypalWebhookPath, async (request, reply) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
    const verified = await deps.providers.paypal
      .verifyWebhook(headers, request.body)
      .catch((error: unknown) => {
        if (error instanceof ProviderUnreachable) return null;
        throw error;
      });
    if (verified === null) return reply.code(503).send(errorBody('UNAVAILABLE', 'PayPal could not be asked'));
    if (!verified) {
      logger.warn('a PayPal webhook that PayPal did not confirm was refused');
      return reply.code(400).send(errorBody('BAD_REQUEST', 'The webhook signature could not be verified'));
    }
    const batch = batchOf(request.body);
    const payout = batch ? await findPayoutByRef(deps.db, batch) : null;
    if (!payout || !batch) return reply.code(200).send({ received: true, matched: false });
    let status: string;
    try {
      const outcome = await deps.providers.paypal.check(batch);
      status = (await applyOutcome(deps, payout, outcome)).status;
    } catch (error) {
      if (!(error instanceof ProviderUnreachable)) throw error;
      return reply.code(503).send(errorBody('UNAVAILABLE', error.message));
    }
    return reply.code(200).send({ received: true, matched: true, status });
  });
}
