import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import { usdToUnits } from '../ledger';
import { creditPayment, type PaymentCreditDeps } from './payments.service';
import { findPaymentBySession, findUsername, insertPayment } from './pay-pages.repo';

/**
 * What the wallet's card checkout asks of pay pages: record who is paying when a checkout pays an account by its
 * slug, and credit that account (less the fee) when the signed completion event arrives.
 */
export interface PayPageCardPayments {
  recordCheckout(input: {
    accountId: number;
    sessionId: string;
    amountCents: number;
    provider: string;
    email?: string | undefined;
    name?: string | undefined;
    note?: string | undefined;
  }): Promise<void>;
  creditCheckout(
    session: { id: string; accountId: number; amountCents: number },
    eventId: string,
    logger: FastifyBaseLogger,
  ): Promise<{ credited: boolean; replayed: boolean }>;
}

export function payPageCardPayments(
  deps: Omit<PaymentCreditDeps, 'logger'> & { db: Db },
): PayPageCardPayments {
  return {
    async recordCheckout(input) {
      // A retried click reuses its session: the first record stands.
      if (await findPaymentBySession(deps.db, input.sessionId)) return;
      await insertPayment(deps.db, {
        accountId: input.accountId,
        method: 'card',
        amountUnits: usdToUnits((input.amountCents / 100).toFixed(2)),
        checkoutSessionId: input.sessionId,
        provider: input.provider,
        payerEmail: input.email?.toLowerCase() ?? null,
        payerName: input.name?.trim() ? input.name.trim() : null,
        note: input.note?.trim() ? input.note.trim() : null,
      });
    },
    async creditCheckout(session, eventId, logger) {
      let payment = await findPaymentBySession(deps.db, session.id);
      // A payment link opened by another client than the pay page still pays the account it names.
      payment ??= await insertPayment(deps.db, {
        accountId: session.accountId,
        method: 'card',
        amountUnits: usdToUnits((session.amountCents / 100).toFixed(2)),
        checkoutSessionId: session.id,
      }).catch(async () => findPaymentBySession(deps.db, session.id));
      if (payment?.accountId !== session.accountId) {
        logger.warn({ sessionId: session.id }, 'a paid checkout does not match the payment recorded for it');
        return { credited: false, replayed: false };
      }
      return creditPayment(
        { ...deps, logger },
        payment,
        {
          clearing: 'card_clearing',
          key: `stripe:checkout:${session.id}`,
          metadata: { provider: 'stripe', checkoutSessionId: session.id, eventId },
        },
        (await findUsername(deps.db, session.accountId)) ?? String(session.accountId),
      );
    },
  };
}
