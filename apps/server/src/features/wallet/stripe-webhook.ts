import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { errorBody } from '../../http/error-handler';
import { WebhookSignatureError } from '../../providers/payments/types';
import { applySubscriptionEvent } from '../billing';
import { fulfilPaymentEvent, stripeWebhookPath } from './card-checkout.service';
import { collectOwedAfterTopUp } from './owed-charges';
import type { WalletDeps } from './wallet-deps';

/**
 * POST /api/stripe/webhook: the raw body is kept as bytes (the signature covers them exactly), verified against
 * Stripe-Signature (tolerance 300 s) before anything is read from it; a missing, tampered or stale signature is
 * 400 and credits nothing. A replayed event credits once: the ledger's key is the checkout session.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  deps: WalletDeps,
  logger: FastifyBaseLogger,
): Promise<void> {
  await app.register((scope: FastifyInstance, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.post(stripeWebhookPath, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = deps.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        logger.warn({ reason: error.message }, 'a payments webhook without a valid signature was refused');
        return reply.code(400).send(errorBody('BAD_REQUEST', `Stripe-Signature: ${error.message}`));
      }
      const result = await fulfilPaymentEvent(deps, logger, event);
      const credited = event.session?.accountId;
      if (result.credited && typeof credited === 'number')
        await collectOwedAfterTopUp(deps, credited, logger);
      // Plans: the subscription's state follows the same signed events (applied once per event id).
      const billing = await applySubscriptionEvent(
        { db: deps.db, logger, provider: deps.payments.name, payments: deps.payments },
        event,
      );
      return reply.code(200).send({ received: true, ...result, billing: billing.outcome });
    });
    done();
  });
}
